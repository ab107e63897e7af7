import Foundation
import Testing

@testable import Dispatchable

@Suite("Async/await counterparts")
struct AsyncTests {
    // MARK: GCD, real queues

    @Test func gcdPerformOffloadedRunsOffTheMainQueueAndReturnsTheValue() async {
        let (value, onMain) = await GCD().performOffloaded { (21 * 2, DispatchThread.isOnMainQueue) }
        #expect(value == 42)
        #expect(!onMain)
    }

    @Test func gcdPerformOnMainRunsOnTheMainQueue() async {
        let onMain = await GCD().performOnMain { DispatchThread.isOnMainQueue }
        #expect(onMain)
    }

    @Test func gcdPerformOffloadedRethrowsTypedErrors() async {
        struct Failure: Error, Equatable {}
        await #expect(throws: Failure.self) {
            try await GCD().performOffloaded { () throws(Failure) -> Int in throw Failure() }
        }
    }

    @Test func gcdSleepWaitsAtLeastTheDelay() async throws {
        let start = DispatchTime.now()
        try await GCD().sleep(for: 0.05)
        #expect(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds >= 50_000_000)
    }

    @Test func gcdSleepIsCancellable() async {
        let sleeper = Task { try await GCD().sleep(for: .infinity) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func defaultSleepGoesThroughAfter() async throws {
        // A conformer that only implements the three callback calls gets `sleep` built on `after`.
        let log = LockedValue<[TimeInterval]>([])
        struct Recording: Dispatchable {
            let log: LockedValue<[TimeInterval]>
            func offload(_ work: @escaping @Sendable () -> Void) { work() }
            func main(_ work: @escaping @MainActor @Sendable () -> Void) { GCD().main(work) }
            func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
                log.mutate { $0.append(delay) }
                return GCD().after(0, work)
            }
        }
        try await Recording(log: log).sleep(for: 3)
        #expect(log.value == [3])
        #expect(await Recording(log: log).performOffloaded { 7 } == 7)
    }

    // MARK: The mock, immediate mode

    @Test func immediatePerformOffloadedRunsAtOnceAndRecords() async {
        let mock = MockDispatchable()
        let value = await mock.performOffloaded { "done" }
        #expect(value == "done")
        #expect(mock.recorder.enteredThreads == [.offload])
    }

    @Test func immediateSleepReturnsAtOnce() async throws {
        let mock = MockDispatchable()
        try await mock.sleep(for: 3600)
        #expect(mock.now == 0)
        #expect(mock.recorder.events.map(\.kind) == [.wake])
    }

    // MARK: The mock, manual mode

    @Test func manualPerformOffloadedResumesWhenTheTestRunsTheWork() async throws {
        let mock = MockDispatchable(mode: .manual)
        async let value = mock.performOffloaded { 42 }
        try await mock.runNextOffload(timeout: 30)
        #expect(await value == 42)
    }

    @Test func manualPerformOnMainResumesWhenTheTestRunsTheWork() async throws {
        let mock = MockDispatchable(mode: .manual)
        async let value = mock.performOnMain { DispatchThread.isOnMainQueue }
        try await mock.runNextMain(timeout: 30)
        #expect(await value == true)
        #expect(mock.recorder.enteredThreads == [.main])
    }

    @Test func awaitingMockWorkIsDeterministicAThousandTimes() async throws {
        for iteration in 0..<1000 {
            let mock = MockDispatchable(mode: .manual)
            async let value = mock.performOffloaded { iteration }
            try await mock.runNextOffload(timeout: 30)
            #expect(await value == iteration)
            try mock.assertNoPendingWork()
        }
    }

    @Test func virtualSleepWakesExactlyAtTheDeadline() async throws {
        let mock = MockDispatchable(mode: .manual)
        let woke = LockedValue<TimeInterval?>(nil)
        let sleeper = Task {
            try await mock.sleep(for: 5)
            woke.value = mock.now
        }
        try await mock.waitForPendingWork(timeout: 30)
        try mock.advance(by: 4.999)
        #expect(woke.value == nil)
        try mock.advance(by: 0.001)
        try await sleeper.value
        #expect(woke.value == 5)
    }

    @Test func thousandsOfSleepersWakeInDeadlineOrderWithoutYielding() async throws {
        let mock = MockDispatchable(mode: .manual)
        let order = LockedValue<[Int]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<2000 {
                group.addTask {
                    try await mock.sleep(for: TimeInterval((index * 7919) % 2000))
                    order.mutate { $0.append(index) }
                }
            }
            try await mock.waitForPendingWork(count: 2000, timeout: 30)
            try mock.runUntilIdle()
            try await group.waitForAll()
        }
        #expect(order.value.count == 2000)
        #expect(mock.now == 1999)
    }

    @Test func cancellingAVirtualSleepThrowsAndLeavesNothingPending() async throws {
        let mock = MockDispatchable(mode: .manual)
        let sleeper = Task { try await mock.sleep(for: 10) }
        try await mock.waitForPendingWork(timeout: 30)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        try mock.assertNoPendingWork()
    }

    @Test func sleepCancelledBeforeItStartsThrowsAtOnce() async throws {
        let mock = MockDispatchable(mode: .manual)
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await mock.sleep(for: 10)
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        try mock.assertNoPendingWork()
    }

    @Test func waitForPendingWorkTimesOutWithAClearError() async {
        let mock = MockDispatchable(mode: .manual)
        let error = await #expect(throws: MockDispatchableError.self) {
            try await mock.waitForPendingWork(.offload, timeout: 0.05)
        }
        #expect(error?.kind == .timedOut)
        #expect(error?.message.contains("0 arrived") == true)
    }

    @Test func waitForPendingWorkReturnsAtOnceWhenWorkIsQueued() async throws {
        let mock = MockDispatchable(mode: .manual)
        mock.offload {}
        try await mock.waitForPendingWork(.offload, timeout: 0)
        #expect(mock.pendingWork.count == 1)
    }
}
