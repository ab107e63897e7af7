// Ported from grpc-swift-2 2.4.3, Tests/GRPCCoreTests/Internal/Result+CatchingTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - the `@available(gRPCSwift 2.0, *)` line before class ResultCatchingTests dropped (Swift Testing refuses `@Suite` under it).
// - `class ResultCatchingTests: XCTestCase` → `@Suite class ResultCatchingTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 5 `test…()` methods.
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

@Suite final class ResultCatchingTests: XCTestCaseShim, @unchecked Sendable {
  @Test(.explored(schedules: 300, seed: 1)) func testResultCatching() async {
    let result = await Result {
      try? await Task.sleep(for: .nanoseconds(1), tolerance: .zero)
      throw RPCError(code: .unknown, message: "foo")
    }

    switch result {
    case .success:
      XCTFail()
    case .failure(let error):
      XCTAssertEqual(error as? RPCError, RPCError(code: .unknown, message: "foo"))
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCastToErrorOfCorrectType() async {
    let result = Result<Void, any Error>.failure(RPCError(code: .unknown, message: "foo"))
    let typedFailure = result.castError(to: RPCError.self) { _ in
      XCTFail("buildError(_:) was called")
      return RPCError(code: .failedPrecondition, message: "shouldn't happen")
    }

    switch typedFailure {
    case .success:
      XCTFail()
    case .failure(let error):
      XCTAssertEqual(error, RPCError(code: .unknown, message: "foo"))
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCastToErrorOfIncorrectType() async {
    struct WrongError: Error {}
    let result = Result<Void, any Error>.failure(WrongError())
    let typedFailure = result.castError(to: RPCError.self) { _ in
      return RPCError(code: .invalidArgument, message: "fallback")
    }

    switch typedFailure {
    case .success:
      XCTFail()
    case .failure(let error):
      XCTAssertEqual(error, RPCError(code: .invalidArgument, message: "fallback"))
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCastOrConvertRPCErrorConvertible() {
    struct ConvertibleError: Error, RPCErrorConvertible {
      let rpcErrorCode: RPCError.Code = .unknown
      let rpcErrorMessage = "foo"
    }

    let result = Result<Void, any Error>.failure(ConvertibleError())
    let typedFailure = result.castOrConvertRPCError { _ in
      XCTFail("buildError(_:) was called")
      return RPCError(code: .failedPrecondition, message: "shouldn't happen")
    }

    switch typedFailure {
    case .success:
      XCTFail()
    case .failure(let error):
      XCTAssertEqual(error, RPCError(code: .unknown, message: "foo"))
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCastOrConvertToErrorOfIncorrectType() async {
    struct WrongError: Error {}
    let result = Result<Void, any Error>.failure(WrongError())
    let typedFailure = result.castOrConvertRPCError { _ in
      return RPCError(code: .invalidArgument, message: "fallback")
    }

    switch typedFailure {
    case .success:
      XCTFail()
    case .failure(let error):
      XCTAssertEqual(error, RPCError(code: .invalidArgument, message: "fallback"))
    }
  }
}
