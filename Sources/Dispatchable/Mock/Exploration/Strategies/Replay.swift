#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: replay

    nonisolated extension MockDispatchable {
        /// One run, of a recorded schedule, checked strictly against what the body offers; its
        /// failure is reported as it is (the run the user debugs explains itself, and is not run
        /// again to minimise).
        // joined: fileprivate
        nonisolated struct Replay: Scheduler {
            private var script: [Choice]?

            init(_ script: [Choice]) { self.script = script }

            mutating func beginRun() -> RunPlan? {
                defer { script = nil }
                return script.map { RunPlan(script: $0, isStrict: true, keeping: .words) }
            }

            func endRun(_ choices: [Choice], isRepeat: Bool) -> String? { nil }
            var mayRepeat: Bool { false }
            var isExhaustive: Bool { false }
        }
    }

#endif
