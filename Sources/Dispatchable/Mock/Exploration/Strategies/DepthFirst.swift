#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: depth-first

    nonisolated extension MockDispatchable {
        /// Every schedule, depth-first: ordinary manual mode, then the last choice point that has a
        /// further choice takes it, and so on. Memory of one run. On its own it runs every schedule;
        /// `explore` follows it a step at a time (see ``DepthFirstTail``) to know when it has.
        // joined: fileprivate
        nonisolated struct DepthFirst: Scheduler {
            /// The next script to run; nil when every schedule has run.
            private(set) var next: [Choice]? = []
            var isDone: Bool { next == nil }

            mutating func beginRun() -> RunPlan? {
                guard let next else { return nil }
                return RunPlan(script: next, isStrict: true)
            }

            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String? {
                learn(from: choices, ranItsScript: true)
                return nil
            }

            var mayRepeat: Bool { false }
            var isExhaustive: Bool { isDone }

            /// Learns from a run: one of its own, or ordinary manual mode (its first schedule)
            /// whichever strategy ran it.
            mutating func learn(from choices: [Choice], ranItsScript: Bool) {
                guard !isDone, ranItsScript || (next?.isEmpty == true && choices.allSatisfy { $0.taken == 0 })
                else { return }
                next = Self.successor(of: choices)
            }

            /// The next schedule depth-first: the last choice point that has a further choice takes
            /// it; nil when every schedule has run.
            static func successor(of choices: [Choice]) -> [Choice]? {
                var next = choices
                while let last = next.last, last.taken + 1 >= last.offered { next.removeLast() }
                guard !next.isEmpty else { return nil }
                next[next.count - 1].taken += 1
                return next
            }
        }

        /// `explore`'s strategies end this way: `Lead`'s runs, except that after a run that repeats
        /// an earlier schedule the next one is ``DepthFirst``'s — so a space small enough to run in
        /// full is, and `explore` stops there, exhaustive. `Lead` learns from every run.
        // joined: fileprivate
        nonisolated struct DepthFirstTail<Lead: Scheduler>: Scheduler {
            private var lead: Lead
            private var depthFirst = DepthFirst()
            private var repeated = false
            private var isDepthFirstRun = false

            init(_ lead: Lead) { self.lead = lead }

            mutating func beginRun() -> RunPlan? {
                if depthFirst.isDone { return nil }
                isDepthFirstRun = repeated && depthFirst.next != nil
                return isDepthFirstRun ? depthFirst.beginRun() : lead.beginRun()
            }

            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String? {
                let mismatch = lead.endRun(choices, isRepeat: isRepeat)
                repeated = isRepeat
                depthFirst.learn(from: choices, ranItsScript: isDepthFirstRun)
                return mismatch
            }

            var mayRepeat: Bool { true }
            var isExhaustive: Bool { depthFirst.isDone }
        }
    }

#endif
