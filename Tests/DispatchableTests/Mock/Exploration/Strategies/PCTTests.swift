import Testing

@testable import Dispatchable

/// PCT's policy on its own: every item keeps one priority for the whole run, and a change point
/// lowers only the item that would have run.
@Suite("Strategy: PCT's priorities")
struct PCTTests {
    typealias Candidate = MockDispatchable.Candidate
    typealias PriorityPolicy = MockDispatchable.PriorityPolicy
    typealias RandomNumbers = MockDispatchable.RandomNumbers

    /// What a choice point offers of the items with `sequences`, all due now, in that order.
    static func offering(_ sequences: [Int], _ body: (MockDispatchable.CandidateList.Offered) -> Int) -> Int {
        StrategyBodies.offering(
            sequences.map {
                Candidate(
                    due: 0, sequence: $0, slot: $0, isOffload: true, identity: 0, key: .item($0), needsMainActor: false,
                    isTask: false, stallsAsTask: false)
            }, body)
    }

    /// Depth 1 never changes a priority: taking its pick and asking again lists the items from
    /// the highest priority down.
    static func priorityOrder(_ sequences: [Int], seed: UInt64) -> [Int] {
        var policy = PriorityPolicy(depth: 1, expectedChoicePoints: 1, random: RandomNumbers(seed: seed))
        var left = sequences
        var order: [Int] = []
        for point in 0..<sequences.count {
            let picked = left[offering(left) { policy.pick(among: $0, at: point) }]
            order.append(picked)
            left.removeAll { $0 == picked }
        }
        return order
    }

    @Test func aChangePointRunsTheSecondHighestAndKeepsTheOthersInTheirOrder() {
        let sequences = Array(1...8)
        for seed in 1...200 as ClosedRange<UInt64> {
            let order = Self.priorityOrder(sequences, seed: seed)
            // The same random numbers, with one change point, at the first choice point: the item
            // that would run drops below every other, and the rest keep their priorities.
            var policy = PriorityPolicy(depth: 2, expectedChoicePoints: 1, random: RandomNumbers(seed: seed))
            var left = sequences
            var ran: [Int] = []
            for point in 0..<sequences.count {
                let picked = left[Self.offering(left) { policy.pick(among: $0, at: point) }]
                ran.append(picked)
                left.removeAll { $0 == picked }
            }
            #expect(ran == Array(order.dropFirst()) + [order[0]], "seed \(seed)")
        }
    }
}
