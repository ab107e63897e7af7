#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Turns on the main queue

    nonisolated extension MockDispatchable {
        /// The runs of a process take turns on the main queue, first come first served: one run's
        /// slice of steps at a time is queued there, the others wait for their turn on their own
        /// threads. The main queue runs one block at a time anyway, so no run waits longer; but
        /// other main-queue work — a hop to the main actor of a test beside them, a UI callback —
        /// now waits behind one slice (``Limits/mainQueueSlice`` at most), not behind a slice of
        /// every run that asked for the main queue before it (many `@MainActor` tests under
        /// `.deterministic`, in parallel).
        // joined: fileprivate
        nonisolated enum MainQueueTurn {
            private static let turns = NSCondition()
            nonisolated(unsafe) private static var nextTicket: UInt64 = 0
            nonisolated(unsafe) private static var serving: UInt64 = 0

            /// Runs `work` on the main queue in the calling run's turn, and waits for it.
            static func sync<Value>(_ work: () throws -> Value) rethrows -> Value {
                turns.lock()
                let ticket = nextTicket
                nextTicket += 1
                while serving != ticket { turns.wait() }
                turns.unlock()
                defer {
                    turns.lock()
                    serving += 1
                    turns.broadcast()
                    turns.unlock()
                }
                return try DispatchQueue.main.sync(execute: work)
            }
        }
    }

#endif
