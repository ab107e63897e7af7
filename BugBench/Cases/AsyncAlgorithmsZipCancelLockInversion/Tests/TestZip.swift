// From apple/swift-async-algorithms, Tests/AsyncAlgorithmsTests/TestZip.swift at
// 5bbdcc1d37990cca524852c5a3924c02fa2da983 (the parent of the fix da4e36f, #303, which left the
// tests unchanged): TestZip2.test_zip_finishes_when_iteration_task_is_cancelled. Its helper
// Indefinite.swift (Tests/AsyncAlgorithmsTests/Support/, same commit) is beside it.
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
  func test_zip_finishes_when_iteration_task_is_cancelled() async {
    let source1 = Indefinite(value: "test1")
    let source2 = Indefinite(value: "test2")
    let sequence = zip(source1.async, source2.async)
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
