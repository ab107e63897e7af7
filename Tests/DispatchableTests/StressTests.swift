import Dispatch
import Foundation
import Testing

@testable import Dispatchable

/// Many threads at once, every event counted. Sized to finish in seconds; `make tsan` runs a
/// quarter of the size (`DISPATCHABLE_STRESS_PER_THREAD`) because the sanitizer slows each event
/// about tenfold.
///
/// Serialized, and the blocking parts run on a thread of their own: Swift Testing runs tests on
/// the cooperative pool, which has only as many threads as cores, and blocking them starves every
/// other async test of the chance to resume.
@Suite("Stress", .serialized)
struct StressTests {
    /// Runs `body` on a new thread and resumes when it is done, or fails the test after
    /// `timeout` seconds: a stall fails instead of hanging the run.
    private func onOwnThread(timeout: TimeInterval = 300, _ body: @escaping @Sendable () -> Void) async throws {
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
        try #require(finished, "stalled: not finished within \(timeout) s")
    }

    static let threads = 8
    static let perThread =
        ProcessInfo.processInfo.environment["DISPATCHABLE_STRESS_PER_THREAD"].flatMap(Int.init) ?? 100_000

    @Test func immediateMockDrivenFromEightThreadsLosesNoEvent() async throws {
        let mock = MockDispatchable()
        let counts = (0..<Self.threads).map { _ in LockedValue(0) }
        try await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for _ in 0..<Self.perThread { mock.offload { counts[thread].mutate { $0 += 1 } } }
            }
        }
        #expect(counts.map(\.value) == Array(repeating: Self.perThread, count: Self.threads))
        let events = mock.recorder.events
        #expect(events.count == 2 * Self.threads * Self.perThread)
        #expect(events.filter { $0.kind == .enter }.count == Self.threads * Self.perThread)
        #expect(mock.recorder.threadStack.isEmpty)
    }

    @Test func manualMockFedFromEightThreadsKeepsPerThreadOrder() async throws {
        let mock = MockDispatchable(mode: .manual)
        let perThread = Self.perThread
        let ran = LockedValue<[[Int]]>(Array(repeating: [], count: Self.threads))
        try await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
                for index in 0..<perThread {
                    mock.offload { ran.mutate { $0[thread].append(index) } }
                }
            }
        }
        #expect(mock.pendingWork.count == Self.threads * perThread)
        try mock.runUntilIdle(maxSteps: .max)
        for thread in 0..<Self.threads {
            #expect(ran.value[thread] == Array(0..<perThread), "thread \(thread) kept its order")
        }
    }

    @Test func manualMockSteppedFromSeveralThreadsRunsEachItemOnce() async throws {
        let mock = MockDispatchable(mode: .manual)
        let total = Self.perThread / 4
        let runs = LockedValue(0)
        for _ in 0..<total { mock.offload { runs.mutate { $0 += 1 } } }
        try await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                while (try? mock.runNextOffload()) != nil {}
            }
        }
        #expect(runs.value == total)
        try mock.assertNoPendingWork()
    }

    @Test func hooksThatDispatchWhileOtherThreadsDispatch() async throws {
        let mock = MockDispatchable()
        let hookHops = LockedValue(0)
        mock.didEnterThread = { thread in
            guard thread == .offload else { return }
            hookHops.mutate { $0 += 1 }
            // Re-entrant, from a background thread: main-actor work is kept queued, not lost.
            mock.main {}
        }
        let perThread = Self.perThread / 10
        try await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
                for _ in 0..<perThread { mock.offload(Self.nothing) }
            }
        }
        #expect(hookHops.value == Self.threads * perThread)
        #expect(mock.pendingWork.count == Self.threads * perThread)
        #expect(mock.recorder.enteredThreads.count == Self.threads * perThread)
    }

    @Test func gcdRunsAMillionOffloadsAndHundredThousandMainHopsExactlyOnce() async throws {
        let offloads = Self.perThread * 10
        let mainHops = Self.perThread
        let group = DispatchGroup()
        let counter = LockedValue(0)
        let mainCounter = LockedValue(0)
        let dispatch = GCD(queue: DispatchQueue(label: "stress", attributes: .concurrent))
        try await onOwnThread {
            Self.flood(
                dispatch, offloads: offloads, mainHops: mainHops, group: group, counter: counter,
                mainCounter: mainCounter)
        }
        try await onOwnThread { _ = group.wait(timeout: .now() + 300) }
        #expect(counter.value == offloads)
        #expect(mainCounter.value == mainHops)
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
