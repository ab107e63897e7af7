import Foundation
import Testing

@testable import Dispatchable

/// A strategy added in one file, with no change to the library: a `Scheduler` is the whole seam.
/// Ordinary manual mode, then one run that always picks the item queued last (a stack's order,
/// where ordinary manual mode is a queue's): the order a LIFO executor or a busy thread pool's
/// work stealing produces, and the one a completion handler written for FIFO breaks under.
struct NewestFirst: MockDispatchable.Scheduler {
    private var runsBegun = 0

    mutating func beginRun() -> MockDispatchable.PlannedRun? {
        runsBegun += 1
        switch runsBegun {
        case 1: return MockDispatchable.PlannedRun()
        case 2: return MockDispatchable.PlannedRun(policy: Policy())
        default: return nil
        }
    }

    func endRun(_ choices: [MockDispatchable.Choice], isRepeat: Bool) -> String? { nil }
    var mayRepeat: Bool { false }
    /// Two schedules are not every schedule.
    var isExhaustive: Bool { false }

    /// The candidate queued last: the highest sequence number.
    struct Policy: MockDispatchable.SchedulePolicy {
        var readsIdentities: Bool { false }
        func pick(among candidates: MockDispatchable.CandidateList, at point: Int) -> Int {
            candidates.indexOfGreatest { UInt64($0.sequence) }
        }
    }
}

/// A strategy that starts from a schedule it is given (and stops): what a failure found elsewhere
/// looks like to the driver, which minimises it like any other.
struct StartingFrom: MockDispatchable.Scheduler {
    var schedule: String?

    mutating func beginRun() -> MockDispatchable.PlannedRun? {
        defer { schedule = nil }
        guard let schedule, case .success(let script) = MockDispatchable.ScheduleText.decode(schedule) else {
            return nil
        }
        return MockDispatchable.PlannedRun(script: script, isStrict: true)
    }

    func endRun(_ choices: [MockDispatchable.Choice], isRepeat: Bool) -> String? { nil }
    var mayRepeat: Bool { false }
    var isExhaustive: Bool { false }
}

/// Ten stages, one after another, each of three offloads `x`, `y`, `z`: the last of a stage to
/// run queues the next, so a stage offers 3 choices and then 2. It fails when `z` runs before `x`
/// in each of the first three stages (three deviations, one per stage: `z` first) — or when `y`
/// runs first in all ten (ten deviations, and none can go: without any one of them it passes).
@MainActor
func stagedBody(_ mock: MockDispatchable) throws {
    let orders = LockedValue<[[Character]]>([])
    queueStage(0, on: mock, recordingIn: orders)
    try mock.runUntilIdle()
    let stages = orders.value
    let zBeforeX = stages.prefix(3).allSatisfy { $0.firstIndex(of: "z")! < $0.firstIndex(of: "x")! }
    let yFirstEverywhere = stages.count == 10 && stages.allSatisfy { $0.first == "y" }
    if zBeforeX || yFirstEverywhere { throw InvariantBroken("\(stages.map { String($0) })") }
}

/// Queues stage `index`'s three offloads; the last of them to run queues the next stage.
nonisolated func queueStage(_ index: Int, on mock: MockDispatchable, recordingIn orders: LockedValue<[[Character]]>) {
    orders.mutate { $0.append([]) }
    for name in ["x", "y", "z"] as [Character] {
        mock.offload {
            let isLast = orders.mutate { orders -> Bool in
                orders[index].append(name)
                return orders[index].count == 3
            }
            if isLast, index < 9 { queueStage(index + 1, on: mock, recordingIn: orders) }
        }
    }
}

@MainActor
@Suite("Exploration strategies: one file each, behind one driver")
struct ExplorationStrategyTests {
    static func explorer(_ body: @escaping @MainActor (MockDispatchable) throws -> Void) throws
        -> MockDispatchable.Explorer
    {
        try MockDispatchable.Explorer(
            .init(.replay(""), maximumStall: nil, family: .synchronous, fileID: #fileID, line: #line),
            mainActorBody: body)
    }

    /// y first in every stage: ten deviations.
    static let tenDeviations = Array(repeating: "1/3 0/2", count: 10).joined(separator: " ")

    @Test func aStrategyInAFileOfItsOwnFindsWhatOrdinaryManualModeMisses() throws {
        // A completion that assumes the request sent first finishes first.
        let body: @MainActor (MockDispatchable) throws -> Void = { mock in
            let finished = LockedValue<[Int]>([])
            for request in 1...3 { mock.offload { finished.mutate { $0.append(request) } } }
            try mock.runUntilIdle()
            guard finished.value.first == 1 else { throw InvariantBroken("finished \(finished.value)") }
        }
        try MockDispatchable.replay("") { try body($0) }  // ordinary manual mode passes
        var strategy = NewestFirst()
        let error = try #require(
            #expect(throws: MockDispatchableError.self) { try Self.explorer(body).drive(&strategy, limit: 10) })
        // Run 2 took the newest each time (3, then 2: two deviations); the driver minimised it to
        // the one the failure needs, request 3 first.
        #expect(error.kind == .scheduleFailed)
        #expect(error.message.contains("schedule 2 failed"), "\(error.message)")
        #expect(error.schedule == "2/3", "\(error.schedule ?? "nil")")
        #expect(error.message.contains("in 1 choice (minimised from 2)"), "\(error.message)")
    }

    @Test func aStrategyThatRunsOutOfRunsEndsTheExploration() throws {
        var strategy = NewestFirst()
        let report = try Self.explorer { mock in
            for _ in 1...3 { mock.offload {} }
            try mock.runUntilIdle()
        }.drive(&strategy, limit: 10)
        #expect(report.schedulesRun == 2 && report.distinctSchedules == 2 && !report.isExhaustive)
    }

    @Test func theTenDeviationFailureFailsAndIsOneMinimal() throws {
        let failed = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay(Self.tenDeviations) { try stagedBody($0) }
        }
        #expect(failed?.message.contains("in 10 choices:") == true, "\(failed?.message ?? "")")
        // Without any one of its deviations it passes: nothing can be dropped.
        for stage in 0..<10 {
            var tokens = Self.tenDeviations.split(separator: " ").map(String.init)
            tokens[2 * stage] = "0/3"
            try MockDispatchable.replay(tokens.joined(separator: " ")) { try stagedBody($0) }
        }
    }

    /// Dropping deviations one at a time stops at the ten-deviation failure; the search from
    /// below finds the three the body needs at least.
    @Test func aMinimumOfThreeBehindAOneMinimalSetOfTenIsFound() throws {
        var strategy = StartingFrom(schedule: Self.tenDeviations)
        let error = try #require(
            #expect(throws: MockDispatchableError.self) {
                try Self.explorer { try stagedBody($0) }.drive(&strategy, limit: 1)
            })
        #expect(ExplorationMinimisationTests.deviations(in: error.schedule ?? "") == 3, "\(error.schedule ?? "nil")")
        #expect(error.message.contains("in 3 choices (minimised from 10)"), "\(error.message)")
        #expect(!error.message.contains("not ruled out"), "\(error.message)")
    }

    @Test(arguments: 1...5)
    func exploreReportsTheMinimumOfThree(seed: Int) async throws {
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await exploreLong(schedules: 1_000, seed: seed) { try stagedBody($0) }
            })
        #expect(ExplorationMinimisationTests.deviations(in: error.schedule ?? "") == 3, "\(error.schedule ?? "nil")")
    }

    @Test func exploreAllReportsTheMinimumOfThree() async throws {
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) { try await exploreAllLong { try stagedBody($0) } })
        #expect(ExplorationMinimisationTests.deviations(in: error.schedule ?? "") == 3, "\(error.schedule ?? "nil")")
        #expect(error.message.contains("in 3 choices:"), "\(error.message)")
    }
}
