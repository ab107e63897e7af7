// From apple/swift-async-algorithms, Tests/AsyncAlgorithmsTests/TestChannel.swift at
// 0fda7f3e0b3ece739a74bbde6946daa97c2a663a (the parent of the fix de73225; the fix #80 left the
// test unchanged): TestChannel.test_cancellation.
// Changes: `@preconcurrency import XCTest` → `import BugBenchSupport` + `import Testing`;
// `import AsyncAlgorithms` removed (the kernel is compiled into this module);
// `final class TestChannel: XCTestCase {` → `@Suite struct TestChannel: XCTestCaseShim {`;
// `@Test(.bugBench)` on the kept test; every other test of the file left out.

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

@Suite struct TestChannel: XCTestCaseShim {
  @Test(.bugBench)
  func test_cancellation() async {
    let channel = AsyncChannel<String>()
    let ready = expectation(description: "ready")
    let task: Task<String?, Never> = Task {
      var iterator = channel.makeAsyncIterator()
      ready.fulfill()
      return await iterator.next()
    }
    wait(for: [ready], timeout: 1.0)
    task.cancel()
    let value = await task.value
    XCTAssertNil(value)
  }
}
