// MockDispatchable, part 13 of 24 (strategies, one file each): Replay.
//
// Edit the parts in Sources/Dispatchable/Mock; `make mock` joins them, in order, into the one
// file users copy, Mocks/MockDispatchable.swift (`make test` fails when that file is stale).
// Here, in the module, the part is compiled under `#if DEBUG` for `@testable import`; a line
// `// joined: fileprivate` (or `private`) gives the next declaration that access in the joined file.
// A new strategy is a new file here: a `Scheduler`, joined in file-name order.

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

            mutating func beginRun() -> PlannedRun? {
                defer { script = nil }
                return script.map { PlannedRun(script: $0, isStrict: true, keeping: .words) }
            }

            func endRun(_ choices: [Choice], isRepeat: Bool) -> String? { nil }
            var mayRepeat: Bool { false }
            var isExhaustive: Bool { false }
        }
    }

#endif
