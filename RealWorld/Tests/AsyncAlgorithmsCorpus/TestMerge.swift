// Ported near-verbatim from swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestMerge.swift.
// Copyright (c) 2022 Apple Inc. and the Swift project authors. Licensed under Apache License v2.0 with Runtime Library Exception (https://swift.org/LICENSE.txt).
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.

import AsyncAlgorithms
import CorpusSupport
import Testing

@Suite struct TestMerge2: XCTestCaseShim {
  init() {}

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestMerge.swift: TestMerge2.test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge2.test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size", limit: 5_000, run: { await TestMerge2().test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size() }))
  func test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size() async {
    let first = [1, 2, 3]
    let second = [4, 5, 6]

    let merged = merge(first.async, second.async)
    var collected = [Int]()
    let expected = Set(first + second).sorted()

    var iterator = merged.makeAsyncIterator()
    while let item = await iterator.next() {
      collected.append(item)
    }
    let pastEnd = await iterator.next()

    XCTAssertNil(pastEnd)
    XCTAssertEqual(Set(collected).sorted(), expected)
  }

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestMerge.swift: TestMerge2.test_merge_produces_three_elements_from_first_and_throws_when_first_is_longer_and_throws_after_three_elements
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge2.test_merge_produces_three_elements_from_first_and_throws_when_first_is_longer_and_throws_after_three_elements", limit: 5_000, run: { try await TestMerge2().test_merge_produces_three_elements_from_first_and_throws_when_first_is_longer_and_throws_after_three_elements() }))
  func test_merge_produces_three_elements_from_first_and_throws_when_first_is_longer_and_throws_after_three_elements()
    async throws
  {
    let first = [1, 2, 3, 4, 5]
    let second = [6, 7, 8]

    let merged = merge(first.async.map { try throwOn(4, $0) }, second.async)
    var collected = Set<Int>()
    let expected = Set([1, 2, 3])

    var iterator = merged.makeAsyncIterator()
    do {
      while let item = try await iterator.next() {
        collected.insert(item)
      }
      XCTFail("Merged sequence should throw after collecting three first elements from the first sequence")
    } catch {
      XCTAssertEqual(Failure(), error as? Failure)
    }
    let pastEnd = try await iterator.next()

    XCTAssertNil(pastEnd)
    XCTAssertEqual(collected.intersection(expected), expected)
  }

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestMerge.swift: TestMerge2.test_merge_finishes_when_iteration_task_is_cancelled
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge2.test_merge_finishes_when_iteration_task_is_cancelled", schedules: 300, run: { await TestMerge2().test_merge_finishes_when_iteration_task_is_cancelled() }))
  func test_merge_finishes_when_iteration_task_is_cancelled() async {
    let source1 = Indefinite(value: "test1")
    let source2 = Indefinite(value: "test2")
    let sequence = merge(source1.async, source2.async)
    let finished = expectation(description: "finished")
    let iterated = expectation(description: "iterated")
    let task = Task {
      var firstIteration = false
      for await _ in sequence {
        if !firstIteration {
          firstIteration = true
          iterated.fulfill()
        }
      }
      finished.fulfill()
    }
    // ensure the other task actually starts
    await fulfillment(of: [iterated], timeout: 1.0)
    // cancellation should ensure the loop finishes
    // without regards to the remaining underlying sequence
    task.cancel()
    await fulfillment(of: [finished], timeout: 1.0)
  }
}
