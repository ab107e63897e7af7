import Foundation
import Testing

@testable import Dispatchable

extension MockDispatchable: ManualStepping {}

/// Every bug of the corpus (`Support/OrderingBugs.swift`): ordinary manual mode misses it,
/// exploration finds it, and the correct twin passes every schedule.
@MainActor
@Suite("Exploration: a corpus of ordering bugs")
struct ExplorationCorpusTests {
    @Test(arguments: OrderingBug.all)
    func ordinaryManualModeMissesTheBug(_ bug: OrderingBug) throws {
        try bug.run(MockDispatchable(mode: .manual), true)
    }

    @Test(arguments: OrderingBug.all)
    func exploreFindsTheBugForSeveralSeeds(_ bug: OrderingBug) {
        for seed in [1, 2, 3, 42] {
            let error = #expect(throws: MockDispatchableError.self, "seed \(seed)") {
                try MockDispatchable.explore(schedules: 1_000, seed: seed) { mock in try bug.run(mock, true) }
            }
            #expect(error?.kind == .scheduleFailed)
            #expect(error?.schedule?.isEmpty == false, "a deviation from ordinary manual mode is needed")
        }
    }

    @Test(arguments: OrderingBug.all)
    func exploreAllFindsTheBug(_ bug: OrderingBug) {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll { mock in try bug.run(mock, true) }
        }
        #expect(error?.kind == .scheduleFailed)
    }

    @Test(arguments: OrderingBug.all)
    func theCorrectTwinPassesEverySchedule(_ bug: OrderingBug) throws {
        let report = try MockDispatchable.exploreAll { mock in try bug.run(mock, false) }
        #expect(report.isExhaustive)
    }

    @Test(arguments: OrderingBug.all)
    func aFailingScheduleReplaysToTheSameFailure(_ bug: OrderingBug) throws {
        let found = try #require(
            #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.exploreAll { mock in try bug.run(mock, true) }
            })
        let schedule = try #require(found.schedule)
        let replayed = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay(schedule) { mock in try bug.run(mock, true) }
        }
        #expect(replayed?.kind == .scheduleFailed)
        #expect(replayed?.schedule == schedule)
        // The fixed twin passes the schedule, or — where the fix changed its choice points — is told
        // that the schedule is not its own; it never fails it.
        do {
            #expect(try MockDispatchable.replay(schedule) { mock in try bug.run(mock, false) }.schedulesRun == 1)
        } catch let error as MockDispatchableError {
            #expect(error.kind == .nondeterministicBody)
        }
    }
}
