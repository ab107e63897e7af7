// Ported near-verbatim from swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift.
// Copyright (c) 2023 Apple Inc. and the SwiftServiceLifecycle project authors. Licensed under Apache License v2.0 (SPDX-License-Identifier: Apache-2.0).
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.

import CorpusSupport
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing

@Suite struct GracefulShutdownTests: XCTestCaseShim {
  init() {}

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testWithGracefulShutdownHandler
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testWithGracefulShutdownHandler", limit: 5_000, run: { await GracefulShutdownTests().testWithGracefulShutdownHandler() }))
    func testWithGracefulShutdownHandler() async {
        var cont: AsyncStream<Void>.Continuation!
        let stream = AsyncStream<Void> { cont = $0 }
        let continuation = cont!

        await testGracefulShutdown { gracefulShutdownTestTrigger in
            await withGracefulShutdownHandler {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await stream.first { _ in true }
                    }

                    gracefulShutdownTestTrigger.triggerGracefulShutdown()

                    await group.waitForAll()
                }
            } onGracefulShutdown: {
                continuation.finish()
            }
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testWithGracefulShutdownHandler_whenAlreadyShuttingDown
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testWithGracefulShutdownHandler_whenAlreadyShuttingDown", limit: 5_000, run: { await GracefulShutdownTests().testWithGracefulShutdownHandler_whenAlreadyShuttingDown() }))
    func testWithGracefulShutdownHandler_whenAlreadyShuttingDown() async {
        var cont: AsyncStream<String>.Continuation!
        let stream = AsyncStream<String> { cont = $0 }
        let continuation = cont!

        await testGracefulShutdown { gracefulShutdownTestTrigger in
            gracefulShutdownTestTrigger.triggerGracefulShutdown()

            _ = await withGracefulShutdownHandler {
                continuation.yield("operation")
            } onGracefulShutdown: {
                continuation.yield("onGracefulShutdown")
            }
        }

        var iterator = stream.makeAsyncIterator()

        await XCTAsyncAssertEqual(await iterator.next(), "onGracefulShutdown")
        await XCTAsyncAssertEqual(await iterator.next(), "operation")
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testWithGracefulShutdownHandler_whenNested
  // maximumStall: 0.1 — the test triggers the shutdown while two operations sleep 500 ms; a schedule that
  // stalls the test for 0.5 s lets them return first, and it then waits for handlers that are gone (README: finding 4).
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testWithGracefulShutdownHandler_whenNested", schedules: 300, refusedByPublicCapture: "Task.sleep", maximumStall: 0.1, run: { await GracefulShutdownTests().testWithGracefulShutdownHandler_whenNested() }))
    func testWithGracefulShutdownHandler_whenNested() async {
        var cont: AsyncStream<String>.Continuation!
        let stream = AsyncStream<String> { cont = $0 }
        let continuation = cont!

        await testGracefulShutdown { gracefulShutdownTestTrigger in
            await withGracefulShutdownHandler {
                continuation.yield("outerOperation")

                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await withGracefulShutdownHandler {
                            continuation.yield("innerOperation")
                            try? await Task.sleep(nanoseconds: 500_000_000)
                            return ()
                        } onGracefulShutdown: {
                            continuation.yield("innerOnGracefulShutdown")
                        }
                    }
                    group.addTask {
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {
                                await withGracefulShutdownHandler {
                                    continuation.yield("innerOperation")
                                    try? await Task.sleep(nanoseconds: 500_000_000)
                                    return ()
                                } onGracefulShutdown: {
                                    continuation.yield("innerOnGracefulShutdown")
                                }
                            }
                        }
                    }

                    var iterator = stream.makeAsyncIterator()

                    await XCTAsyncAssertEqual(await iterator.next(), "outerOperation")
                    await XCTAsyncAssertEqual(await iterator.next(), "innerOperation")
                    await XCTAsyncAssertEqual(await iterator.next(), "innerOperation")

                    gracefulShutdownTestTrigger.triggerGracefulShutdown()

                    await XCTAsyncAssertEqual(await iterator.next(), "outerOnGracefulShutdown")
                    await XCTAsyncAssertEqual(await iterator.next(), "innerOnGracefulShutdown")
                    await XCTAsyncAssertEqual(await iterator.next(), "innerOnGracefulShutdown")
                }
            } onGracefulShutdown: {
                continuation.yield("outerOnGracefulShutdown")
            }
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testWithGracefulShutdownHandler_cleansUpHandlerAfterScopeExit
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testWithGracefulShutdownHandler_cleansUpHandlerAfterScopeExit", limit: 5_000, run: { await GracefulShutdownTests().testWithGracefulShutdownHandler_cleansUpHandlerAfterScopeExit() }))
    func testWithGracefulShutdownHandler_cleansUpHandlerAfterScopeExit() async {
        final actor Foo {
            func run() async {
                await withGracefulShutdownHandler {
                } onGracefulShutdown: {
                    self.foo()
                }
            }

            nonisolated func foo() {}
        }
        var foo: Foo! = Foo()
        weak var weakFoo: Foo? = foo

        await testGracefulShutdown { _ in
            await foo.run()

            XCTAssertNotNil(weakFoo)
            foo = nil
            XCTAssertNil(weakFoo)
            weakFoo = nil
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testTaskShutdownGracefully
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testTaskShutdownGracefully", limit: 5_000, run: { await GracefulShutdownTests().testTaskShutdownGracefully() }))
    func testTaskShutdownGracefully() async {
        await testGracefulShutdown { gracefulShutdownTestTrigger in
            let task = Task {
                var cont: AsyncStream<Void>.Continuation!
                let stream = AsyncStream<Void> { cont = $0 }
                let continuation = cont!

                await withGracefulShutdownHandler {
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            await stream.first { _ in true }
                        }

                        await group.waitForAll()
                    }
                } onGracefulShutdown: {
                    continuation.finish()
                }
            }

            gracefulShutdownTestTrigger.triggerGracefulShutdown()

            await task.value
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testTaskGroupShutdownGracefully
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testTaskGroupShutdownGracefully", limit: 5_000, run: { await GracefulShutdownTests().testTaskGroupShutdownGracefully() }))
    func testTaskGroupShutdownGracefully() async {
        await testGracefulShutdown { gracefulShutdownTestTrigger in
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    var cont: AsyncStream<Void>.Continuation!
                    let stream = AsyncStream<Void> { cont = $0 }
                    let continuation = cont!

                    await withGracefulShutdownHandler {
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {
                                await stream.first { _ in true }
                            }

                            await group.waitForAll()
                        }
                    } onGracefulShutdown: {
                        continuation.finish()
                    }
                }

                gracefulShutdownTestTrigger.triggerGracefulShutdown()

                await group.waitForAll()
            }
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testThrowingTaskGroupShutdownGracefully
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testThrowingTaskGroupShutdownGracefully", limit: 5_000, run: { await GracefulShutdownTests().testThrowingTaskGroupShutdownGracefully() }))
    func testThrowingTaskGroupShutdownGracefully() async {
        await testGracefulShutdown { gracefulShutdownTestTrigger in
            await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    var cont: AsyncStream<Void>.Continuation!
                    let stream = AsyncStream<Void> { cont = $0 }
                    let continuation = cont!

                    await withGracefulShutdownHandler {
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {
                                await stream.first { _ in true }
                            }

                            await group.waitForAll()
                        }
                    } onGracefulShutdown: {
                        continuation.finish()
                    }
                }

                gracefulShutdownTestTrigger.triggerGracefulShutdown()

                try! await group.waitForAll()
            }
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testCancelWhenGracefulShutdown
  // maximumStall: 1 — unbounded, the task's 1,000 s sleep ends before a stalled test triggers the shutdown (README: finding 4).
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testCancelWhenGracefulShutdown", limit: 5_000, refusedByPublicCapture: "Task.sleep", maximumStall: 1, run: { try await GracefulShutdownTests().testCancelWhenGracefulShutdown() }))
    func testCancelWhenGracefulShutdown() async throws {
        try await testGracefulShutdown { gracefulShutdownTestTrigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await cancelWhenGracefulShutdown {
                        try await Task.sleep(nanoseconds: 1_000_000_000_000)
                    }
                }

                gracefulShutdownTestTrigger.triggerGracefulShutdown()

                await XCTAsyncAssertThrowsError(try await group.next()) { error in
                    XCTAssertTrue(error is CancellationError)
                }
            }
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testResumesCancelWhenGracefulShutdownWithResult
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testResumesCancelWhenGracefulShutdownWithResult", limit: 5_000, run: { try await GracefulShutdownTests().testResumesCancelWhenGracefulShutdownWithResult() }))
    func testResumesCancelWhenGracefulShutdownWithResult() async throws {
        await testGracefulShutdown { _ in
            let result = await cancelWhenGracefulShutdown {
                await Task.yield()
                return "hello"
            }

            XCTAssertEqual(result, "hello")
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testWaitForGracefulShutdown
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testWaitForGracefulShutdown", limit: 5_000, refusedByPublicCapture: "Task.sleep", run: { try await GracefulShutdownTests().testWaitForGracefulShutdown() }))
    @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)
    func testWaitForGracefulShutdown() async throws {
        try await testGracefulShutdown { gracefulShutdownTestTrigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await Task.sleep(for: .milliseconds(10))
                    gracefulShutdownTestTrigger.triggerGracefulShutdown()
                }

                try await withGracefulShutdownHandler {
                    try await gracefulShutdown()
                } onGracefulShutdown: {
                    // No-op
                }

                try await group.waitForAll()
            }
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testWithTaskCancellationOrGracefulShutdownHandler_GracefulShutdown
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testWithTaskCancellationOrGracefulShutdownHandler_GracefulShutdown", limit: 5_000, run: { try await GracefulShutdownTests().testWithTaskCancellationOrGracefulShutdownHandler_GracefulShutdown() }))
    func testWithTaskCancellationOrGracefulShutdownHandler_GracefulShutdown() async throws {
        var cont: AsyncStream<Void>.Continuation!
        let stream = AsyncStream<Void> { cont = $0 }
        let continuation = cont!

        await testGracefulShutdown { gracefulShutdownTestTrigger in
            await withTaskCancellationOrGracefulShutdownHandler {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await stream.first { _ in true }
                    }

                    gracefulShutdownTestTrigger.triggerGracefulShutdown()

                    await group.waitForAll()
                }
            } onCancelOrGracefulShutdown: {
                continuation.finish()
            }
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift: GracefulShutdownTests.testWithTaskCancellationOrGracefulShutdownHandler_TaskCancellation
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/GracefulShutdownTests.swift GracefulShutdownTests.testWithTaskCancellationOrGracefulShutdownHandler_TaskCancellation", limit: 5_000, run: { try await GracefulShutdownTests().testWithTaskCancellationOrGracefulShutdownHandler_TaskCancellation() }))
    func testWithTaskCancellationOrGracefulShutdownHandler_TaskCancellation() async throws {
        var cont: AsyncStream<Void>.Continuation!
        let stream = AsyncStream<Void> { cont = $0 }
        let continuation = cont!

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var cancelCont: AsyncStream<CheckedContinuation<Void, Never>>.Continuation!
                let cancelStream = AsyncStream<CheckedContinuation<Void, Never>> { cancelCont = $0 }
                let cancelContinuation = cancelCont!
                await withTaskCancellationOrGracefulShutdownHandler {
                    await withCheckedContinuation { (cont: CheckedContinuation<Void, Never>) in
                        cancelContinuation.yield(cont)
                        continuation.finish()
                    }
                } onCancelOrGracefulShutdown: {
                    Task {
                        let cont = await cancelStream.first(where: { _ in true })!
                        cont.resume()
                    }
                }
            }
            // wait for task to startup
            _ = await stream.first { _ in true }
            group.cancelAll()
        }
    }
}
