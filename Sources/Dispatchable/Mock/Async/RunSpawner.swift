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

    // MARK: - The spawner

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// Makes each run's body task in the task that awaits the exploration, so the body's tasks
        /// inherit that task's task-local values — Swift Testing's current test and configuration
        /// (an `#expect` in a run is the test's), a dependency scope — which a task made on the
        /// explorer's own thread would not. The awaiting task serves requests (``serve()``) while
        /// the explorer's thread asks (``spawn(_:)``) and waits until the task is made; once closed,
        /// a request runs on the asking thread.
        // joined: fileprivate
        nonisolated final class RunSpawner: Sendable {
            private nonisolated struct Request: Sendable {
                let work: @Sendable () -> Void
                let done: DispatchSemaphore
            }

            private nonisolated struct State {
                var waiting: CheckedContinuation<Void, Never>?
                var queued: [Request] = []
                var isClosed = false
            }

            private let state = Locked(State())

            /// Runs `work` in the awaiting task and waits for it; on the calling thread once closed.
            /// The request always passes through the lock (the awaiting task is only woken), so that
            /// what `work` reads was handed over under it — a happens-before Thread Sanitizer sees.
            func spawn(_ work: @escaping @Sendable () -> Void) {
                let request = Request(work: work, done: DispatchSemaphore(value: 0))
                let (waiting, isClosed) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                    if state.isClosed { return (nil, true) }
                    state.queued.append(request)
                    return (state.waiting.take(), false)
                }
                if isClosed { return work() }
                waiting?.resume()
                request.done.wait()
            }

            /// Serves requests until ``close()``; not ended by cancellation, so no request waits for ever.
            /// `@concurrent`: on the global executor, never on the caller's actor, even where
            /// nonisolated async functions run on their caller's (`NonisolatedNonsendingByDefault`) —
            /// a run on the main queue waits for it.
            @concurrent func serve() async {
                while let request = await next() {
                    request.work()
                    request.done.signal()
                }
            }

            private func next() async -> Request? {
                while true {
                    let ready: Request?? = state.withLock { state in
                        if !state.queued.isEmpty { return .some(state.queued.removeFirst()) }
                        if state.isClosed { return .some(nil) }
                        return nil
                    }
                    if let ready { return ready }
                    await withCheckedContinuation { continuation in
                        let isReady = state.withLock { state in
                            if !state.queued.isEmpty || state.isClosed { return true }
                            state.waiting = continuation
                            return false
                        }
                        if isReady { continuation.resume() }
                    }
                }
            }

            func close() {
                let waiting = state.withLock { state in
                    state.isClosed = true
                    return state.waiting.take()
                }
                waiting?.resume()
            }
        }
    }

#endif
