// From apple/swift-async-algorithms, Tests/AsyncAlgorithmsTests/TestShare.swift at
// 2de50036f67c848aac927964bdad26448fbdd218 (the fix, #387, which added this test):
// TestShare.test_share_with_no_buffering. Its helper Gate.swift (Tests/AsyncAlgorithmsTests/
// Support/, same commit) is beside it.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import AsyncAlgorithms`
// removed (the kernel is compiled into this module); `final class TestShare: XCTestCase {` →
// `@Suite struct TestShare: XCTestCaseShim {`; `@Test(.bugBench)` on the kept test; every other
// test of the file left out (test_share_with_no_buffering_multiple, which calls it 10 times, too);
// the suite's `@available(macOS 15.0, *)` removed (Swift Testing refuses `@Suite`/`@Test` on a type
// marked so; the BugBench package's platforms are macOS 15 already, and Linux ignores it).

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

#if compiler(>=6.2)

import BugBenchSupport
import Testing
import Synchronization

@Suite struct TestShare: XCTestCaseShim {

  @Test(.bugBench)
  func test_share_with_no_buffering() async {
    let shared = [1, 2, 3, 4, 5].async.share(bufferingPolicy: .bounded(0))

    let expectation1 = XCTestExpectation(description: "Consumer 1 finished looping")
    let expectation2 = XCTestExpectation(description: "Consumer 2 finished looping")

    let results1 = Mutex([Int]())
    let results2 = Mutex([Int]())
    let gate1 = Gate()
    let gate2 = Gate()

    let consumer1 = Task {
      var iterator = shared.makeAsyncIterator()
      gate2.open()
      await gate1.enter()
      while let value = await iterator.next(isolation: nil) {
        results1.withLock { $0.append(value) }
        // Add some delay to consumer 1
        try? await Task.sleep(for: .milliseconds(1))
      }
      expectation1.fulfill()
    }

    let consumer2 = Task {
      var iterator = shared.makeAsyncIterator()
      gate1.open()
      await gate2.enter()
      while let value = await iterator.next(isolation: nil) {
        results2.withLock { $0.append(value) }
      }
      expectation2.fulfill()
    }

    await fulfillment(of: [expectation1, expectation2], timeout: 5)

    await consumer1.value
    await consumer2.value

    // Both consumers should receive all elements
    XCTAssertEqual(results1.withLock { $0 }.sorted(), [1, 2, 3, 4, 5])
    XCTAssertEqual(results2.withLock { $0 }.sorted(), [1, 2, 3, 4, 5])
  }
}

#endif
