import Foundation
import Testing

@testable import Dispatchable

/// Loads a status with a timeout, time injected as `any Clock<Duration>`: the response, computed
/// offloaded, races `clock.sleep(for: .seconds(1))` in a task group, and the screen must show one
/// outcome. The buggy screen (``StatusScreen``) shows a response that comes after the timeout too.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct TimedLoader: Sendable {
    let clock: any Clock<Duration>
    let dispatch: any Dispatchable
    let screen: StatusScreen

    func load() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }  // cancelled: the response won
                await screen.timedOut()
            }
            group.addTask {
                _ = await dispatch.performOffloaded { "42" }  // the response: may take longer than a second
                await screen.loaded()
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// A run of the body: loads, then throws unless the screen showed exactly one outcome.
    static func check(on mock: MockDispatchable, buggy: Bool) async throws {
        let screen = StatusScreen(buggy: buggy)
        await TimedLoader(clock: mock.clock, dispatch: mock, screen: screen).load()
        let shown = await screen.shown
        guard shown.count == 1 else { throw InvariantBroken("showed \(shown)") }
    }
}

/// `mock.clock` under async exploration. `make unit-public` reruns this suite with
/// `DISPATCHABLE_ASYNC_CAPTURE=public`, the capture of Apple platforms, where a bare `Task.sleep` is
/// refused on Swift 6.2 and later runtimes (Apple's 26-series systems, and Linux): a sleep through
/// the mock's clock is the mock's own timer, explored the same under both captures.
@Suite("Async exploration of mock.clock sleeps, under either capture")
struct AsyncClockExplorationTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func exploreTasksFindsATimeoutRacingAResponseThroughTheClockAndReplaysIt() async throws {
        let found = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreTasks(schedules: 1_000, seed: 7) { mock in
                    try await TimedLoader.check(on: mock, buggy: true)
                }
            })
        #expect(found.kind == .scheduleFailed, "\(found.message)")
        #expect(found.message.contains("showed [\"timed out\", \"loaded\"]"), "\(found.message)")
        #expect(found.message.contains("after(1) wake-up"), "\(found.message)")
        let schedule = try #require(found.schedule)
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replayTasks(schedule) { mock in
                try await TimedLoader.check(on: mock, buggy: true)
            }
        }
        #expect(replayed?.kind == .scheduleFailed)
        #expect(replayed?.schedule == schedule)
    }

    /// Fewest deviations first: the timer firing before the due response is one deviation.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func exploreAllTasksFindsItOneDeviationFromManualMode() async throws {
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks { mock in try await TimedLoader.check(on: mock, buggy: true) }
        }
        #expect(found?.kind == .scheduleFailed)
        #expect(
            found?.message.contains("differs from ordinary manual mode in 1 choice") == true, "\(found?.message ?? "")")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theFixedTwinPassesEverySchedule() async throws {
        let report = try await MockDispatchable.exploreAllTasks { mock in
            try await TimedLoader.check(on: mock, buggy: false)
        }
        #expect(report.isExhaustive)
        #expect(report.distinctSchedules > 1)
    }

    /// Two tasks sleeping through the clock wake at the deadlines of the run — their own, or a
    /// later one when the explorer runs them late — in the six ways the executor factory explores
    /// `Task.sleep`. Under the public capture, where that `Task.sleep` is refused, the clock's are
    /// explored the same.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func clockSleepersWakeAsTaskSleepsDoUnderEitherCapture() async throws {
        let clocked = try await wakeUps { mock, delay in try await mock.clock.sleep(for: delay) }
        #expect(
            clocked == [
                ["body 0.2", "other 0.3"], ["body 0.2", "other 0.5"], ["body 0.3", "other 0.3"],
                ["other 0.3", "body 0.3"], ["body 0.5", "other 0.5"], ["other 0.5", "body 0.5"],
            ])
        // `maximumStall:` left out, a task waits at most 0.1 s, inclusively: the body may wake 0.1 s
        // late, at the other's 0.3 s, but neither task's first job waits the 0.2 s that would make
        // the other wake at 0.5 s.
        // The default bound's (0.1 s) own schedules: left out, the bound also has the runs of the
        // search past it, which this body's records would hold too.
        let byDefault = try await wakeUps(maximumStall: 0.1) { mock, delay in try await mock.clock.sleep(for: delay) }
        #expect(byDefault == [["body 0.2", "other 0.3"], ["body 0.3", "other 0.3"], ["other 0.3", "body 0.3"]])
        if AsyncCaptureSupport.usesPublicCapture {
            let refused = await #expect(throws: MockDispatchableError.self) {
                try await wakeUps { _, delay in try await Task.sleep(for: delay) }
            }
            #expect(refused?.kind == .unsupported, "\(refused?.message ?? "")")
        } else {
            let slept = try await wakeUps { _, delay in try await Task.sleep(for: delay) }
            #expect(slept == clocked)
        }
    }

    /// What every schedule of a body that sleeps 0.2 s while another task sleeps 0.3 s saw: who
    /// woke at which virtual time, in order.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func wakeUps(
        maximumStall: TimeInterval? = .infinity,
        _ sleep: @escaping @Sendable (MockDispatchable, Duration) async throws -> Void
    ) async throws -> Set<[String]> {
        let seen = LockedOrders()
        // Every stall by default here, so that each task may wake late by the other's whole sleep
        // (0.2 s past the default bound of a task's job).
        let report = try await MockDispatchable.exploreAllTasks(maximumStall: maximumStall) { mock in
            let other = Task {
                try await sleep(mock, .milliseconds(300))
                seen.append("other \(mock.now)")
            }
            try await sleep(mock, .milliseconds(200))
            seen.append("body \(mock.now)")
            try await other.value
            seen.endRun()
        }
        #expect(report.isExhaustive)
        return Set(seen.runs)
    }

    /// A `withTimeout`-style deadline: read from the clock in one task, slept on by another after
    /// virtual time moved on. It is the mock's time, so the sleeper wakes at exactly the deadline in
    /// every schedule (no reading of real time to round).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aDeadlineReadInOneTaskIsSleptOnExactlyInAnother() async throws {
        let woke = LockedValue<Set<TimeInterval>>([])
        let report = try await MockDispatchable.exploreAllTasks { mock in
            let clock = mock.clock
            let deadline = clock.now + .seconds(5)
            try await mock.sleep(for: 0.3)  // virtual time moves on before the child sleeps
            async let child: Void = clock.sleep(until: deadline, tolerance: nil)
            _ = await mock.performOffloaded { 1 }
            try await child
            inKeptRun { woke.mutate { _ = $0.insert(mock.now) } }
        }
        #expect(report.isExhaustive)
        #expect(woke.value == [5])
    }

    /// The task a run leaves sleeping on the clock is cancelled or dropped when the run ends, and
    /// its wake-up is gone with the run's mock: nothing of it reaches the next run.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aSleeperTheBodyDoesNotAwaitNeverHangsTheExploration() async throws {
        let report = try await MockDispatchable.exploreAllTasks { mock in
            let clock = mock.clock
            let forgotten = Task { try await clock.sleep(for: .seconds(60)) }
            _ = await mock.performOffloaded { 1 }
            forgotten.cancel()
        }
        #expect(report.isExhaustive)
    }
}
