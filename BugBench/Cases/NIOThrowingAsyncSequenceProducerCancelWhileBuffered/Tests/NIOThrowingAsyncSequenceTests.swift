// From apple/swift-nio, Tests/NIOCoreTests/AsyncSequences/NIOThrowingAsyncSequenceTests.swift at
// d1690f85419fdac8d54e350fb6d2ab9fd95afd75 (the fix #2415, which added the test):
// NIOThrowingAsyncSequenceProducerTests.testIteratorThrows_whenCancelled.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import NIOCore` removed
// (the kernel is compiled into this module); `final class NIOThrowingAsyncSequenceProducerTests:
// XCTestCase {` → `@Suite final class NIOThrowingAsyncSequenceProducerTests: XCTestCaseShim {`
// (a class, not a struct: setUp assigns the stored properties, which a non-mutating test of a
// struct could not); `override` and `super.setUp()` / `super.tearDown()` dropped from setUp and
// tearDown, which the test body now calls at its start and end; `@Test(.bugBench)` on the kept
// test; the class's `@available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)` dropped (Swift
// Testing refuses `@Suite`/`@Test` under it; the package's platforms are newer anyway); every other
// test of the file left out. The mocks it uses are in
// NIOAsyncSequenceTestsMocks.swift.

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
    func testIteratorThrows_whenCancelled() async {
        self.setUp()
        _ = self.source.yield(contentsOf: Array(0..<100))
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var counter = 0
                guard let sequence = self.sequence else {
                    return XCTFail("Expected to have an AsyncSequence")
                }

                do {
                    for try await next in sequence {
                        XCTAssertEqual(next, counter)
                        counter += 1
                    }
                    XCTFail("Expected that this throws")
                } catch is CancellationError {
                    // expected
                } catch {
                    XCTFail("Unexpected error: \(error)")
                }

                XCTAssertLessThan(counter, 100)
            }

            group.cancelAll()
        }

        XCTAssertEqualWithoutAutoclosure(await self.delegate.events.prefix(1).collect(), [.didTerminate])
        self.tearDown()
    }
}

// This is needed until async let is supported to be used in autoclosures
fileprivate func XCTAssertEqualWithoutAutoclosure<T>(
    _ expression1: T,
    _ expression2: T,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath,
    line: UInt = #line
) where T: Equatable {
    XCTAssertEqual(expression1, expression2, message(), file: file, line: line)
}

extension AsyncSequence {
    /// Collect all elements in the sequence into an array.
    fileprivate func collect() async rethrows -> [Element] {
        try await self.reduce(into: []) { accumulated, next in
            accumulated.append(next)
        }
    }
}
