import Foundation
import Testing

@testable import Dispatchable

/// Slow work is not hidden by the default stall bound: an exploration that passes under it searches
/// past it, and returns a failure that needs a task's job to be slow on its report — the test
/// passes — naming the job, how slow, what breaks and the schedule that replays it.
@Suite("Exploration: slow work past the default stall bound")
struct ExplorationSlowWorkTests {
    @Test func aSlowServiceBugPassesWithAFindingThatNamesTheSlowJob() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let report = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
            try await tokenRequestedTwice(on: $0.clock, buggy: true)
        }
        let slow = try #require(report.slowWorkFailure, "\(report)")
        #expect(slow.stall >= 0.5, "the provider's job has to wait the second request's 0.5 s: \(slow)")
        #expect(slow.slowJob.hasPrefix("task") || slow.slowJob.hasPrefix("actor job"), "\(slow.slowJob)")
        #expect(slow.failure.contains("refreshed 2 times"), "\(slow.failure)")
        #expect(slow.maximumStall == .infinity)
        #expect(slow.description.contains("passes when every task's job runs within 0.1 s"), "\(slow)")
        #expect(slow.description.contains("\(slow.slowJob) is \(SecondsText.measured(slow.stall)) slower"), "\(slow)")
        #expect(report.description.contains("slowWorkFailure"), "\(report)")
    }

    @Test func theFindingReplaysAsAFailureUnderItsBound() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let report = try await MockDispatchable.exploreTasks(schedules: 200, seed: 7) {
            try await tokenRequestedTwice(on: $0.clock, buggy: true)
        }
        let slow = try #require(report.slowWorkFailure, "\(report)")
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replayTasks(slow.schedule, maximumStall: slow.maximumStall) {
                try await tokenRequestedTwice(on: $0.clock, buggy: true)
            }
        }
        #expect(replayed?.kind == .scheduleFailed)
        #expect(replayed?.schedule == slow.schedule)
        #expect(replayed?.message.contains("refreshed 2 times") == true)
    }

    @Test func theUnboundedExplorationFailsOnTheSameBug() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: .infinity) {
                try await tokenRequestedTwice(on: $0.clock, buggy: true)
            }
        }
        #expect(found?.kind == .scheduleFailed)
    }

    @Test func theFixedTwinHasNoFinding() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let report = try await MockDispatchable.exploreAllTasks(limit: 1_000) {
            try await tokenRequestedTwice(on: $0.clock, buggy: false)
        }
        #expect(report.slowWorkFailure == nil, "\(report.slowWorkFailure.map { "\($0)" } ?? "")")
    }

    @Test(arguments: [0.1, 0.4, .infinity] as [TimeInterval])
    func anExplicitBoundSearchesNothingPastIt(_ bound: TimeInterval) async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let runs = LockedValue(0)
        let explored: () async throws -> MockDispatchable.ExplorationReport = {
            try await MockDispatchable.exploreAllTasks(limit: 1_000, maximumStall: bound) { mock in
                runs.mutate { $0 += 1 }
                try await tokenRequestedTwice(on: mock.clock, buggy: true)
            }
        }
        if bound == .infinity {
            await #expect(throws: MockDispatchableError.self) { try await explored() }
            return
        }
        let report = try await explored()
        #expect(report.slowWorkFailure == nil)
        #expect(runs.value == report.schedulesRun, "no run past the bound")
    }

    /// A second request 0.05 s after the first needs a stall within the default bound: a failure,
    /// as before.
    @Test func aBugThatNeedsNoLongStallStillFails() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 1_000) {
                try await tokenRequestedTwice(on: $0.clock, buggy: true, secondAfter: 0.05)
            }
        }
        #expect(found?.kind == .scheduleFailed)
    }

    @Test func aTimeoutRacedAgainstASlowConnectionIsFound() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let report = try await MockDispatchable.exploreTasks(schedules: 1_000, seed: 42) {
            try await connectionStartedWithATimeout(on: $0.clock, buggy: true)
        }
        let slow = try #require(report.slowWorkFailure, "\(report)")
        #expect(slow.stall >= 1, "the connection's job waits the timeout's 1 s: \(slow)")
        #expect(slow.failure.contains("timed out"), "\(slow.failure)")
        let fixed = try await MockDispatchable.exploreTasks(schedules: 1_000, seed: 42) {
            try await connectionStartedWithATimeout(on: $0.clock, buggy: false)
        }
        #expect(fixed.slowWorkFailure == nil)
    }

    /// A body with no timer to hold back searches nothing more: the same schedules run.
    @Test func aBodyWithoutTimersRunsNoMoreSchedules() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let runs = LockedValue(0)
        let report = try await MockDispatchable.exploreAllTasks(limit: 1_000) { _ in
            runs.mutate { $0 += 1 }
            async let a: Void = Task.yield()
            async let b: Void = Task.yield()
            _ = await (a, b)
        }
        #expect(report.slowWorkFailure == nil)
        #expect(runs.value == report.schedulesRun)
    }
}
