import Foundation
import Testing

@testable import Dispatchable

/// Stalls: a failure that needs ready work to wait behind a timer states how long, minimisation
/// prefers the shortest, and `maximumStall:` (or `DISPATCHABLE_MAXIMUM_STALL`) bounds it.
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
    }

    @Test func aWatchdogBesideReadyWorkPassesWithAOneSecondBound() throws {
        let report = try MockDispatchable.exploreAll(limit: 100, maximumStall: 1) {
            try Self.cancellationBesideAWatchdog($0)
        }
        #expect(report.isExhaustive)
        #expect(report.distinctSchedules == 1)
    }

    /// A slow offload item overtaken by `after(1)`: found with a bound above 1 s, not with 1 s (a
    /// timer may overtake work only while that work has waited less than the bound).
    @Test func aSlowOffloadOvertakenByAfterOneIsBoundedStrictly() throws {
        func body(_ mock: MockDispatchable) throws {
            let ranAt = LockedValue<TimeInterval>(-1)
            mock.offload { ranAt.value = mock.now }
            mock.after(1) {}
            try mock.runUntilIdle()
            if ranAt.value > 0 { throw RanLate() }
        }
        let found = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100, maximumStall: 1.5) { try body($0) }
        }
        #expect(found?.message.contains("offload #1 stalled 1.000s behind after(1) #2") == true)
        #expect(found?.message.contains("maximumStall: 1.5)") == true, "the replay call keeps the bound")
        let bounded = try MockDispatchable.exploreAll(limit: 100, maximumStall: 1) { try body($0) }
        #expect(bounded.isExhaustive && bounded.distinctSchedules == 1)
        let explored = try MockDispatchable.explore(schedules: 50, seed: 3, maximumStall: 0) { try body($0) }
        #expect(explored.isExhaustive)
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

    @Test func anInfiniteBoundIsUnbounded() throws {
        #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 100, maximumStall: .infinity) {
                try Self.cancellationBesideAWatchdog($0)
            }
        }
    }
}

/// The same for async bodies: a sleeping watchdog task beside a task that could run at once.
@Suite("Exploration: stalls of async bodies")
struct AsyncStallTests {
    struct WatchdogFired: Error {}

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func watchdogBesideReadyTask(_ mock: MockDispatchable) async throws {
        let done = LockedValue(false)
        let fired = LockedValue(false)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(5))
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
        guard AsyncCaptureSupport.tasksSleepOnVirtualTime else { return }
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000) { try await Self.watchdogBesideReadyTask($0) }
        }
        // Under a capture that cannot see sleeps (the public one on Swift 6.2 and later), the run is refused.
        if error?.kind == .unsupported {
            #expect(ProcessInfo.processInfo.environment[MockDispatchable.asyncCaptureVariable] == "public")
            return
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.message.contains("stalled 5.000s behind task") == true, "\(error?.message ?? "")")
        let report = try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: 1) {
            try await Self.watchdogBesideReadyTask($0)
        }
        #expect(report.isExhaustive)
    }
}

#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))
    extension ChildProcessTests {
        @Suite("The stall bound from the environment (child processes)", .serialized)
        struct StallEnvironmentTests {
            @Test func theEnvironmentVariableBoundsEveryExploration() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        setenv(MockDispatchable.maximumStallVariable, "1", 1)
                        let report = try await MainActor.run {
                            try MockDispatchable.exploreAll(limit: 100) {
                                try ExplorationStallTests.cancellationBesideAWatchdog($0)
                            }
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                        setenv(MockDispatchable.maximumStallVariable, "6", 1)
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

            @Test func aMalformedVariableIsRefusedNamingIt() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        for text in ["abc", "-1", "nan"] {
                            setenv(MockDispatchable.maximumStallVariable, text, 1)
                            let error = await ChildProcess.error(MockDispatchableError.self) {
                                try await MainActor.run {
                                    _ = try MockDispatchable.exploreAll(limit: 10) { _ in }
                                }
                            }
                            ChildProcess.expect(error.kind == .invalidArgument, "\(text): \(error.kind)")
                            ChildProcess.expect(
                                error.message.contains(MockDispatchable.maximumStallVariable), error.message)
                        }
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }
#endif
