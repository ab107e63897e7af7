#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: the one-deviation sweep

    nonisolated extension MockDispatchable {
        /// Ordinary manual mode, then every schedule that deviates from it at exactly one choice
        /// point, made one at a time from the ordinary run's choices: memory of one run, however
        /// long. `.mixed` interleaves it with random runs.
        // joined: fileprivate
        nonisolated struct SingleDeviations: Scheduler {
            /// Ordinary manual mode's choices, once it has run.
            private var ordinary: [Choice]?
            private var point = 0
            private var taken = 1

            mutating func beginRun() -> RunPlan? {
                guard let ordinary else { return RunPlan() }
                while point < ordinary.count, taken >= ordinary[point].offered {
                    point += 1
                    taken = 1
                }
                guard point < ordinary.count else { return nil }
                defer { taken += 1 }
                return RunPlan(
                    script: Array(ordinary[..<point]) + [Choice(taken: taken, offered: ordinary[point].offered)])
            }

            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String? {
                if ordinary == nil { ordinary = choices }
                return nil
            }

            var mayRepeat: Bool { false }
            var isExhaustive: Bool { false }
        }
    }

#endif
