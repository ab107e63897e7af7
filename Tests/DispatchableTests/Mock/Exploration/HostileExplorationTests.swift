import Foundation
import Testing

@testable import Dispatchable

/// `explore`, `exploreAll` and `replay` fed bad counts and strategies, bad and foreign schedules,
/// flaky bodies and mocks that escape their run.
@MainActor
@Suite("Hostile input: exploration", .tags(.hostile))
struct HostileExplorationTests {
    struct ColdCache: Error {}

    @Test(arguments: [0, -1, Int.min])
    func exploreRefusesAScheduleCountBelowOneAndNeverRunsTheBody(schedules: Int) {
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.explore(schedules: schedules) { _ in
                runs += 1
                throw ColdCache()
            }
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("schedules must be 1 or more, not \(schedules)") == true)
        #expect(runs == 0)
    }

    @Test(arguments: [0, -1, Int.min])
    func exploreAllRefusesALimitBelowOne(limit: Int) {
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: limit) { _ in runs += 1 }
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("limit must be 1 or more") == true)
        #expect(runs == 0)
    }

    @Test(arguments: [0, -1, Int.min])
    func pctRefusesADepthBelowOne(depth: Int) {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.explore(schedules: 10, strategy: .pct(depth: depth)) { _ in }
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("pct(depth:) needs a depth of 1 or more") == true)
    }

    @Test(arguments: [1, 1_000_000])
    func pctAcceptsAnyDepthFromOne(depth: Int) throws {
        let report = try MockDispatchable.explore(schedules: 50, strategy: .pct(depth: depth)) { mock in
            for _ in 0..<3 { mock.offload {} }
            try mock.runUntilIdle()
        }
        #expect(report.distinctSchedules <= 6)
    }

    @Test(arguments: [Int.min, Int.max])
    func extremeSeedsAreDeterministic(seed: Int) throws {
        func explore() throws -> MockDispatchable.ExplorationReport {
            try MockDispatchable.explore(schedules: 40, seed: seed, strategy: .randomWalk) { mock in
                for _ in 0..<5 { mock.offload {} }
                try mock.runUntilIdle()
            }
        }
        #expect(try explore() == explore())
    }

    @Test func exploreAllWithTheLargestLimitStopsWhenEveryScheduleHasRun() throws {
        let report = try MockDispatchable.exploreAll(limit: .max) { mock in
            mock.offload {}
            mock.offload {}
            try mock.runUntilIdle()
        }
        #expect(report.isExhaustive)
        #expect(report.schedulesRun == 2)
    }

    @Test func aLargeSpaceIsNotCalledExhaustive() throws {
        let report = try MockDispatchable.explore(schedules: 200) { mock in
            for _ in 0..<8 { mock.offload {} }
            try mock.runUntilIdle()
        }
        #expect(report.schedulesRun == 200)
        #expect(!report.isExhaustive)
    }

    // MARK: replay

    @Test func aLongMalformedScheduleIsRefusedNamingTheTokenInAShortMessage() {
        let schedule = Array(repeating: "0/2", count: 9_999).joined(separator: " ") + " 2/x"
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay(schedule) { _ in }
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("token 10000 of 10000, \"2/x\"") == true)
        #expect((error?.message.count ?? .max) < 500)
    }

    @Test(arguments: ["99999999999999999999999/3", "-1/2", "1/-2", "1//2", "½/2"])
    func numbersThatAreNotChoicesAreRefused(schedule: String) {
        let error = #expect(throws: MockDispatchableError.self) { try MockDispatchable.replay(schedule) { _ in } }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("token 1 of 1") == true)
    }

    @Test func aScheduleWithChoicePointsTheBodyNeverReachesIsNotReplayed() {
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay("0/2 0/2 1/2") { mock in
                runs += 1
                mock.offload {}
                mock.offload {}
                try mock.runUntilIdle()
            }
        }
        #expect(error?.kind == .nondeterministicBody)
        #expect(error?.message.contains("has 3 choice points, but the body reached only 1") == true)
        #expect(error?.schedule == nil)
        #expect(runs == 1)
    }

    @Test func anEmptyScheduleIsOrdinaryManualMode() throws {
        var order: [Int] = []
        try MockDispatchable.replay("") { mock in
            order = []
            for index in 1...3 { mock.offload { MainActor.assumeIsolated { order.append(index) } } }
            try mock.runUntilIdle()
        }
        #expect(order == [1, 2, 3])
    }

    // MARK: flaky bodies

    @Test func aFailureThatDoesNotRecurIsReportedAsNotReproducible() {
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.explore(schedules: 100) { mock in
                runs += 1
                mock.offload {}
                mock.offload {}
                try mock.runUntilIdle()
                if runs == 3 { throw ColdCache() }  // once, whatever the schedule
            }
        }
        #expect(error?.kind == .nondeterministicBody)
        #expect(error?.message.contains("not reproducible") == true)
        #expect(error?.message.contains("ColdCache") == true)
        #expect(error?.message.contains("Schedule:") == false, "no schedule that would not fail is handed out")
        #expect(error?.schedule == nil)
    }

    @Test func exploreAllReportsAFlakyFailureAsNotReproducibleToo() {
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll { mock in
                runs += 1
                mock.offload {}
                try mock.runUntilIdle()
                if runs == 1 { throw ColdCache() }
            }
        }
        #expect(error?.kind == .nondeterministicBody)
        #expect(error?.schedule == nil)
    }

    @Test(arguments: OrderingBug.all)
    func theReportNeverContradictsItsSchedule(_ bug: OrderingBug) throws {
        let error = try #require(
            #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.explore(schedules: 1_000, seed: 3) { mock in try bug.run(mock, true) }
            })
        let schedule = try #require(error.schedule)
        let deviations = schedule.split(separator: " ").filter { !$0.hasPrefix("0/") }.count
        let listed = error.message.split(separator: "\n").filter { $0.hasPrefix("    - step ") }.count
        #expect(listed == deviations)
        #expect(error.message.contains("ordinary manual mode: the body fails without") == (deviations == 0))
    }

    // MARK: escaped mocks

    @Test func aMockKeptAfterExplorationIsAnOrdinaryManualMock() throws {
        var kept: [MockDispatchable] = []
        try MockDispatchable.explore(schedules: 30, seed: 7, strategy: .randomWalk) { mock in
            kept.append(mock)
            for _ in 0..<3 { mock.offload {} }
            try mock.runUntilIdle()
        }
        for mock in kept {
            let order = LockedValue<[Int]>([])
            for index in 1...4 { mock.offload { order.mutate { $0.append(index) } } }
            try mock.runUntilIdle()
            #expect(order.value == [1, 2, 3, 4], "scheduling order, not the run's random choices")
        }
    }

    @Test func aMockKeptAfterExplorationKeepsItsClockAndQueuedWork() throws {
        // Exploration reuses a finished run's queues for the next run: never those of a mock the
        // body kept.
        var kept: [MockDispatchable] = []
        try MockDispatchable.explore(schedules: 20, seed: 3, strategy: .randomWalk) { mock in
            kept.append(mock)
            mock.offload {}
            mock.offload {}
            mock.after(1) {}
            mock.after(5) {}
            try mock.advance(by: 2)
        }
        #expect(kept.count > 1)
        for mock in kept {
            #expect(mock.now == 2)
            #expect(mock.pendingWork.map(\.name) == ["after(5) #4"])
            try mock.runUntilIdle()
            #expect(mock.now == 5 && mock.pendingWork.isEmpty)
        }
    }

    @Test(arguments: [false, true])
    func everyRunStartsFromAnEmptyMockAtTimeZeroWhateverTheRunBeforeLeftQueued(keepingTheMock: Bool) throws {
        var starts: [String] = []
        var kept: [MockDispatchable] = []
        let report = try MockDispatchable.exploreAll { mock in
            if keepingTheMock { kept.append(mock) }
            starts.append("t=\(mock.now) pending=\(mock.pendingWork.count)")
            mock.offload {}
            mock.offload {}
            mock.after(3) {}  // left queued, with the clock moved: the next run must not see either
            mock.after(9) {}
            try mock.advance(by: 4)
            #expect(mock.pendingWork.map(\.name) == ["after(9) #4"])
        }
        #expect(report.schedulesRun > 1)
        #expect(starts == Array(repeating: "t=0.0 pending=0", count: report.schedulesRun))
        #expect(kept.count == (keepingTheMock ? report.schedulesRun : 0))
        #expect(kept.allSatisfy { $0.now == 4 && $0.pendingWork.map(\.name) == ["after(9) #4"] })
    }

    @Test func aMockKeptFromARunThatWasNotDeterministicNoLongerThrowsForIt() throws {
        var kept: MockDispatchable?
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll { mock in
                runs += 1
                kept = mock
                for _ in 0..<(runs == 1 ? 2 : 3) { mock.offload {} }
                try mock.runUntilIdle()
            }
        }
        #expect(error?.kind == .nondeterministicBody, "\(error?.message ?? "passed")")
        let mock = try #require(kept)
        mock.offload {}
        mock.offload {}
        try mock.runUntilIdle()
        #expect(mock.pendingWork.isEmpty)
    }

    @Test func anExplorationInsideAnExploredBodyIsItsOwn() throws {
        var inner: [MockDispatchable.ExplorationReport] = []
        let outer = try MockDispatchable.exploreAll { mock in
            mock.offload {}
            mock.offload {}
            inner.append(
                try MockDispatchable.exploreAll { innerMock in
                    for _ in 0..<3 { innerMock.offload {} }
                    try innerMock.runUntilIdle()
                })
            try mock.runUntilIdle()
        }
        #expect(outer.schedulesRun == 2)
        #expect(inner.allSatisfy { $0.schedulesRun == 6 && $0.isExhaustive })
    }
}
