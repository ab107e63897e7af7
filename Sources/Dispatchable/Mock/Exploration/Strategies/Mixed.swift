#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: mixed

    nonisolated extension MockDispatchable {
        /// `.mixed`, `explore`'s default: ordinary manual mode first, then every other run from the
        /// one-deviation sweep (``SingleDeviations``) while it lasts, and the runs between — and all
        /// runs after it — in turn a random walk, PCT of depth 2 and PCT of depth 3, from one
        /// stream of the seed's random numbers.
        // joined: fileprivate
        nonisolated struct Mixed: Scheduler {
            private var random: RandomNumbers
            private var sweep = SingleDeviations()
            /// Runs ended so far, whichever strategy planned them.
            private var ended = 0
            private var longestRun = 1

            init(seed: UInt64) { random = RandomNumbers(seed: seed) }

            mutating func beginRun() -> RunPlan? {
                let number = ended + 1
                if number == 1 { return sweep.beginRun() }
                if number.isMultiple(of: 2), let run = sweep.beginRun() { return run }
                switch (number / 2) % 3 {
                case 0: return RunPlan(policy: RandomWalk.Policy(random: random.split()))
                case 1: return RunPlan(policy: pct(depth: 2))
                default: return RunPlan(policy: pct(depth: 3))
                }
            }

            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String? {
                ended += 1
                if ended == 1 { _ = sweep.endRun(choices, isRepeat: isRepeat) }
                longestRun = Swift.max(longestRun, choices.count)
                return nil
            }

            var mayRepeat: Bool { true }
            var isExhaustive: Bool { false }

            private mutating func pct(depth: Int) -> PriorityPolicy {
                PriorityPolicy(depth: depth, expectedChoicePoints: longestRun, random: random.split())
            }
        }
    }

#endif
