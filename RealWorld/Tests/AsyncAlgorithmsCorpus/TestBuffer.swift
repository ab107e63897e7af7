// Ported near-verbatim from swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestBuffer.swift.
// Copyright (c) 2022 Apple Inc. and the Swift project authors. Licensed under Apache License v2.0 with Runtime Library Exception (https://swift.org/LICENSE.txt).
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.

import AsyncAlgorithms
import CorpusSupport
import Testing

/// Finding 5 (README): a task that never suspends starves the test's cancel.
private let SPINS = "the buffer's producer (and its consumer) never suspend: the test's task.cancel() cannot run while they do"

@Suite struct TestBuffer: XCTestCaseShim {
  init() {}

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestBuffer.swift: TestBuffer.test_given_a_base_sequence_when_buffering_with_unbounded_then_the_buffer_is_filled_in
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestBuffer.swift TestBuffer.test_given_a_base_sequence_when_buffering_with_unbounded_then_the_buffer_is_filled_in", limit: 5_000, run: { await TestBuffer().test_given_a_base_sequence_when_buffering_with_unbounded_then_the_buffer_is_filled_in() }))
  func test_given_a_base_sequence_when_buffering_with_unbounded_then_the_buffer_is_filled_in() async {
    // Given
    var base = GatedSequence([1, 2, 3, 4, 5])
    let buffered = base.buffer(policy: .unbounded)
    var iterator = buffered.makeAsyncIterator()

    // When
    base.advance()

    // Then
    var value = await iterator.next()
    XCTAssertEqual(value, 1)

    // When
    base.advance()
    base.advance()
    base.advance()

    // Then
    value = await iterator.next()
    XCTAssertEqual(value, 2)

    value = await iterator.next()
    XCTAssertEqual(value, 3)

    value = await iterator.next()
    XCTAssertEqual(value, 4)

    // When
    base.advance()
    base.advance()

    // Then
    value = await iterator.next()
    XCTAssertEqual(value, 5)
    value = await iterator.next()
    XCTAssertEqual(value, nil)

    let pastEnd = await iterator.next()
    XCTAssertEqual(value, pastEnd)
  }

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestBuffer.swift: TestBuffer.test_given_a_buffered_with_unbounded_sequence_when_cancelling_consumer_then_the_iteration_finishes_and_the_base_is_cancelled
  // Finds a job that never suspends (README, finding 5): the buffer's producer iterates Indefinite(...).async
  // until cancelled, and the consumer's loop finds an element every time; run before the test's task.cancel(),
  // either holds its thread for good. Unexplored, the test hung 9 runs in 10 on a cooperative pool of width 1.
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestBuffer.swift TestBuffer.test_given_a_buffered_with_unbounded_sequence_when_cancelling_consumer_then_the_iteration_finishes_and_the_base_is_cancelled", schedules: 300, expecting: .finds(.stepLimitExceeded, why: SPINS), run: { await TestBuffer().test_given_a_buffered_with_unbounded_sequence_when_cancelling_consumer_then_the_iteration_finishes_and_the_base_is_cancelled() }))
  func
    test_given_a_buffered_with_unbounded_sequence_when_cancelling_consumer_then_the_iteration_finishes_and_the_base_is_cancelled()
    async
  {
    // Given
    let buffered = Indefinite(value: 1).async.buffer(policy: .unbounded)

    let finished = expectation(description: "finished")
    let iterated = expectation(description: "iterated")

    let task = Task {
      var firstIteration = false
      for await _ in buffered {
        if !firstIteration {
          firstIteration = true
          iterated.fulfill()
        }
      }
      finished.fulfill()
    }
    // ensure the task actually starts
    await fulfillment(of: [iterated], timeout: 1.0)

    // When
    task.cancel()

    // Then
    await fulfillment(of: [finished], timeout: 1.0)
  }
}
