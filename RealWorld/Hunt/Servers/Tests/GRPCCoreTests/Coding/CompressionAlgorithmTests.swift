// Ported from grpc-swift-2 2.4.3, Tests/GRPCCoreTests/Coding/CompressionAlgorithmTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - the `@available(gRPCSwift 2.0, *)` line before class CompressionAlgorithmTests dropped (Swift Testing refuses `@Suite` under it).
// - `class CompressionAlgorithmTests: XCTestCase` → `@Suite class CompressionAlgorithmTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 3 `test…()` methods.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

/*
 * Copyright 2024, gRPC Authors All rights reserved.
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
import GRPCCore
import Foundation
import HuntSupport
import Testing

@Suite final class CompressionAlgorithmTests: XCTestCaseShim, @unchecked Sendable {
  @Test(.explored(schedules: 300, seed: 1)) func testCompressionAlgorithmSetContains() {
    var algorithms = CompressionAlgorithmSet()
    XCTAssertFalse(algorithms.contains(.gzip))
    XCTAssertFalse(algorithms.contains(.deflate))
    XCTAssertFalse(algorithms.contains(.none))

    algorithms.formUnion(.gzip)
    XCTAssertTrue(algorithms.contains(.gzip))
    XCTAssertFalse(algorithms.contains(.deflate))
    XCTAssertFalse(algorithms.contains(.none))

    algorithms.formUnion(.deflate)
    XCTAssertTrue(algorithms.contains(.gzip))
    XCTAssertTrue(algorithms.contains(.deflate))
    XCTAssertFalse(algorithms.contains(.none))

    algorithms.formUnion(.none)
    XCTAssertTrue(algorithms.contains(.gzip))
    XCTAssertTrue(algorithms.contains(.deflate))
    XCTAssertTrue(algorithms.contains(.none))
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCompressionAlgorithmSetElements() {
    var algorithms = CompressionAlgorithmSet.all
    XCTAssertEqual(Array(algorithms.elements), [.none, .deflate, .gzip])

    algorithms.subtract(.deflate)
    XCTAssertEqual(Array(algorithms.elements), [.none, .gzip])

    algorithms.subtract(.none)
    XCTAssertEqual(Array(algorithms.elements), [.gzip])

    algorithms.subtract(.gzip)
    XCTAssertEqual(Array(algorithms.elements), [])
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCompressionAlgorithmSetElementsIgnoresUnknownBits() {
    let algorithms = CompressionAlgorithmSet(rawValue: .max)
    XCTAssertEqual(Array(algorithms.elements), [.none, .deflate, .gzip])
  }
}
