// Ported near-verbatim from swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/ActorIsolatedTests.swift.
// Copyright (c) 2023 Point-Free. MIT License.
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.

import ConcurrencyExtras
import CorpusSupport
import Testing

@Suite struct ActorIsolatedTests: XCTestCaseShim {
  init() {}

  // swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/ActorIsolatedTests.swift: ActorIsolatedTests.testAsyncWithValue
  @Test(.corpus("swift-concurrency-extras 1.4.3 Tests/ConcurrencyExtrasTests/ActorIsolatedTests.swift ActorIsolatedTests.testAsyncWithValue", limit: 5_000, run: { await ActorIsolatedTests().testAsyncWithValue() }))
  func testAsyncWithValue() async {
    let numbers = ActorIsolated<Set<Int>>([])

    await numbers.setValue([0])

    let task1 = Task {
      await numbers.withValue {
        _ = $0.insert(1)
      }
    }
    let task2 = Task {
      await numbers.withValue {
        _ = $0.insert(2)
      }
    }
    let task3 = Task {
      await numbers.withValue {
        _ = $0.insert(3)
      }
    }

    await task1.value
    await task2.value
    await task3.value
    let value = await numbers.value
    XCTAssertEqual(value, [0, 1, 2, 3])
  }
}
