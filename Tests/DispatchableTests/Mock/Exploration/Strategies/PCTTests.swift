import Testing

@testable import Dispatchable

/// PCT's policy on its own: every item keeps one priority for the whole run, and a change point
/// lowers only the item that would have run.
@Suite("Strategy: PCT's priorities")
struct PCTTests {
    typealias Candidate = MockDispatchable.Candidate
    typealias PriorityPolicy = MockDispatchable.PriorityPolicy
    typealias RandomNumbers = MockDispatchable.RandomNumbers

    static func list(_ sequences: [Int]) -> MockDispatchable.CandidateList {
        var list = MockDispatchable.CandidateList()
        for sequence in sequences {
            list.addLater(
                Candidate(
                    due: 0, sequence: sequence, slot: sequence, isOffload: true, identity: 0, key: .item(sequence),
                    needsMainActor: false,
                    isTask: false, stallsAsTask: false))
        }
        return list
    }

    /// Depth 1 never changes a priority: taking its pick and asking again lists the items from
    /// the highest priority down.
    static func priorityOrder(_ sequences: [Int], seed: UInt64) -> [Int] {
        var policy = PriorityPolicy(depth: 1, expectedChoicePoints: 1, random: RandomNumbers(seed: seed))
        var left = sequences
        var order: [Int] = []
        for point in 0..<sequences.count {
            let picked = left[policy.pick(among: list(left), at: point)]
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
                let picked = left[policy.pick(among: Self.list(left), at: point)]
                ran.append(picked)
                left.removeAll { $0 == picked }
            }
            #expect(ran == Array(order.dropFirst()) + [order[0]], "seed \(seed)")
        }
    }
}
