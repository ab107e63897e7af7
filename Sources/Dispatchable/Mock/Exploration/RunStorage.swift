#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Run storage

    nonisolated extension MockDispatchable {
        /// What one run of an exploration leaves for the next to reuse: storage only, no setting;
        /// and whether any run's stall bound held a timer back.
        // joined: fileprivate
        nonisolated final class RunStorage {
            /// The last run's candidate list, which the next run's record takes (see
            /// ``RunPlan/runRecord(reusing:)``).
            var candidates: CandidateList?
            /// A queue, empty, whose lanes have grown to a run's size.
            var queue = WorkQueue()
            /// An event log, empty, with room for a run's events: a fresh log reserves its first
            /// chunk (about 100 KB) at its first event, and frees it with its mock.
            var log = EventLog()
            var outlived = OutlivedMocks()
            /// Whether a run's stall bound kept a timer from one of its choice points: a longer
            /// stall would have offered more schedules (see ``Explorer/searchPastTheStallBound(after:)``).
            var heldBackTimers = false
            /// Whether a run has read real time inexactly in every attempt (said once).
            private var saidInexactReading = false

            /// Says on standard error, once per exploration, that a run of `caller` (at `place`) read
            /// real time inexactly in each of its attempts, and why (`inexact`): the reading is the
            /// same in every run from then on, but not exact.
            func noteInexactReading(_ inexact: String, caller: String, at place: String) {
                guard !saidInexactReading else { return }
                saidInexactReading = true
                let text =
                    "MockDispatchable: \(caller) at \(place): a Task.sleep's duration could not be read exactly "
                    + "off the real clock in \(Limits.inexactReadingAttempts) runs of one schedule: \(inexact). Its "
                    + "reading, the roundest duration that fits, is kept for every run. For exact sleeps, let the "
                    + "code take `any Clock<Duration>` and pass mock.clock.\n"
                FileHandle.standardError.write(Data(text.utf8))
            }
        }

        /// Runs' mocks that are still alive after their runs with work queued, held weakly: a
        /// closure left queued that captures its mock keeps it alive (a reference cycle), and
        /// exploration cannot tell that from a mock the body kept on purpose. Counted, to say so
        /// once an exploration has left many of them behind.
        // joined: fileprivate
        nonisolated struct OutlivedMocks {
            private nonisolated struct Reference {
                weak var mock: MockDispatchable?
            }
            private var mocks: [Reference] = []
            private var warned = false

            /// Notes that `mock` outlived its run with work queued. Returns how many of those
            /// noted are still alive, once, when that is at least half a window: a leak.
            mutating func note(_ mock: MockDispatchable) -> Int? {
                guard !warned else { return nil }
                mocks.append(Reference(mock: mock))
                guard mocks.count >= Limits.outlivedMocksWindow else { return nil }
                mocks.removeAll { $0.mock == nil }
                // Else at least half a window passes before the next count: amortised O(1).
                guard mocks.count >= Limits.outlivedMocksWindow / 2 else { return nil }
                warned = true
                defer { mocks = [] }
                return mocks.count
            }

            /// Says on standard error that the mocks of `alive` runs of the exploration `caller`
            /// (at `place`) outlived them: what ``note(_:)`` returned.
            static func warn(_ alive: Int, caller: String, at place: String) {
                let text =
                    "MockDispatchable: \(caller) at \(place): the mocks of \(alive) runs are still alive "
                    + "after their runs, with work queued. A queued closure that captures its mock (directly, or "
                    + "through an object that holds it) keeps the mock alive, with its timeline: memory that grows "
                    + "with every schedule. Run the body until idle, or capture [weak self] as production code does.\n"
                FileHandle.standardError.write(Data(text.utf8))
            }
        }
    }

#endif
