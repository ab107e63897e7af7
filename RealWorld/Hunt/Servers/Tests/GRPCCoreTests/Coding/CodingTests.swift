// Ported from grpc-swift-2 2.4.3, Tests/GRPCCoreTests/Coding/CodingTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - the `@available(gRPCSwift 2.0, *)` line before class CodingTests dropped (Swift Testing refuses `@Suite` under it).
// - `class CodingTests: XCTestCase` → `@Suite class CodingTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 1 `test…()` methods.
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
import GRPCCore
import Foundation
import HuntSupport
import Testing

@Suite final class CodingTests: XCTestCaseShim, @unchecked Sendable {
  @Test(.explored(schedules: 300, seed: 1)) func testJSONRoundtrip() throws {
    // This test just demonstrates that the API is suitable.

    struct Message: Codable, Hashable {
      var foo: String
      var bar: Int
      var baz: Baz

      struct Baz: Codable, Hashable {
        var bazzy: Double
      }
    }

    let message = Message(foo: "foo", bar: 42, baz: .init(bazzy: 3.1415))

    let serializer = JSONSerializer<Message>()
    let deserializer = JSONDeserializer<Message>()

    let bytes = try serializer.serialize(message) as [UInt8]
    let roundTrip = try deserializer.deserialize(bytes)
    XCTAssertEqual(roundTrip, message)
  }
}
