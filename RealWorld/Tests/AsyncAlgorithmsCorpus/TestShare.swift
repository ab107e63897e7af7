// Ported near-verbatim from swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestShare.swift.
// Copyright (c) 2022 Apple Inc. and the Swift project authors. Licensed under Apache License v2.0 with Runtime Library Exception (https://swift.org/LICENSE.txt).
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.

import AsyncAlgorithms
import CorpusSupport
import Synchronization
import Testing

@Suite struct TestShare: XCTestCaseShim {
  init() {}

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestShare.swift: TestShare.test_share_delivers_elements_to_multiple_consumers
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestShare.swift TestShare.test_share_delivers_elements_to_multiple_consumers", schedules: 300, run: { await TestShare().test_share_delivers_elements_to_multiple_consumers() }))
  func test_share_delivers_elements_to_multiple_consumers() async {
    let source = [1, 2, 3, 4, 5]
    let shared = source.async.share()
    let gate1 = Gate()
    let gate2 = Gate()

    async let consumer1 = Task.detached {
      var results = [Int]()
      var iterator = shared.makeAsyncIterator()
      gate1.open()
      await gate2.enter()
      while let value = await iterator.next(isolation: nil) {
        results.append(value)
      }
      return results
    }

    async let consumer2 = Task.detached {
      var results = [Int]()
      var iterator = shared.makeAsyncIterator()
      gate2.open()
      await gate1.enter()
      while let value = await iterator.next(isolation: nil) {
        results.append(value)
      }
      return results
    }
    let results1 = await consumer1.value
    let results2 = await consumer2.value

    XCTAssertEqual(results1, [1, 2, 3, 4, 5])
    XCTAssertEqual(results2, [1, 2, 3, 4, 5])
  }

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestShare.swift: TestShare.test_share_with_single_consumer
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestShare.swift TestShare.test_share_with_single_consumer", limit: 5_000, run: { await TestShare().test_share_with_single_consumer() }))
  func test_share_with_single_consumer() async {
    let source = [1, 2, 3, 4, 5]
    let shared = source.async.share()

    var results = [Int]()
    for await value in shared {
      results.append(value)
    }

    XCTAssertEqual(results, [1, 2, 3, 4, 5])
  }
}
