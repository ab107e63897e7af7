import Foundation
import Testing

@testable import Dispatchable

/// Rules the copyable mock keeps a copy of, because a copied file can use only the library's
/// public API: each pair is pinned here, so that changing one side alone fails.
@MainActor
@Suite("Rules the mock mirrors from the library")
struct MirroredRulesTests {
    nonisolated static let delays: [TimeInterval] = [
        -1, 0, 0.1 + 0.2, 0.29, 1 - 0.7 + 0.01, 1e-10, 0.4e-9, 0.6e-9, 1.5e-9, 123.456_789_012_3,
        GCD.neverDelay - 1, GCD.neverDelay, 1e300, .infinity, .nan,
    ]

    /// `GCD.nanoseconds` and the mock's due times: the nearest nanosecond; never from `neverDelay`.
    @Test(arguments: delays)
    func delaysBecomeTheSameNanosecondsInGCDAndTheMock(delay: TimeInterval) {
        let mock = MockDispatchable(mode: .manual)
        mock.after(delay) {}
        let due = mock.pendingWork.first?.dueTime ?? -1
        if let nanoseconds = GCD.nanoseconds(delay) {
            #expect((due * 1e9).rounded() == Double(nanoseconds))
        } else {
            #expect(due == .infinity)
        }
    }

    @Test(arguments: [0, 0.3, 0.0004, 0.0005, 1234.5678, 59.9999] as [TimeInterval])
    func timesReadTheSameInTheLibraryAndTheMock(seconds: TimeInterval) throws {
        let mock = MockDispatchable(mode: .manual)
        try mock.advance(by: seconds)
        #expect(mock.recorder.timeline.contains("now t=\(SecondsText.measured(mock.now)),"))
    }

    @Test func infiniteTimesReadTheSameInTheLibraryAndTheMock() async {
        let mock = MockDispatchable(mode: .manual)
        let waiting = Task { try await mock.waitForPendingWork(timeout: .infinity) }
        waiting.cancel()
        // An infinite timeout is accepted: the wait ends by its cancellation, not by a refusal.
        let waited = await waiting.result
        #expect(throws: CancellationError.self) { try waited.get() }
        #expect(SecondsText.measured(.infinity) == "inf")
        #expect(SecondsText.measured(.nan) == "nan")
        mock.after(.infinity) {}
        let error = #expect(throws: MockDispatchableError.self) {
            try mock.runNextOffloadOnBackgroundThread(timeout: .nan)
        }
        #expect(error?.message.contains("not nan") == true)
    }

    /// `waitUntil` and the mock's timeouts refuse and accept the same values.
    @Test(arguments: [-1, -.infinity, .nan, -0.0, 0, 0.01, .infinity] as [TimeInterval])
    func timeoutsAreValidatedAlikeByWaitUntilAndTheMock(timeout: TimeInterval) async {
        var waitUntilRefused = false
        do {
            _ = try await waitUntil(timeout: timeout) { true }
        } catch let error as WaitError {
            waitUntilRefused = error.reason == .invalidArgument
        } catch {}
        var mockRefused = false
        let mock = MockDispatchable(mode: .manual)
        mock.offload {}
        do {
            try await mock.waitForPendingWork(timeout: timeout)
        } catch let error as MockDispatchableError {
            mockRefused = error.kind == .invalidArgument
        } catch {}
        #expect(waitUntilRefused == mockRefused)
        #expect(waitUntilRefused == (timeout.isNaN || timeout < 0))
    }
}
