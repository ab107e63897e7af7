#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: random walk

    nonisolated extension MockDispatchable {
        /// `.randomWalk`: every run picks uniformly among the candidates at every choice point,
        /// from its own stream of the seed's random numbers. It never runs out of runs.
        // joined: fileprivate
        nonisolated struct RandomWalk: Scheduler {
            private var random: RandomNumbers

            init(seed: UInt64) { random = RandomNumbers(seed: seed) }

            mutating func beginRun() -> RunPlan? { RunPlan(policy: Policy(random: random.split())) }
            func endRun(_ choices: [Choice], isRepeat: Bool) -> String? { nil }
            var mayRepeat: Bool { true }
            var isExhaustive: Bool { false }

            /// Any candidate, uniformly.
            nonisolated struct Policy: ChoicePolicy {
                var random: RandomNumbers
                var readsIdentities: Bool { false }

                mutating func pick(among candidates: CandidateList.Offered, at point: Int) -> Int {
                    random.next(below: candidates.count)
                }
            }
        }
    }

#endif
