// From apple/swift-nio, Tests/NIOCoreTests/AsyncSequences/NIOAsyncWriterTests.swift at
// a0c542bff11043b651eedb45ddfe8da8d333bcb1 (#3135): NIOAsyncWriterTests.testWriterFinish_AndSuspendBufferedYield,
// upstream's own later version of the regression test that the fix #3044 (6fb31ea) added as
// testSuspendingBufferedYield_whenWriterFinished. #3135 rewrote it on two manual task executors
// because the original blocks a thread of the cooperative pool (a ConditionLock in `didYield`)
// until another task runs, which never happens with one thread; the explorer runs every job on
// one thread, so the original would hang both twins. NIOAsyncWriter.swift is the same at 6fb31ea
// and a0c542b, so this is the test as it ran against the fixed file.
// Kept: the licence header, the file's `MockAsyncWriterDelegate`, the test class's stored
// properties, setUp, tearDown and `assert(suspendCallCount:yieldCallCount:terminateCallCount:)`,
// and the one test.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import NIOTestUtils`
// removed (its `ManualTaskExecutor.swift` is copied into Tests/, verbatim) and `@testable import
// NIOCore` removed (the kernel is compiled into this module); `import DequeModule` and
// `import NIOConcurrencyHelpers` kept (offline swift-collections 1.6.0, swift-nio 2.101.2);
// `private struct SomeError` left out (unused by this test); `@available(macOS 10.15, iOS 13.0,
// watchOS 6.0, tvOS 13.0, *) final class NIOAsyncWriterTests: XCTestCase {` → `@Suite final class
// NIOAsyncWriterTests: XCTestCaseShim {` (a class, not a struct: setUp assigns the stored
// properties; Swift Testing refuses `@Suite`/`@Test` under `@available`); `override` and
// `super.setUp()` / `super.tearDown()` dropped from setUp and tearDown, which the test body now
// calls at its start and end; the test's `#if compiler(>=6)` / `#endif` and its `@available(macOS
// 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)` dropped (the package needs Swift 6.2
// and macOS 15 anyway); `@Test(.bugBench)` on the test; every other test left out.

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
import DequeModule
import NIOConcurrencyHelpers
import Testing

private final class MockAsyncWriterDelegate: NIOAsyncWriterSinkDelegate, @unchecked Sendable {
    typealias Element = String

    var _didYieldCallCount = NIOLockedValueBox(0)
    var didYieldCallCount: Int {
        self._didYieldCallCount.withLockedValue { $0 }
    }
    var didYieldHandler: ((Deque<String>) -> Void)?
    func didYield(contentsOf sequence: Deque<String>) {
        self._didYieldCallCount.withLockedValue { $0 += 1 }
        if let didYieldHandler = self.didYieldHandler {
            didYieldHandler(sequence)
        }
    }

    var _didSuspendCallCount = NIOLockedValueBox(0)
    var didSuspendCallCount: Int {
        self._didSuspendCallCount.withLockedValue { $0 }
    }
    var didSuspendHandler: (() -> Void)?
    func didSuspend() {
        self._didSuspendCallCount.withLockedValue { $0 += 1 }
        if let didSuspendHandler = self.didSuspendHandler {
            didSuspendHandler()
        }
    }

    var _didTerminateCallCount = NIOLockedValueBox(0)
    var didTerminateCallCount: Int {
        self._didTerminateCallCount.withLockedValue { $0 }
    }
    var didTerminateHandler: ((Error?) -> Void)?
    func didTerminate(error: Error?) {
        self._didTerminateCallCount.withLockedValue { $0 += 1 }
        if let didTerminateHandler = self.didTerminateHandler {
            didTerminateHandler(error)
        }
    }
}


@Suite final class NIOAsyncWriterTests: XCTestCaseShim {
    private var writer: NIOAsyncWriter<String, MockAsyncWriterDelegate>!
    private var sink: NIOAsyncWriter<String, MockAsyncWriterDelegate>.Sink!
    private var delegate: MockAsyncWriterDelegate!

    func setUp() {
        let delegate = MockAsyncWriterDelegate()
        self.delegate = delegate
        let newWriter = NIOAsyncWriter.makeWriter(
            elementType: String.self,
            isWritable: true,
            finishOnDeinit: false,
            delegate: self.delegate
        )
        self.writer = newWriter.writer
        self.sink = newWriter.sink
        self.sink._storage._setDidSuspend { delegate.didSuspend() }
    }

    func tearDown() {
        if let writer = self.writer {
            writer.finish()
        }
        if let sink = self.sink {
            sink.finish()
        }
        self.delegate = nil
        self.writer = nil
        self.sink = nil
    }

    func assert(
        suspendCallCount: Int,
        yieldCallCount: Int,
        terminateCallCount: Int,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(
            self.delegate.didSuspendCallCount,
            suspendCallCount,
            "Unexpeced suspends",
            file: file,
            line: line
        )
        XCTAssertEqual(self.delegate.didYieldCallCount, yieldCallCount, "Unexpected yields", file: file, line: line)
        XCTAssertEqual(
            self.delegate.didTerminateCallCount,
            terminateCallCount,
            "Unexpected terminates",
            file: file,
            line: line
        )
    }

    @Test(.bugBench)
    func testWriterFinish_AndSuspendBufferedYield() async throws {
        self.setUp()
        try await withThrowingTaskGroup(of: Void.self) { group in
            try await withManualTaskExecutor { taskExecutor1, taskExecutor2 in
                self.sink.setWritability(to: false)

                self.delegate.didYieldHandler = { _ in
                    if self.delegate.didYieldCallCount == 1 {
                        // This is the yield of the first task. Run the second task until it suspends again
                        self.assert(suspendCallCount: 2, yieldCallCount: 1, terminateCallCount: 0)
                        taskExecutor2.runUntilQueueIsEmpty()
                        self.assert(suspendCallCount: 3, yieldCallCount: 1, terminateCallCount: 0)
                    }
                }

                group.addTask(executorPreference: taskExecutor1) { [writer] in
                    try await writer!.yield("message1")
                }
                group.addTask(executorPreference: taskExecutor2) { [writer] in
                    try await writer!.yield("message2")
                }

                // Run tasks until they are both suspended
                taskExecutor1.runUntilQueueIsEmpty()
                taskExecutor2.runUntilQueueIsEmpty()
                self.assert(suspendCallCount: 2, yieldCallCount: 0, terminateCallCount: 0)

                self.writer.finish()

                // We have to become writable again to unbuffer the yields
                self.sink.setWritability(to: true)

                // Run the first task, which will complete its yield
                // During this yield, didYieldHandler will run the second task, which will suspend again
                taskExecutor1.runUntilQueueIsEmpty()
                self.assert(suspendCallCount: 3, yieldCallCount: 1, terminateCallCount: 0)

                // Run the second task to complete its yield
                taskExecutor2.runUntilQueueIsEmpty()
                self.assert(suspendCallCount: 3, yieldCallCount: 2, terminateCallCount: 1)

                await XCTAssertNoThrow(try await group.next())
                await XCTAssertNoThrow(try await group.next())
            }
        }
        self.tearDown()
    }
}
