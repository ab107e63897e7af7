// Ported near-verbatim from swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift.
// Copyright (c) 2022 Apple Inc. and the Swift project authors. Licensed under Apache License v2.0 with Runtime Library Exception (https://swift.org/LICENSE.txt).
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.

import AsyncAlgorithms
import CorpusSupport
import Testing

@Suite struct TestThrowingChannel: XCTestCaseShim {
  init() {}

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift: TestThrowingChannel.test_asyncThrowingChannel_resumes_consumers_when_fail_is_called
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift TestThrowingChannel.test_asyncThrowingChannel_resumes_consumers_when_fail_is_called", limit: 5_000, run: { try await TestThrowingChannel().test_asyncThrowingChannel_resumes_consumers_when_fail_is_called() }))
  func test_asyncThrowingChannel_resumes_consumers_when_fail_is_called() async throws {
    // Given: an AsyncThrowingChannel
    let sut = AsyncThrowingChannel<Int, Error>()

    // Given: 2 suspended iterations
    let task1 = Task<Int?, Error> {
      var iterator = sut.makeAsyncIterator()
      return try await iterator.next()
    }

    let task2 = Task<Int?, Error> {
      var iterator = sut.makeAsyncIterator()
      return try await iterator.next()
    }

    // When: failing the channel
    sut.fail(Failure())

    // Then: the iterations are resumed with the error
    do {
      _ = try await task1.value
    } catch {
      XCTAssertEqual(error as? Failure, Failure())
    }

    do {
      _ = try await task2.value
    } catch {
      XCTAssertEqual(error as? Failure, Failure())
    }

    // When: requesting a next value
    var iterator = sut.makeAsyncIterator()
    let pastFailure = try await iterator.next()

    // Then: the past failure is nil
    XCTAssertNil(pastFailure)
  }

  // swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift: TestThrowingChannel.test_asyncThrowingChannel_resumes_consumer_with_error_when_already_failed
  @Test(.corpus("swift-async-algorithms 1.1.4 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift TestThrowingChannel.test_asyncThrowingChannel_resumes_consumer_with_error_when_already_failed", limit: 5_000, run: { try await TestThrowingChannel().test_asyncThrowingChannel_resumes_consumer_with_error_when_already_failed() }))
  func test_asyncThrowingChannel_resumes_consumer_with_error_when_already_failed() async throws {
    // Given: an AsyncThrowingChannel that is failed
    let sut = AsyncThrowingChannel<Int, Error>()
    sut.fail(Failure())

    var iterator = sut.makeAsyncIterator()

    // When: requesting the next element
    do {
      _ = try await iterator.next()
    } catch {
      // Then: the iteration is resumed with the error
      XCTAssertEqual(error as? Failure, Failure())
    }

    // When: requesting the next element past failure
    do {
      let pastFailure = try await iterator.next()
      // Then: the past failure is nil
      XCTAssertNil(pastFailure)
    } catch {
      XCTFail("The past failure should not throw")
    }
  }
}
