import Foundation
import Testing

@testable import Dispatchable

/// The waiting calls — the mock's `async` stepping calls and `waitUntil` — fed extreme timeouts,
/// poll intervals and counts, and cancelled.
@Suite("Hostile input: waiting", .tags(.hostile))
struct HostileAsyncTests {
    @Test func waitingForANegativeCountIsRefused() async {
        let mock = MockDispatchable(mode: .manual)
        let error = await #expect(throws: MockDispatchableError.self) {
            try await mock.waitForPendingWork(count: -1)
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("count must be zero or more, not -1") == true)
    }

    @Test func waitingForMoreWorkThanCanArriveTimesOut() async {
        let mock = MockDispatchable(mode: .manual)
        mock.offload {}
        let error = await #expect(throws: MockDispatchableError.self) {
            try await mock.waitForPendingWork(count: .max, timeout: 0.05)
        }
        #expect(error?.kind == .timedOut)
        #expect(error?.message.contains("1 arrived") == true)
    }

    @Test func aCancelledWaitForeverEndsWithCancellationAndRunsNothing() async throws {
        let mock = MockDispatchable(mode: .manual)
        let waiting = Task { @MainActor in try await mock.runNextMain(timeout: .infinity) }
        try await Task.sleep(nanoseconds: 50_000_000)
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        mock.offload {}
        #expect(mock.pendingWork.count == 1)
    }

    @Test func aTaskCancelledBeforeItWaitsDoesNotSuspend() async {
        let mock = MockDispatchable(mode: .manual)
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await mock.waitForPendingWork(timeout: .infinity)
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test func cancellingAfterTheWorkArrivedChangesNothing() async throws {
        let mock = MockDispatchable(mode: .manual)
        let waiting = Task { try await mock.waitForPendingWork(timeout: .infinity) }
        mock.offload {}
        try await waiting.value
        waiting.cancel()
        #expect(mock.pendingWork.count == 1)
    }

    @Test func asyncAdvanceRefusesToPassTheEndOfVirtualTimeBeforeWaiting() async {
        let mock = MockDispatchable(mode: .manual)
        let error = await #expect(throws: MockDispatchableError.self) {
            try await mock.advance(by: 1e300, timeout: .infinity)
        }
        #expect(error?.kind == .invalidAdvance)
    }

    @Test(arguments: [1e300, .greatestFiniteMagnitude] as [TimeInterval])
    func aHugePollIntervalStillTimesOutOnTime(pollInterval: TimeInterval) async {
        let error = await #expect(throws: WaitError.self) {
            try await waitUntil(timeout: 0.05, pollInterval: pollInterval) { false }
        }
        #expect(error?.reason == .timedOut)
        #expect(
            (error?.waited ?? .infinity) < 60, "not the poll interval (capped at an hour), however busy the machine")
    }

    @Test func aHugePollIntervalStillTimesOutOnTimeWhenBlocking() {
        let error = #expect(throws: WaitError.self) {
            try waitUntil(timeout: 0.05, pollInterval: 1e300) { false }
        }
        #expect(error?.reason == .timedOut)
        #expect(
            (error?.waited ?? .infinity) < 60, "not the poll interval (capped at an hour), however busy the machine")
    }
}
