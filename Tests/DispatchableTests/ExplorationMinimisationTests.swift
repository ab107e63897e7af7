import Foundation
import Testing

@testable import Dispatchable

/// A report keeps only the deviations a failure needs: the fewest, whatever else is queued,
/// whichever seed found it, and its words and schedule agree.
@MainActor
@Suite("Exploration: reports with the fewest deviations")
struct ExplorationMinimisationTests {
    /// How many choices of a schedule string differ from ordinary manual mode.
    static func deviations(in schedule: String) -> Int {
        schedule.split(separator: " ").filter { !$0.hasPrefix("0/") }.count
    }

    static func expectMinimum(
        _ minimum: Int, of bug: OrderingBug, seeds: [Int], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var errors: [(String, MockDispatchableError?)] = seeds.map { seed in
            (
                "seed \(seed)",
                #expect(throws: MockDispatchableError.self, sourceLocation: sourceLocation) {
                    try MockDispatchable.explore(schedules: 1_000, seed: seed) { try bug.run($0, true) }
                }
            )
        }
        // Fewest deviations first, a shallow bug surfaces early even in a busy body: within 20,000
        // schedules (depth-first from ordinary manual mode never reached some of these).
        errors.append(
            (
                "exploreAll(limit: 20_000)",
                #expect(throws: MockDispatchableError.self, sourceLocation: sourceLocation) {
                    try MockDispatchable.exploreAll(limit: 20_000) { try bug.run($0, true) }
                }
            ))
        for (label, error) in errors {
            let schedule = error?.schedule ?? ""
            #expect(deviations(in: schedule) == minimum, "\(label): \(schedule)", sourceLocation: sourceLocation)
            let words = "differs from ordinary manual mode in \(minimum) choice\(minimum == 1 ? "" : "s")"
            #expect(error?.message.contains(words) == true, "\(label)", sourceLocation: sourceLocation)
            let listed = error?.message.split(separator: "\n").filter { $0.hasPrefix("    - step ") }.count
            #expect(listed == minimum, "\(label): the words list each deviation", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: OrderingBug.all)
    func aBugAloneIsReportedWithTheOneDeviationItNeeds(_ bug: OrderingBug) {
        Self.expectMinimum(1, of: bug, seeds: [1, 2, 3, 4, 5, 42])
    }

    /// Eight offloads hopping to main and two late timers in flight first: the old positional
    /// minimiser reported up to 12 deviations here.
    @Test(arguments: OrderingBug.busy)
    func aBugInABusyAppIsStillReportedWithOne(_ bug: OrderingBug) {
        Self.expectMinimum(1, of: bug, seeds: [1, 2, 3, 4, 5, 42])
    }

    @Test(arguments: OrderingBug.withEarlierTimers.indices)
    func unrelatedTimersDueEarlierAddExactlyTheDeviationsTheyForce(index: Int) {
        let (bug, minimum) = OrderingBug.withEarlierTimers[index]
        Self.expectMinimum(minimum, of: bug, seeds: [1, 2, 3, 4, 5, 42])
    }

    /// A failure that needs three deviations among 22 offloads: a random walk finds it with many,
    /// dropping leaves three, and the search from below covers the 231 schedules with one deviation
    /// but not the 25,000 with two within its 20,000 runs. The report says so; it claims no minimum.
    @Test func aMinimumTheSearchCouldNotProveIsReportedAsSuch() throws {
        let error = try #require(
            #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.explore(schedules: 1_000, seed: 3, strategy: .randomWalk) { mock in
                    let ran = LockedValue<[Int]>([])
                    for index in 0..<22 { mock.offload { ran.mutate { $0.append(index) } } }
                    try mock.runUntilIdle()
                    if ran.value.prefix(3).allSatisfy({ $0 >= 16 }) { throw InvariantBroken("\(ran.value)") }
                }
            })
        let schedule = try #require(error.schedule)
        #expect(Self.deviations(in: schedule) == 3, "\(schedule)")
        #expect(
            error.message.contains(
                "It differs from ordinary manual mode in 3 choices (minimised from")
                && error.message.contains(
                    "fewer not ruled out after 20000 runs: every schedule with fewer than 2 "
                        + "deviations passed)"),
            "\(error.message)")
    }

    @Test(arguments: OrderingBug.busy)
    func theMinimisedScheduleReplaysToTheSameFailure(_ bug: OrderingBug) throws {
        let found = try #require(
            #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.explore(schedules: 1_000, seed: 2) { try bug.run($0, true) }
            })
        let schedule = try #require(found.schedule)
        let replayed = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay(schedule) { try bug.run($0, true) }
        }
        #expect(replayed?.schedule == schedule)
        #expect(replayed?.message.contains("differs from ordinary manual mode in 1 choice:") == true)
    }
}
