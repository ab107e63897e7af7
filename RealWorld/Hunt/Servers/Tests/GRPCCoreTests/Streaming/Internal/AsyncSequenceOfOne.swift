// Ported from grpc-swift-2 2.4.3, Tests/GRPCCoreTests/Streaming/Internal/AsyncSequenceOfOne.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - the `@available(gRPCSwift 2.0, *)` line before class AsyncSequenceOfOneTests dropped (Swift Testing refuses `@Suite` under it).
// - `class AsyncSequenceOfOneTests: XCTestCase` → `@Suite class AsyncSequenceOfOneTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 2 `test…()` methods.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

/*
 * Copyright 2023, gRPC Authors All rights reserved.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

import DispatchableTesting
import Foundation
import HuntSupport
import Testing

@testable import GRPCCore

@Suite internal final class AsyncSequenceOfOneTests: XCTestCaseShim, @unchecked Sendable {
  @Test(.explored(schedules: 300, seed: 1)) func testSuccessPath() async throws {
    let sequence = RPCAsyncSequence<String, any Error>.one("foo")
    let contents = try await sequence.collect()
    XCTAssertEqual(contents, ["foo"])
  }

  @Test(.explored(schedules: 300, seed: 1)) func testFailurePath() async throws {
    let error = RPCError(code: .cancelled, message: "foo")
    let sequence = RPCAsyncSequence<String, any Error>.throwing(error)

    do {
      let _ = try await sequence.collect()
      XCTFail("Expected an error to be thrown")
    } catch let error as RPCError {
      XCTAssertEqual(error.code, .cancelled)
      XCTAssertEqual(error.message, "foo")
    } catch {
      XCTFail("Expected error of type RPCError to be thrown")
    }
  }
}
