#if DEBUG
    import Dispatch
    import Foundation
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    #endif

    // MARK: - The capture seam

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// How a run's jobs reach the explorer: one type per mechanism — ``ExecutorFactoryCapture``
        /// (the standard library's executor-factory SPI, Linux 6.3) and ``PublicCapture`` (the
        /// runtime's public hooks, everywhere) — each installed once per process, on the first
        /// exploration that uses it. ``AsyncRun`` asks it what it can see; `MockDispatchable.runCapture(forMainActor:)`
        /// picks the best this process has. A new mechanism is a type that conforms and a line there.
        // joined: fileprivate
        nonisolated protocol RunCapture: AnyObject, Sendable {
            /// The executor a run's tasks prefer (SE-0417): their structured children and actor hops
            /// come to it.
            var preferredExecutor: RunExecutor { get }
            /// Whether a run's main-actor work comes to the run; runs are then driven on the main
            /// queue, where that work runs.
            var capturesMainActor: Bool { get }
            /// Whether a main-actor lookup on the thread that drives a run answers with the run's main
            /// executor (``MainExecutorHook``).
            var takesMainActorLookups: Bool { get }
            /// Whether a run with nothing to run and nothing to wait for is a deadlock: the capture
            /// sees every sleep and every hop of the run, so nothing it waits for can come back unseen.
            var tellsDeadlockFromSleep: Bool { get }
            /// Whether a run's task that suspends in a sleep this capture cannot see is recognised as
            /// its job returns (``UnseenSleep``), and the run refused then.
            var recognisesUnseenSleeps: Bool { get }
            /// The words of the refusal (``MockDispatchableError/Kind/unsupported``) for work of a run
            /// that came back from outside it, where what came back is what this capture cannot see (a
            /// sleep, a main-actor hop); nil when it is work resumed from outside, which is reported
            /// as a body that is not deterministic.
            func refusal(for escape: TaskInbox.Escape) -> String?
        }
    }

#endif
