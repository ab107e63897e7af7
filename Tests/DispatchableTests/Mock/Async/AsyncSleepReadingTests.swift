import Foundation
import Testing

@testable import Dispatchable

/// A sleep is read off the real clock: its deadline, less the time the sleeper took to hand it
/// over. A thread stalled in between — preempted on a loaded machine — makes the reading inexact;
/// the explorer knows it when it reads it, and runs the schedule again once the run has ended, what
/// that run did not kept: the exploration's runs are exact, with no retries in the test.
@Suite("Async exploration: sleeps read exactly under load")
struct AsyncSleepReadingTests {
    /// Under Thread Sanitizer (`make tsan` sets `TSAN_OPTIONS`) handing a 1 ms sleep over can itself
    /// take longer than the slack, in every attempt: its reading is then kept, the same in every run
    /// but not exact, and the tests of 1 ms sleeps check only that it is the same.
    private var isUnderThreadSanitizer: Bool { ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil }

    /// The stalled first run was run again once; under Thread Sanitizer, whose hand-overs are
    /// slow themselves, perhaps more often.
    private func expectOneRunMore(
        _ started: Int, _ report: MockDispatchable.ExplorationReport, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if isUnderThreadSanitizer {
            #expect(started > report.schedulesRun, sourceLocation: sourceLocation)
        } else {
            #expect(started == report.schedulesRun + 1, "the stalled run, run again", sourceLocation: sourceLocation)
        }
    }

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
            inKeptRun { woke.mutate { $0.append(mock.now) } }
        }
        return (woke.value, started.value, report)
    }

    @Test func aSleepHandedOverLateIsRunAgainAndWakesOnTime() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let (woke, started, report) = try await wakeUps { stall in
            await HookedSleep.sleep(for: .milliseconds(200), stalling: stall)
        }
        #expect(woke == [0.2], "the stalled run's schedule ran again, and only that run was kept")
        expectOneRunMore(started, report)
    }

    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime })
    func aTaskSleepHandedOverLateIsRunAgainAndWakesOnTime() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let (woke, started, report) = try await wakeUps { stall in
            let deadline = ContinuousClock.now + .milliseconds(200)
            let read = ContinuousClock.now
            while read.duration(to: .now) < stall {}
            try await Task.sleep(until: deadline, clock: .continuous)
        }
        #expect(woke == [0.2])
        expectOneRunMore(started, report)
    }

    /// A sleep of 1 ms read in its own job, 99.5 ms of real time after an earlier job at another
    /// virtual time ran (a loaded machine, or a long run): from that job the same deadline reads as
    /// a round 0.1 s. Which job read the clock is then a coincidence of real time, and the first
    /// run alone meets it: it is run again, and every kept run wakes 1 ms after its sleep.
    @Test func aCoincidentallyRoundEarlierJobIsNotTakenForTheSleepsReading() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let started = LockedValue(0)
        let woke = LockedValue<Set<TimeInterval>>([])
        _ = try await MockDispatchable.exploreAllTasks { mock in
            let isFirstRun = started.mutate { started in
                started += 1
                return started == 1
            }
            let began = ContinuousClock.now
            while began.duration(to: .now) < .milliseconds(1) {}  // a job of 1 ms at virtual time 0
            let ended = ContinuousClock.now
            try await mock.sleep(for: 0.05)
            if isFirstRun { while ended.duration(to: .now) < .microseconds(98_500) {} }
            await Task.yield()
            await HookedSleep.sleep(for: .milliseconds(1))
            inKeptRun { woke.mutate { _ = $0.insert(mock.now) } }
        }
        if isUnderThreadSanitizer {
            #expect(woke.value.count == 1, "every kept run wakes alike: \(woke.value)")
        } else {
            #expect(woke.value == [0.051])
        }
    }

    /// A deadline read in an earlier job and slept on by a task that first computes 40 ms (the
    /// `withTimeout` pattern with work before its sleep, or a thread preempted on a loaded machine):
    /// the sleeper's own stretch of real time is wide enough to hold a duration round to 10 ms,
    /// which says nothing against the round reading from the earlier job. It wakes at the deadline.
    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime })
    func aDeadlineReadEarlierWakesOnTimeAfterItsSleeperComputed() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let woke = LockedValue<Set<TimeInterval>>([])
        _ = try await MockDispatchable.exploreAllTasks { mock in
            let deadline = SuspendingClock.now + .milliseconds(2_500)
            try await mock.sleep(for: 0.3)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let began = ContinuousClock.now
                    while began.duration(to: .now) < .milliseconds(40) {}
                    try await Task.sleep(until: deadline, clock: .suspending)
                    inKeptRun { woke.mutate { _ = $0.insert(mock.now) } }
                }
                try await group.waitForAll()
            }
        }
        #expect(woke.value == [2.5])
    }

    /// A job that computes 30 ms before it sleeps 1 ms makes the reading inexact in every attempt:
    /// the inexactness is the body's, not the machine's. The first schedule is attempted eight
    /// times, and its last keeps the reading.
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
            inKeptRun { woke.mutate { $0.append(mock.now) } }
            try mock.runUntilIdle()
        }
        #expect(report.schedulesRun > 1)
        let attempts = MockDispatchable.Limits.inexactReadingAttempts
        #expect(woke.value.count == report.schedulesRun, "one kept run per schedule")
        // The first schedule's eight attempts at least: a 30 ms job makes every reading of its 1 ms
        // sleep inexact. (What the eighth keeps, and whether later runs fit it, depends on how long
        // their hand-overs take, which a loaded machine decides.)
        #expect(started.value >= report.schedulesRun + attempts - 1)
    }
}
