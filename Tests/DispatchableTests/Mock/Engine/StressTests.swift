import Dispatch
import Foundation
import Testing

@testable import Dispatchable

/// Many threads at once, every event counted. Sized to finish in seconds; `make tsan` runs a
/// quarter of the size (`DISPATCHABLE_STRESS_PER_THREAD`) because the sanitizer slows each event
/// about tenfold.
///
/// Each runs in a child process of its own (see `StressTests`), and its blocking parts on a thread
/// of their own: a million GCD blocks and eight threads hammering one mock keep a process's
/// dispatch workers and main queue busy for a minute under Thread Sanitizer, and in the test
/// process every other test's tasks waited behind them (issue #32: a `waitUntil(timeout: 0.05)`
/// returned after 62 s).
enum StressBodies {
    /// Runs `body` on a new thread and resumes when it is done, or fails after `timeout` seconds:
    /// a stall fails instead of hanging the run.
    private static func onOwnThread(timeout: TimeInterval = 300, _ body: @escaping @Sendable () -> Void) async {
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let resumed = LockedValue(false)
            @Sendable func finish(_ done: Bool) {
                let first = resumed.mutate { resumed in
                    defer { resumed = true }
                    return !resumed
                }
                if first { continuation.resume(returning: done) }
            }
            Thread.detachNewThread {
                body()
                finish(true)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { finish(false) }
        }
        expect(finished, "stalled: not finished within \(timeout) s")
    }

    /// Fails the child process (or, where there are no exit tests, the test) with `reason`.
    static func expect(_ condition: Bool, _ reason: @autoclosure () -> String = "", line: Int = #line) {
        guard !condition else { return }
        #if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))
            ChildProcess.fail("StressTests.swift:\(line): \(reason())")
        #else
            Issue.record("StressTests.swift:\(line): \(reason())")
        #endif
    }

    static let threads = 8
    static let perThread =
        ProcessInfo.processInfo.environment["DISPATCHABLE_STRESS_PER_THREAD"].flatMap(Int.init) ?? 100_000

    static func immediateMockDrivenFromEightThreadsLosesNoEvent() async throws {
        let mock = MockDispatchable()
        let counts = (0..<Self.threads).map { _ in LockedValue(0) }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for _ in 0..<Self.perThread { mock.offload { counts[thread].mutate { $0 += 1 } } }
            }
        }
        expect(counts.map(\.value) == Array(repeating: Self.perThread, count: Self.threads))
        let events = mock.recorder.events
        expect(events.count == 2 * Self.threads * Self.perThread)
        expect(events.filter { $0.kind == .enter }.count == Self.threads * Self.perThread)
        expect(mock.recorder.threadStack.isEmpty)
    }

    static func manualMockFedFromEightThreadsKeepsPerThreadOrder() async throws {
        let mock = MockDispatchable(mode: .manual)
        let perThread = Self.perThread
        let ran = LockedValue<[[Int]]>(Array(repeating: [], count: Self.threads))
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for index in 0..<perThread {
                    mock.offload { ran.mutate { $0[thread].append(index) } }
                }
            }
        }
        expect(mock.pendingWork.count == Self.threads * perThread)
        try mock.runUntilIdle(maxSteps: .max)
        for thread in 0..<Self.threads {
            expect(ran.value[thread] == Array(0..<perThread), "thread \(thread) kept its order")
        }
    }

    static func manualMockSteppedFromSeveralThreadsRunsEachItemOnce() async throws {
        let mock = MockDispatchable(mode: .manual)
        let total = Self.perThread / 4
        let runs = LockedValue(0)
        for _ in 0..<total { mock.offload { runs.mutate { $0 += 1 } } }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                while (try? mock.runNextOffload()) != nil {}
            }
        }
        expect(runs.value == total)
        try mock.assertNoPendingWork()
    }

    static func hooksThatDispatchWhileOtherThreadsDispatch() async throws {
        let mock = MockDispatchable()
        let hookHops = LockedValue(0)
        mock.didEnterThread = { thread in
            guard thread == .offload else { return }
            hookHops.mutate { $0 += 1 }
            // Re-entrant, from a background thread: main-actor work is kept queued, not lost.
            mock.main {}
        }
        let perThread = Self.perThread / 10
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                for _ in 0..<perThread { mock.offload(Self.nothing) }
            }
        }
        expect(hookHops.value == Self.threads * perThread)
        expect(mock.pendingWork.count == Self.threads * perThread)
        expect(mock.recorder.enteredThreads.count == Self.threads * perThread)
    }

    static func gcdRunsAMillionOffloadsAndHundredThousandMainHopsExactlyOnce() async throws {
        let offloads = Self.perThread * 10
        let mainHops = Self.perThread
        let group = DispatchGroup()
        let counter = LockedValue(0)
        let mainCounter = LockedValue(0)
        let dispatch = GCD(queue: DispatchQueue(label: "stress", attributes: .concurrent))
        await onOwnThread {
            Self.flood(
                dispatch, offloads: offloads, mainHops: mainHops, group: group, counter: counter,
                mainCounter: mainCounter)
        }
        await onOwnThread { _ = group.wait(timeout: .now() + 300) }
        expect(counter.value == offloads)
        expect(mainCounter.value == mainHops)
    }

    private static func flood(
        _ dispatch: GCD, offloads: Int, mainHops: Int, group: DispatchGroup, counter: LockedValue<Int>,
        mainCounter: LockedValue<Int>
    ) {
        for _ in 0..<offloads {
            group.enter()
            dispatch.offload {
                counter.mutate { $0 += 1 }
                group.leave()
            }
        }
        for _ in 0..<mainHops {
            group.enter()
            dispatch.main {
                mainCounter.mutate { $0 += 1 }
                group.leave()
            }
        }
    }

    private static let nothing: @Sendable () -> Void = {}
}

#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))
    extension ChildProcessTests {
        /// The stress bodies, each in a child process of its own (see ``StressBodies``).
        @Suite("Stress (child processes)", .serialized)
        struct StressTests {
            @Test func immediateMockDrivenFromEightThreadsLosesNoEvent() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 600) {
                        try await StressBodies.immediateMockDrivenFromEightThreadsLosesNoEvent()
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func manualMockFedFromEightThreadsKeepsPerThreadOrder() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 600) {
                        try await StressBodies.manualMockFedFromEightThreadsKeepsPerThreadOrder()
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func manualMockSteppedFromSeveralThreadsRunsEachItemOnce() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 600) {
                        try await StressBodies.manualMockSteppedFromSeveralThreadsRunsEachItemOnce()
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func hooksThatDispatchWhileOtherThreadsDispatch() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 600) {
                        try await StressBodies.hooksThatDispatchWhileOtherThreadsDispatch()
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func gcdRunsAMillionOffloadsAndHundredThousandMainHopsExactlyOnce() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 600) {
                        try await StressBodies.gcdRunsAMillionOffloadsAndHundredThousandMainHopsExactlyOnce()
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }
#else
    /// Where there are no exit tests, the stress bodies run in the test process.
    @Suite("Stress", .serialized)
    struct StressTests {
        @Test func immediateMockDrivenFromEightThreadsLosesNoEvent() async throws {
            try await StressBodies.immediateMockDrivenFromEightThreadsLosesNoEvent()
        }

        @Test func manualMockFedFromEightThreadsKeepsPerThreadOrder() async throws {
            try await StressBodies.manualMockFedFromEightThreadsKeepsPerThreadOrder()
        }

        @Test func manualMockSteppedFromSeveralThreadsRunsEachItemOnce() async throws {
            try await StressBodies.manualMockSteppedFromSeveralThreadsRunsEachItemOnce()
        }

        @Test func hooksThatDispatchWhileOtherThreadsDispatch() async throws {
            try await StressBodies.hooksThatDispatchWhileOtherThreadsDispatch()
        }

        @Test func gcdRunsAMillionOffloadsAndHundredThousandMainHopsExactlyOnce() async throws {
            try await StressBodies.gcdRunsAMillionOffloadsAndHundredThousandMainHopsExactlyOnce()
        }
    }
#endif
