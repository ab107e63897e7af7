import Foundation
import Testing

@testable import Dispatchable

/// A sleep is read off the real clock: its deadline, less the time the sleeper took to hand it
/// over. A thread stalled in between — preempted on a loaded machine — makes the reading inexact;
/// the explorer knows it when it reads it, stops the run there (nothing after the sleep runs) and
/// runs the schedule again, so that a test sees only exact readings, with no retries of its own.
@Suite("Async exploration: sleeps read exactly under load")
struct AsyncSleepReadingTests {
    /// A body whose sleep, in its first run only, is handed over 30 ms after the clock was read
    /// (what a loaded machine does to a thread now and then); every run records when it woke.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func wakeUps(
        _ sleep: @escaping @Sendable (_ stall: Duration) async throws -> Void
    ) async throws -> (woke: [TimeInterval], started: Int, report: MockDispatchable.ExplorationReport) {
        let woke = LockedValue<[TimeInterval]>([])
        let started = LockedValue(0)
        let report = try await MockDispatchable.exploreAllTasks { mock in
            let isFirstRun = started.mutate { started in
                started += 1
                return started == 1
            }
            try await sleep(isFirstRun ? .milliseconds(30) : .zero)
            woke.mutate { $0.append(mock.now) }
        }
        return (woke.value, started.value, report)
    }

    @Test func aSleepHandedOverLateIsRunAgainAndWakesOnTime() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let (woke, started, report) = try await wakeUps { stall in
            await HookedSleep.sleep(for: .milliseconds(200), stalling: stall)
        }
        #expect(woke == [0.2], "the stalled run stopped at its sleep, and its schedule ran again")
        #expect(started == report.schedulesRun + 1, "one run more than schedules: the one stopped")
    }

    @Test(.enabled(if: AsyncCaptureSupport.tasksSleepOnVirtualTime))
    func aTaskSleepHandedOverLateIsRunAgainAndWakesOnTime() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let (woke, started, report) = try await wakeUps { stall in
            let deadline = ContinuousClock.now + .milliseconds(200)
            let read = ContinuousClock.now
            while read.duration(to: .now) < stall {}
            try await Task.sleep(until: deadline, clock: .continuous)
        }
        #expect(woke == [0.2])
        #expect(started == report.schedulesRun + 1)
    }

    /// A job that computes 30 ms before it sleeps 1 ms makes the reading inexact in every attempt:
    /// the inexactness is the body's, not the machine's. The first schedule is attempted eight
    /// times, its last keeps the reading (1 ms, the roundest that fits), and later runs read the
    /// same without attempts of their own.
    @Test func aReadingInexactInEveryAttemptIsKeptAfterTheLast() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let started = LockedValue(0)
        let woke = LockedValue<[TimeInterval]>([])
        let report = try await MockDispatchable.exploreAllTasks { mock in
            started.mutate { $0 += 1 }
            mock.offload {}  // a second schedule
            let began = ContinuousClock.now
            while began.duration(to: .now) < .milliseconds(30) {}
            await HookedSleep.sleep(for: .milliseconds(1))
            woke.mutate { $0.append(mock.now) }
            try mock.runUntilIdle()
        }
        #expect(report.schedulesRun > 1)
        #expect(started.value == report.schedulesRun + MockDispatchable.Limits.inexactReadingAttempts - 1)
        #expect(woke.value.count == report.schedulesRun, "the stopped attempts ran nothing after the sleep")
        #expect(Set(woke.value) == [0.001])
    }
}
