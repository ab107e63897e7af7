// From apple/swift-async-algorithms, Tests/AsyncAlgorithmsTests/TestCombineLatest.swift at
// ca2ac6049500a7275e7db93b6b2bbb7a88dbaf5a (the fix, #250, which added this test):
// TestCombineLatest2.test_combineLatest_when_cancelled. Its helper Indefinite.swift
// (Tests/AsyncAlgorithmsTests/Support/, same commit) is beside it.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import AsyncAlgorithms`
// removed (the kernel is compiled into this module); `final class TestCombineLatest2: XCTestCase {`
// → `@Suite struct TestCombineLatest2: XCTestCaseShim {`; `@Test(.bugBench)` on the kept test;
// every other test of the file left out.

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

@Suite struct TestCombineLatest2: XCTestCaseShim {
    @Test(.bugBench)
    func test_combineLatest_when_cancelled() async {
        let t = Task {
          try? await Task.sleep(nanoseconds: 1_000_000_000)
            let c1 = Indefinite(value: "test1").async
            let c2 = Indefinite(value: "test1").async
          for await _ in combineLatest(c1, c2) {}
        }
        t.cancel()
    }
}
