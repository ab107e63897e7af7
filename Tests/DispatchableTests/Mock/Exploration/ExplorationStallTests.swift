import Foundation
import Testing

@testable import Dispatchable

/// Stalls: a failure that needs ready work to wait behind a timer states how long, minimisation
/// prefers the shortest, and `maximumStall:` (or `DISPATCHABLE_MAXIMUM_STALL`) bounds it,
/// inclusively. Left out, the mock's blocks may wait unbounded and a task's job at most 0.1 s.
@Suite("Exploration: stalls are stated and bounded")
@MainActor
struct ExplorationStallTests {
    struct WatchdogFired: Error {}
    struct RanLate: Error {}

    /// A cancellation that can run at once, and a 5 s watchdog that fires unless it ran first: only
    /// a schedule in which the cancellation waits 5 s behind the watchdog fails.
    static func cancellationBesideAWatchdog(_ mock: MockDispatchable) throws {
        let cancelled = LockedValue(false)
        let fired = LockedValue(false)
        mock.offload { cancelled.value = true }
        mock.after(5) { if !cancelled.value { fired.value = true } }
        try mock.runUntilIdle()
        if fired.value { throw WatchdogFired() }
    }

    @Test func aWatchdogBesideReadyWorkIsReportedWithItsFiveSecondStall() throws {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100) { try Self.cancellationBesideAWatchdog($0) }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.message.contains("Longest stall: offload #1 stalled 5.000s behind after(5) #2") == true)
        #expect(
            error?.message.contains("Stall bound: the default, 0.1 s for a task's job and none for the mock's blocks")
                == true, "\(error?.message ?? "")")
    }

    @Test func aWatchdogBesideReadyWorkPassesWithAOneSecondBound() throws {
        let report = try MockDispatchable.exploreAll(limit: 100, maximumStall: 1) {
            try Self.cancellationBesideAWatchdog($0)
        }
        #expect(report.isExhaustive)
        #expect(report.distinctSchedules == 1)
    }

    /// An offload item that fails only when `after(delay)` overtakes it.
    static func offloadOvertaken(by delay: TimeInterval, _ mock: MockDispatchable) throws {
        let ranAt = LockedValue<TimeInterval>(-1)
        mock.offload { ranAt.value = mock.now }
        mock.after(delay) {}
        try mock.runUntilIdle()
        if ranAt.value > 0 { throw RanLate() }
    }

    /// A slow offload item overtaken by `after(1)`: found with a bound of 1 s or more, not below
    /// (a timer may overtake work only while that work has waited at most the bound: inclusive).
    @Test func aSlowOffloadOvertakenByAfterOneIsBoundedInclusively() throws {
        let found = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100, maximumStall: 1.5) { try Self.offloadOvertaken(by: 1, $0) }
        }
        #expect(found?.message.contains("offload #1 stalled 1.000s behind after(1) #2") == true)
        #expect(found?.message.contains("maximumStall: 1.5)") == true, "the replay call keeps the bound")
        #expect(found?.message.contains("Stall bound: 1.5 s;") == true, "\(found?.message ?? "")")
        let atTheBound = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100, maximumStall: 1) { try Self.offloadOvertaken(by: 1, $0) }
        }
        #expect(atTheBound?.kind == .scheduleFailed)
        let bounded = try MockDispatchable.exploreAll(limit: 100, maximumStall: 0.999) {
            try Self.offloadOvertaken(by: 1, $0)
        }
        #expect(bounded.isExhaustive && bounded.distinctSchedules == 1)
        let explored = try MockDispatchable.explore(schedules: 50, seed: 3, maximumStall: 0) {
            try Self.offloadOvertaken(by: 1, $0)
        }
        #expect(explored.isExhaustive)
    }

    /// `maximumStall: 0.1` allows an offload item exactly 0.1 s, not 0.1 s and a nanosecond.
    @Test func aBoundOfATenthAllowsAnOffloadItemExactlyATenth() throws {
        let atTheBound = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100, maximumStall: 0.1) { try Self.offloadOvertaken(by: 0.1, $0) }
        }
        #expect(atTheBound?.message.contains("offload #1 stalled 0.100s behind after(0.1) #2") == true)
        let past = try MockDispatchable.exploreAll(limit: 100, maximumStall: 0.1) {
            try Self.offloadOvertaken(by: 0.100_000_001, $0)
        }
        #expect(past.isExhaustive && past.distinctSchedules == 1)
    }

    /// Left out, the bound leaves the mock's blocks unbounded: a 60 s stall of an offload item is
    /// explored, in synchronous and in async explorations alike.
    @Test func byDefaultAnOffloadItemMayWaitAMinute() async throws {
        let sync = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100) { try Self.offloadOvertaken(by: 60, $0) }
        }
        #expect(sync?.message.contains("offload #1 stalled 60.000s behind after(60) #2") == true)
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        // The body's own offload item, awaited: the explorer runs it, or first the 60 s timer.
        let async = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 100) { mock in
                mock.offload(after: 60) {}
                let ranAt = await mock.performOffloaded { mock.now }
                if ranAt > 0 { throw RanLate() }
            }
        }
        #expect(async?.kind == .scheduleFailed)
        #expect(
            async?.message.contains("offload #3 stalled 60.000s behind offload #2") == true, "\(async?.message ?? "")")
        #expect(async?.message.contains("maximumStall:") == true, "the report says how to bound it")
    }

    /// Two one-deviation failures: the later choice point's (met first, fewest deviations first)
    /// stalls its block 7 s, the earlier one's 2 s. The report names the 2 s one.
    @Test func minimisationPrefersTheShortestLongestStall() throws {
        func body(_ mock: MockDispatchable) throws {
            let late = LockedValue(false)
            let first = mock.after(2) {}
            mock.offload {
                if mock.now > 0 { late.value = true }
                first.cancel()
                mock.after(7) {}
                mock.offload { if mock.now > 0 { late.value = true } }
            }
            try mock.runUntilIdle()
            if late.value { throw RanLate() }
        }
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100) { try body($0) }
        }
        let message = error?.message ?? ""
        #expect(message.contains("in 1 choice"), "\(message)")
        #expect(message.contains("stalled 2.000s behind after(2)"), "\(message)")
        if let schedule = error?.schedule {
            let replayed = #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.replay(schedule) { try body($0) }
            }
            #expect(replayed?.message.contains("stalled 2.000s behind after(2)") == true)
        }
    }

    @Test func aFailureWithoutAStallSaysSo() throws {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100) { mock in
                let order = LockedValue<[Int]>([])
                mock.offload { order.mutate { $0.append(1) } }
                mock.offload { order.mutate { $0.append(2) } }
                try mock.runUntilIdle()
                if order.value == [2, 1] { throw RanLate() }
            }
        }
        #expect(error?.message.contains("Longest stall: none") == true)
    }

    @Test(arguments: [-1, -.infinity, .nan] as [TimeInterval])
    func aBadBoundIsRefusedBeforeTheBodyRuns(_ bound: TimeInterval) throws {
        let ran = LockedValue(false)
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 10, maximumStall: bound) { _ in ran.value = true }
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("maximumStall") == true)
        #expect(!ran.value)
        let replayError = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay("", maximumStall: bound) { _ in ran.value = true }
        }
        #expect(replayError?.kind == .invalidArgument)
    }

    /// A schedule found under one bound replays under it, and its report's replay call names it.
    @Test func aScheduleReplaysUnderTheBoundItWasFoundUnder() throws {
        let found = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100, maximumStall: .infinity) {
                try Self.cancellationBesideAWatchdog($0)
            }
        }
        #expect(found?.message.contains("maximumStall: .infinity)") == true, "\(found?.message ?? "")")
        #expect(found?.message.contains("Stall bound: none (.infinity)") == true)
        let schedule = try #require(found?.schedule)
        let replayed = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay(schedule, maximumStall: .infinity) { try Self.cancellationBesideAWatchdog($0) }
        }
        #expect(replayed?.kind == .scheduleFailed)
        #expect(replayed?.schedule == schedule)
        // Under a bound that forbids the stall the choice point is gone: not the same body's schedule.
        let bounded = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay(schedule, maximumStall: 1) { try Self.cancellationBesideAWatchdog($0) }
        }
        #expect(bounded?.kind == .nondeterministicBody)
    }

    @Test func anInfiniteBoundIsUnbounded() throws {
        #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100, maximumStall: .infinity) {
                try Self.cancellationBesideAWatchdog($0)
            }
        }
    }
}

/// The same for async bodies: a sleeping watchdog task beside a task that could run at once. Left
/// out, the bound lets a task's job wait at most 0.1 s, inclusively.
@Suite("Exploration: stalls of async bodies")
struct AsyncStallTests {
    struct WatchdogFired: Error {}

    /// A watchdog task that sleeps `seconds` (`Task.sleep`) and fires unless a task that can run at
    /// once ran first: only a schedule in which that task's job waits `seconds` fails.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func watchdogBesideReadyTask(_ mock: MockDispatchable, seconds: Double = 5) async throws {
        let done = LockedValue(false)
        let fired = LockedValue(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(seconds))
            if !done.value { fired.value = true }
        }
        let work = Task { done.value = true }
        await work.value
        watchdog.cancel()
        _ = await watchdog.result
        if fired.value { throw WatchdogFired() }
    }

    @Test func anAsyncWatchdogIsReportedWithItsStallAndPassesWithABound() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        // The public capture sees no Task.sleep on Swift 6.2 and later: this is the executor factory's.
        guard await AsyncCaptureSupport.tasksSleepOnVirtualTime else { return }
        // A 5 s stall of a task's job: past the default bound, so asked for with `.infinity`.
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: .infinity) {
                try await Self.watchdogBesideReadyTask($0)
            }
        }
        // Under a capture that cannot see sleeps (the public one on Swift 6.2 and later), the run is refused.
        if error?.kind == .unsupported {
            #expect(ProcessInfo.processInfo.environment[MockDispatchable.EnvironmentVariables.asyncCapture] == "public")
            return
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.message.contains("stalled 5.000s behind task") == true, "\(error?.message ?? "")")
        let report = try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: 1) {
            try await Self.watchdogBesideReadyTask($0)
        }
        #expect(report.isExhaustive)
    }

    /// Left out, the bound keeps a task's job from waiting 0.2 s: a failure that needs that stall
    /// is not reported, and `.infinity` finds it.
    @Test func byDefaultATaskJobWaitsNoMoreThanATenth() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        // The public capture sees no Task.sleep on Swift 6.2 and later (the mock.clock tests below
        // cover it): this is the executor factory's.
        guard !AsyncCaptureSupport.usesPublicCapture else { return }
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: .infinity) {
                try await Self.watchdogBesideReadyTask($0, seconds: 0.2)
            }
        }
        #expect(found?.kind == .scheduleFailed)
        #expect(found?.message.contains("stalled 0.200s behind task") == true, "\(found?.message ?? "")")
        #expect(found?.message.contains("maximumStall: .infinity)") == true, "the replay call keeps the bound")
        let byDefault = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
            try await Self.watchdogBesideReadyTask($0, seconds: 0.2)
        }
        #expect(byDefault.isExhaustive)
        let byDefaultSampled = try await MockDispatchable.exploreTasks(schedules: 100, seed: 1) {
            try await Self.watchdogBesideReadyTask($0, seconds: 0.2)
        }
        #expect(byDefaultSampled.isExhaustive)
        // The schedule found under `.infinity` replays under it, and is not the default bound's.
        let schedule = try #require(found?.schedule)
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replayTasks(schedule, maximumStall: .infinity) {
                try await Self.watchdogBesideReadyTask($0, seconds: 0.2)
            }
        }
        #expect(replayed?.kind == .scheduleFailed)
        #expect(replayed?.schedule == schedule)
        let replayedByDefault = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replayTasks(schedule) {
                try await Self.watchdogBesideReadyTask($0, seconds: 0.2)
            }
        }
        #expect(replayedByDefault?.kind == .nondeterministicBody)
    }

    /// The default bound is inclusive: a task's job may wait exactly 0.1 s, so a failure that needs
    /// that stall is found without asking.
    @Test func byDefaultATaskJobMayWaitExactlyATenth() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        guard !AsyncCaptureSupport.usesPublicCapture else { return }  // as above
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000) {
                try await Self.watchdogBesideReadyTask($0, seconds: 0.1)
            }
        }
        #expect(found?.kind == .scheduleFailed)
        #expect(found?.message.contains("stalled 0.100s behind task") == true, "\(found?.message ?? "")")
        let schedule = try #require(found?.schedule)
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replayTasks(schedule) {
                try await Self.watchdogBesideReadyTask($0, seconds: 0.1)
            }
        }
        #expect(replayed?.schedule == schedule)
        // Longer is past it (0.11 s: a `Task.sleep` is read off the real clock, to the roundest
        // duration, so a nanosecond more would be read as 0.1 s).
        let past = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
            try await Self.watchdogBesideReadyTask($0, seconds: 0.11)
        }
        #expect(past.isExhaustive)
    }

    /// A task sleeping on `mock.clock` that sets `done` at 1 s, beside a watchdog task that fires at
    /// 1.5 s unless it has: only a schedule in which the sleeper waits 0.5 s fails. An
    /// `offload(after: 1)` block due with the sleeper's wake-up and queued before it runs first, so
    /// the wake-up itself (an item of the mock's main lane) is due and waiting when the watchdog's
    /// timer may overtake it; then the sleeper's job is. No `Task.sleep` and no main-actor block:
    /// every capture explores it.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static func sleeperBesideWatchdogOnTheMockClock(_ mock: MockDispatchable) async throws {
        let clock = mock.clock
        let done = LockedValue(false)
        let fired = LockedValue(false)
        mock.offload(after: 1) {}
        let sleeper = Task {
            try await clock.sleep(for: .seconds(1))
            done.value = true
        }
        let watchdog = Task {
            try await clock.sleep(for: .seconds(1.5))
            if !done.value { fired.value = true }
        }
        _ = await (sleeper.result, watchdog.result)
        if fired.value { throw WatchdogFired() }
    }

    /// A task's wake-up on `mock.clock` is bounded as the task's job is.
    @Test func aTaskWakingOnTheMockClockIsBoundedAsATask() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let byDefault = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
            try await Self.sleeperBesideWatchdogOnTheMockClock($0)
        }
        #expect(byDefault.isExhaustive)
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: .infinity) {
                try await Self.sleeperBesideWatchdogOnTheMockClock($0)
            }
        }
        #expect(found?.kind == .scheduleFailed)
        #expect(found?.message.contains("stalled 0.500s behind") == true, "\(found?.message ?? "")")
    }

    /// A main-actor job queued behind a block of the main lane waits while that block does: a
    /// timer that overtakes the block (sent by a task, so it may) stalls the job too, and the job's
    /// bound holds. Only a schedule in which the job waits 0.5 s fails.
    @Test func aTaskJobBehindTheMainLanesHeadIsBoundedAsATask() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        // Main-actor jobs are explored by the executor-factory capture only.
        guard AsyncCaptureSupport.exploresMainActorCode else { return }
        @Sendable func body(_ mock: MockDispatchable) async throws {
            let clock = mock.clock
            let done = LockedValue(false)
            let fired = LockedValue(false)
            let watchdog = Task {
                try await clock.sleep(for: .seconds(0.5))
                if !done.value { fired.value = true }
            }
            let worker = Task {
                mock.main {}
                await MainActor.run { done.value = true }
            }
            await worker.value
            _ = await watchdog.result
            if fired.value { throw WatchdogFired() }
        }
        let byDefault = try await MockDispatchable.exploreAllTasks(limit: 1_000) { try await body($0) }
        #expect(byDefault.isExhaustive)
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: .infinity) { try await body($0) }
        }
        #expect(found?.kind == .scheduleFailed)
        #expect(found?.message.contains("stalled 0.500s behind") == true, "\(found?.message ?? "")")
    }

    /// The example of a task's stall in the docs (FindingOrderingBugs.md, "Stalls"): a work task
    /// beside a watchdog sleeping 5 s on the mock (`sleep(for:)`).
    @Test func theDocsWatchdogBesideWorkPassesByDefaultAndFailsUnbounded() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let watchdogBesideWork: @Sendable (MockDispatchable) async throws -> Void = { mock in
            let done = LockedValue(false)
            let watchdog = Task {
                try await mock.sleep(for: 5)
                if !done.value { throw WatchdogFired() }
            }
            let work = Task { done.value = true }
            await work.value
            try await watchdog.value
        }
        let report = try await MockDispatchable.exploreAllTasks(watchdogBesideWork)
        #expect(report.isExhaustive)
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(maximumStall: .infinity, watchdogBesideWork)
        }
        #expect(found?.kind == .scheduleFailed)
        #expect(
            found?.message.contains("task 3 #3 stalled 5.000s behind after(5) wake-up #4") == true,
            "\(found?.message ?? "")")
    }

    @Test(arguments: [-0.5, -.infinity, .nan] as [TimeInterval])
    func theAsyncFormsRefuseABadBound(_ bound: TimeInterval) async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let ran = LockedValue(false)
        let explored = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 10, seed: 1, maximumStall: bound) { _ in ran.value = true
            }
        }
        #expect(explored?.kind == .invalidArgument)
        #expect(explored?.message.contains("maximumStall") == true)
        let all = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 10, maximumStall: bound) { _ in ran.value = true }
        }
        #expect(all?.kind == .invalidArgument)
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replayTasks("", maximumStall: bound) { _ in ran.value = true }
        }
        #expect(replayed?.kind == .invalidArgument)
        #expect(!ran.value)
    }
}

#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))
    extension ChildProcessTests {
        @Suite("The stall bound from the environment (child processes)", .serialized)
        struct StallEnvironmentTests {
            @Test func theEnvironmentVariableBoundsEveryExploration() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        setenv(MockDispatchable.EnvironmentVariables.maximumStall, "1", 1)
                        let report = try await MainActor.run {
                            try MockDispatchable.exploreAll(limit: 100) {
                                try ExplorationStallTests.cancellationBesideAWatchdog($0)
                            }
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                        setenv(MockDispatchable.EnvironmentVariables.maximumStall, "6", 1)
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MainActor.run {
                                _ = try MockDispatchable.exploreAll(limit: 100) {
                                    try ExplorationStallTests.cancellationBesideAWatchdog($0)
                                }
                            }
                        }
                        ChildProcess.expect(error.kind == .scheduleFailed, "\(error.kind)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// `inf` lifts the default bound of tasks' jobs for every exploration whose
            /// `maximumStall:` is left out, and its reports' replay calls name it; a given
            /// `maximumStall:` still wins.
            @Test func infLiftsTheBoundOfTasks() async {
                guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let passes = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
                            try await AsyncStallTests.sleeperBesideWatchdogOnTheMockClock($0)
                        }
                        ChildProcess.expect(passes.isExhaustive, "unset: \(passes)")
                        setenv(MockDispatchable.EnvironmentVariables.maximumStall, "inf", 1)
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            _ = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
                                try await AsyncStallTests.sleeperBesideWatchdogOnTheMockClock($0)
                            }
                        }
                        ChildProcess.expect(error.kind == .scheduleFailed, "\(error.kind): \(error.message)")
                        ChildProcess.expect(error.message.contains("stalled 0.500s"), error.message)
                        ChildProcess.expect(error.message.contains("maximumStall: .infinity)"), error.message)
                        let given = try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: 0.1) {
                            try await AsyncStallTests.sleeperBesideWatchdogOnTheMockClock($0)
                        }
                        ChildProcess.expect(given.isExhaustive, "maximumStall: 0.1 beside inf: \(given)")
                        setenv(MockDispatchable.EnvironmentVariables.maximumStall, " 0.5 ", 1)
                        _ = await ChildProcess.error(MockDispatchableError.self) {
                            _ = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
                                try await AsyncStallTests.sleeperBesideWatchdogOnTheMockClock($0)
                            }
                        }
                        setenv(MockDispatchable.EnvironmentVariables.maximumStall, "0.499", 1)
                        let below = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
                            try await AsyncStallTests.sleeperBesideWatchdogOnTheMockClock($0)
                        }
                        ChildProcess.expect(below.isExhaustive, "0.499: \(below)")
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func aMalformedVariableIsRefusedNamingIt() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        for text in ["abc", "-1", "nan", "-inf", "0.1s", "1/8"] {
                            setenv(MockDispatchable.EnvironmentVariables.maximumStall, text, 1)
                            let error = await ChildProcess.error(MockDispatchableError.self) {
                                try await MainActor.run {
                                    _ = try MockDispatchable.exploreAll(limit: 10) { _ in }
                                }
                            }
                            ChildProcess.expect(error.kind == .invalidArgument, "\(text): \(error.kind)")
                            ChildProcess.expect(
                                error.message.contains(MockDispatchable.EnvironmentVariables.maximumStall),
                                error.message)
                            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { continue }
                            let async = await ChildProcess.error(MockDispatchableError.self) {
                                _ = try await MockDispatchable.exploreTasks(schedules: 10, seed: 1) { _ in }
                            }
                            ChildProcess.expect(async.kind == .invalidArgument, "\(text), async: \(async.kind)")
                            ChildProcess.expect(
                                async.message.contains(MockDispatchable.EnvironmentVariables.maximumStall),
                                async.message)
                        }
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }
#endif
