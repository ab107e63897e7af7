#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Run layer

    nonisolated extension MockDispatchable {
        /// What the layer that runs the body gives the driver (``Explorer``), which knows nothing of
        /// how a run is made: the synchronous forms call the body on the main actor and add nothing
        /// (``SynchronousRunLayer``); the `async` forms drive each run's tasks on a thread of their own,
        /// and add endings, a budget and a way to stop of their own (``AsyncRunLayer``).
        // joined: fileprivate
        nonisolated protocol RunLayer {
            /// How `error`, thrown by a run of the body, ends the run when it is one of this layer's
            /// own (work resumed from outside the run, a run that never ends); nil for any other
            /// error, the body's own: a failure.
            func ending(of error: any Error) -> Explorer.Ending?

            /// Whether the exploration stops before its next run, with `CancellationError`.
            var isCancelled: Bool { get }

            /// How many steps (jobs and blocks run) minimising a failure may take, besides its
            /// budgets in runs; nil: no budget in steps. Counted in steps, not seconds, so that a
            /// report is the same however busy the machine.
            var minimisingSteps: Int? { get }

            /// How many steps the exploration's runs have taken so far, for ``minimisingSteps``.
            var stepsRun: Int { get }

            /// Whether a run may read something off real time that a loaded machine can make
            /// inexact (an async run's `Task.sleep`): then the driver begins each run as an attempt
            /// (``beginAttempt(accepting:)``) and asks ``inexactReading`` after it.
            var readsRealTime: Bool { get }

            /// Begins an attempt at a run; `accepting`: its last, which keeps what it reads inexactly
            /// (the same in every later run) instead of stopping.
            func beginAttempt(accepting: Bool)

            /// Why the attempt that just ended read real time inexactly, if it did: unless it was
            /// accepting, the driver runs it again (see ``Limits/inexactReadingAttempts``).
            var inexactReading: String? { get }
        }

        /// The synchronous forms' runs: the body is called, and what it throws is its own.
        // joined: fileprivate
        nonisolated struct SynchronousRunLayer: RunLayer {
            func ending(of error: any Error) -> Explorer.Ending? { nil }
            var isCancelled: Bool { false }
            var minimisingSteps: Int? { nil }
            var stepsRun: Int { 0 }
            var readsRealTime: Bool { false }
            func beginAttempt(accepting: Bool) {}
            var inexactReading: String? { nil }
        }
    }

#endif
