// From apple/swift-async-algorithms, Tests/AsyncAlgorithmsTests/TestZip.swift at
// ffa6ee9f0bec1ebe569bd8815e6a7d406e929e53 (the parent of the fix 7e45005, #254, which left the
// tests unchanged): TestZip2.test_zip_produces_one_element_and_throws_when_first_produces_one_element_and_throws.
// Helpers Failure.swift and Asserts.swift (Tests/AsyncAlgorithmsTests/Support/, same commit) beside it.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import AsyncAlgorithms`
// removed (the kernel is compiled into this module); `final class TestZip2: XCTestCase {` →
// `@Suite struct TestZip2: XCTestCaseShim {`; `@Test(.bugBench)` on the kept test; every other
// test of the file left out.

//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Async Algorithms open source project
//
// Copyright (c) 2022 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

import BugBenchSupport
import Testing

@Suite struct TestZip2: XCTestCaseShim {
  @Test(.bugBench)
  func test_zip_produces_one_element_and_throws_when_first_produces_one_element_and_throws() async throws {
    let a = [1, 2, 3]
    let b = ["a", "b", "c"]
    let sequence = zip(a.async.map { try throwOn(2, $0) }, b.async)
    var iterator = sequence.makeAsyncIterator()

    let expected = [(1, "a")]
    var collected = [(Int, String)]()
    do {
      while let item = try await iterator.next() {
        collected.append(item)
      }
      XCTFail("Zipped sequence should throw after one collected element")
    } catch {
      XCTAssertEqual(Failure(), error as? Failure)
    }
    XCTAssertEqual(expected, collected)

    let pastEnd = try await iterator.next()
    XCTAssertNil(pastEnd)
  }
}
