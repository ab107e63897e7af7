// From apple/swift-nio, Tests/NIOCoreTests/AsyncSequences/NIOThrowingAsyncSequenceTests.swift at
// 6431296d6b820b6d99069d2f640704130d3a01cd (the fix #2258, which added the test):
// NIOThrowingAsyncSequenceProducerTests.testSourceDeinited_whenStreaming_andSuspended, with the
// class's stored properties, setUp and tearDown.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import NIOCore` removed
// (the kernel is compiled into this module); the file's `#if compiler(>=5.5.2) &&
// canImport(_Concurrency)` / `#endif` dropped; `final class NIOThrowingAsyncSequenceProducerTests:
// XCTestCase {` → `@Suite final class NIOThrowingAsyncSequenceProducerTests: XCTestCaseShim {` (a
// class, not a struct: setUp and the test assign the stored properties); `override` and
// `super.setUp()` / `super.tearDown()` dropped from setUp and tearDown, which the test body now
// calls at its start and end; `@Test(.bugBench)` on the kept test; every other test left out. The
// mocks it uses are in NIOAsyncSequenceTestsMocks.swift.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2022 Apple Inc. and the SwiftNIO project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftNIO project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import BugBenchSupport
import Testing

@Suite final class NIOThrowingAsyncSequenceProducerTests: XCTestCaseShim {
    private var backPressureStrategy: MockNIOElementStreamBackPressureStrategy!
    private var delegate: MockNIOBackPressuredStreamSourceDelegate!
    private var sequence: NIOThrowingAsyncSequenceProducer<
        Int,
        Error,
        MockNIOElementStreamBackPressureStrategy,
        MockNIOBackPressuredStreamSourceDelegate
    >!
    private var source: NIOThrowingAsyncSequenceProducer<
        Int,
        Error,
        MockNIOElementStreamBackPressureStrategy,
        MockNIOBackPressuredStreamSourceDelegate
    >.Source!

    func setUp() {
        self.backPressureStrategy = .init()
        self.delegate = .init()
        let result = NIOThrowingAsyncSequenceProducer.makeSequence(
            elementType: Int.self,
            failureType: Error.self,
            backPressureStrategy: self.backPressureStrategy,
            delegate: self.delegate
        )
        self.source = result.source
        self.sequence = result.sequence
    }

    func tearDown() {
        self.backPressureStrategy = nil
        self.delegate = nil
        self.sequence = nil
    }

    @Test(.bugBench)
    func testSourceDeinited_whenStreaming_andSuspended() async throws {
        self.setUp()
        // We are registering our demand and sleeping a bit to make
        // sure the other child task runs when the demand is registered
        let sequence = try XCTUnwrap(self.sequence)
        let element: Int? = try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask {
                let element = try await sequence.first { _ in true }
                return element
            }

            try await Task.sleep(nanoseconds: 1_000_000)

            self.source = nil

            return try await group.next() ?? nil
        }

        XCTAssertEqual(element, nil)
        XCTAssertEqual(self.delegate.didTerminateCallCount, 1)
        self.tearDown()
    }
}
