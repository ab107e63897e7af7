#if DEBUG
    import Foundation

    // MARK: - The open run

    nonisolated extension MockDispatchable {
        /// The async run a mock is open in, as its queueing sees it: told of each block queued in the
        /// mock, that it may note one queued from outside the run (the async explorer's `TaskInbox`).
        // joined: fileprivate
        nonisolated protocol OpenRun: AnyObject, Sendable {
            /// A block was queued in the mock on `thread`, on the calling thread.
            func blockQueued(_ thread: DispatchThread)

            /// Whether the calling thread drives the run off the main queue, and the run may run
            /// work that needs the main actor there (``runOnMainQueue(_:)``): a stepping call made
            /// in one of its jobs may pick such work. Takes no lock: read under the mock's.
            var reachesMainQueue: Bool { get }

            /// Runs `work` on the main queue, as part of the run, and waits for it.
            func runOnMainQueue(_ work: @Sendable () -> Void)

            /// Waits `nanoseconds` of real time on the driving thread, within the step running now,
            /// which starts its time again after it: a paced run's move of the clock (see
            /// ``RunRecord/pacesRealTime``), not a job that blocks its thread.
            func pause(nanoseconds: Int64)
        }
    }

#endif
