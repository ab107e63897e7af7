//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftOpenAPIGenerator open source project
//
// Copyright (c) 2023 Apple Inc. and the SwiftOpenAPIGenerator project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftOpenAPIGenerator project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift.org open source project
//
// Copyright (c) 2020-2021 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
// See https://swift.org/CONTRIBUTORS.txt for the list of Swift project authors
//
//===----------------------------------------------------------------------===//
// BugBench: from apple/swift-openapi-urlsession,
// Tests/OpenAPIURLSessionTests/AsyncBackpressuredStreamTests/AsyncBackpressuredStreamTests.swift at
// b1d5cfaf6e59289406575f731d2030711f895559 (the fix, PR #27, which added this test):
// AsyncBackpressuredStreamTests.testWritingOverWatermark.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`;
// `@testable import OpenAPIURLSession` removed (the kernel is compiled into this module);
// `final class AsyncBackpressuredStreamTests: XCTestCase {` →
// `@Suite struct AsyncBackpressuredStreamTests: XCTestCaseShim {`; `@Test(.bugBench)` on the kept
// test; every other test of the file, and the file's CustomStringConvertible extensions and
// `collect()` helper (which this test does not use), left out.
import BugBenchSupport
import Testing

@Suite struct AsyncBackpressuredStreamTests: XCTestCaseShim {
    @Test(.bugBench)
    func testWritingOverWatermark() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let (stream, continuation) = AsyncBackpressuredStream<Int, any Error>
                .makeStream(backPressureStrategy: .highLowWatermark(lowWatermark: 1, highWatermark: 1))

            group.addTask {
                for i in 1...10 {
                    debug("Producer writing element \(i)...")
                    let writeResult = try continuation.write(contentsOf: CollectionOfOne(i))
                    debug("Producer wrote element \(i), result = \(writeResult)")
                    // ignore backpressure result and write again anyway
                }
                debug("Producer finished")
                continuation.finish(throwing: nil)
            }

            var iterator = stream.makeAsyncIterator()
            var numElementsConsumed = 0
            var expectedNextValue = 1
            while true {
                debug("Consumer reading element...")
                guard let element = try await iterator.next() else { break }
                XCTAssertEqual(element, expectedNextValue)
                debug("Consumer read element: \(element), expected: \(expectedNextValue)")
                numElementsConsumed += 1
                expectedNextValue += 1
            }
            XCTAssertEqual(numElementsConsumed, 10)

            group.cancelAll()
        }
    }
}
