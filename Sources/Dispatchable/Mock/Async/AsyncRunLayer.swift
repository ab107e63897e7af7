#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Async runs

    nonisolated extension MockDispatchable {
        /// What the `async` forms plug into the driver (``Explorer``), which knows nothing of tasks:
        /// the endings only an async run has (work resumed from outside it, a run that never ends),
        /// minimisation's budget in steps, and cancellation by the awaiting task or the watchdog.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        // joined: fileprivate
        nonisolated struct AsyncRunLayer: RunLayer {
            /// The exploration's watchdog, which counts its runs' steps (see ``RunWatch``).
            let watch: RunWatch
            /// Whether the task awaiting the exploration was cancelled.
            let cancelled: Locked<Bool>

            func ending(of error: any Error) -> Explorer.Ending? {
                switch error {
                case let escaped as EscapedWork: .escaped(escaped.message)
                case let runaway as RunawayRun: .runaway(Explorer.Failure(thrown: runaway.error))
                default: nil
                }
            }

            var isCancelled: Bool { cancelled.withLock { $0 } || watch.isAbandoned }

            /// ``Limits/asyncMinimisingSteps``: an async run costs hundreds of steps.
            var minimisingSteps: Int? { Limits.asyncMinimisingSteps }

            var stepsRun: Int { watch.stepsRun }

            /// A `Task.sleep` is read off the real clock (see ``SleepDeadline``).
            var readsRealTime: Bool { true }

            func beginAttempt(accepting: Bool) { watch.sleepReadings.beginAttempt(accepting: accepting) }

            var inexactReading: String? { watch.sleepReadings.inexact }
        }

        /// Thrown by an async run whose work was resumed from outside it; the explorer reports it as
        /// a body that is not deterministic, at once.
        // joined: fileprivate
        nonisolated struct EscapedWork: Error {
            let message: String
        }

        /// Thrown by an async run that took ``defaultStepLimit`` steps without its body ending; the
        /// explorer reports it at once, unminimised.
        // joined: fileprivate
        nonisolated struct RunawayRun: Error {
            let error: MockDispatchableError
        }
    }

#endif
