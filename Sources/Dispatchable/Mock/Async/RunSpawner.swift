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
        /// explorer's own thread would not. The awaiting task serves orders (``serve()``) while
        /// the explorer's thread gives them; once closed, an order runs on the explorer's thread.
        ///
        /// Two ways: ``spawn(_:)`` runs code there and waits for it (a `@MainActor` body's task, made
        /// as the run starts); ``launch(on:_:claimingJobs:)`` starts a body in a task made there
        /// ahead of its run, whose first job was held back (``LaunchHold``) and is enqueued from the
        /// thread that drives the run, so the run waits for no other thread (a spawn switches
        /// threads twice per run: a fifth of a short run's time).
        // joined: fileprivate
        nonisolated final class RunSpawner: Sendable {
            /// A body, as a task made ahead runs it.
            typealias Operation = @Sendable () async -> Void

            /// A task made ahead: its first job, not run yet, and where it finds its body then.
            private nonisolated struct Launcher: Sendable {
                let job: UnownedJob
                let operation: Locked<Operation?>
            }

            private nonisolated enum Request: Sendable {
                case spawn(work: @Sendable () -> Void, done: DispatchSemaphore)
                case makeLaunchers(count: Int, executor: RunExecutor)
            }

            private nonisolated struct State {
                var waiting: CheckedContinuation<Void, Never>?
                var queued: [Request] = []
                var isClosed = false
                /// Tasks made ahead, not started, oldest first.
                var launchers: [Launcher] = []
                /// Tasks ordered ahead and not made yet.
                var launchersComing = 0
                /// Whether the explorer's thread waits for a task made ahead (``launcherReady``).
                var awaitsLauncher = false
                /// Whether a task made ahead ran at once, its first job not held back (a runtime that
                /// enqueues it past the captures): from then on bodies are spawned.
                var cannotHold = false
                /// How many of the runs the plan expects have no task made or ordered ahead yet: past
                /// them (a failure's minimisation, say), tasks are ordered only when a run finds none,
                /// so that a one-run exploration leaves none unused (each runs, with no body, at the end).
                var expectedLeft: Int

                /// Orders tasks made ahead: as many as the plan's runs not yet covered need, a batch at
                /// most, or a batch once they all are. How many.
                mutating func order() -> Int {
                    let count =
                        expectedLeft > 0 ? Swift.min(expectedLeft, Limits.launchersAhead) : Limits.launchersAhead
                    launchersComing += count
                    expectedLeft = Swift.max(expectedLeft - count, 0)
                    return count
                }
            }

            private let state: Locked<State>
            private let launcherReady = DispatchSemaphore(value: 0)

            /// A spawner for an exploration whose plan expects `expectedRuns` runs.
            init(expectedRuns: Int) {
                state = Locked(State(expectedLeft: Swift.max(expectedRuns, 1)))
            }

            /// Runs `work` in the awaiting task and waits for it; on the calling thread once closed.
            /// The order always passes through the lock (the awaiting task is only woken), so that
            /// what `work` reads was handed over under it — a happens-before Thread Sanitizer sees.
            func spawn(_ work: @escaping @Sendable () -> Void) {
                let done = DispatchSemaphore(value: 0)
                let (waiting, isClosed) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                    if state.isClosed { return (nil, true) }
                    state.queued.append(.spawn(work: work, done: done))
                    return (state.waiting.take(), false)
                }
                if isClosed { return work() }
                waiting?.resume()
                done.wait()
            }

            /// Starts `operation` in a task made ahead in the awaiting task, preferring `executor`,
            /// waiting for one if none is ready; in a task made here once closed. Orders more tasks
            /// ahead when fewer than half of ``Limits/launchersAhead`` are left.
            ///
            /// `claimingJobs` runs what it is given with the jobs enqueued on the calling thread
            /// meanwhile claimed as the run's (``AsyncRun/claimingJobs(_:)``): the task's first job,
            /// enqueued on its executor as the runtime enqueues a new task's, and nothing else — the
            /// awaiting task, woken to make more, is not the run's.
            func launch(
                on executor: RunExecutor, _ operation: @escaping Operation,
                claimingJobs: @escaping @Sendable (() -> Void) -> Void
            ) {
                while true {
                    let (launcher, waiting, isClosed, cannotHold) = state.withLock {
                        state -> (Launcher?, CheckedContinuation<Void, Never>?, Bool, Bool) in
                        if state.isClosed { return (nil, nil, true, false) }
                        if state.cannotHold { return (nil, nil, false, true) }
                        let launcher = state.launchers.isEmpty ? nil : state.launchers.removeFirst()
                        var waiting: CheckedContinuation<Void, Never>?
                        let ready = state.launchers.count + state.launchersComing
                        // While the plan's runs are not all covered, more when fewer than half a batch
                        // are ready; past them, only when none is.
                        let orders =
                            state.expectedLeft > 0 ? ready < Limits.launchersAhead / 2 : launcher == nil && ready == 0
                        if orders {
                            let count = state.order()
                            state.queued.append(.makeLaunchers(count: count, executor: executor))
                            waiting = state.waiting.take()
                        }
                        if launcher == nil { state.awaitsLauncher = true }
                        return (launcher, waiting, false, false)
                    }
                    waiting?.resume()
                    if cannotHold {
                        return spawn { claimingJobs { Task(executorPreference: executor) { await operation() } } }
                    }
                    if isClosed {
                        return claimingJobs { Task(executorPreference: executor) { await operation() } }
                    }
                    if let launcher {
                        launcher.operation.withLock { $0 = operation }
                        return claimingJobs { executor.enqueue(ExecutorJob(launcher.job)) }
                    }
                    launcherReady.wait()
                }
            }

            /// Makes the first runs' tasks ahead now (as many as the plan's runs, a batch at most), in
            /// the calling task — the awaiting one, before the explorer's thread starts — so that those
            /// runs find theirs ready: no order is served first, and neither the serving task nor the
            /// explorer's thread is woken for it.
            func makeFirstLaunchers(on executor: RunExecutor) {
                let count = state.withLock { $0.order() }
                for _ in 0..<count { makeLauncher(on: executor) }
            }

            /// Serves orders until ``close()``; not ended by cancellation, so no order waits for ever.
            /// `@concurrent`: on the global executor, never on the caller's actor, even where
            /// nonisolated async functions run on their caller's (`NonisolatedNonsendingByDefault`) —
            /// a run on the main queue waits for it.
            @concurrent func serve() async {
                while let order = await next() {
                    switch order {
                    case .spawn(let work, let done):
                        work()
                        done.signal()
                    case .makeLaunchers(let count, let executor):
                        for _ in 0..<count { makeLauncher(on: executor) }
                    }
                }
            }

            /// Makes a task ahead, preferring `executor`, with its first job held back: it runs the
            /// body a run gives it, or, given none (the exploration ended first), nothing.
            private func makeLauncher(on executor: RunExecutor) {
                let operation = Locked<Operation?>(nil)
                let job = LaunchHold.firstJob {
                    Task(executorPreference: executor) { await operation.withLock { $0 }?() }
                }
                let (isClosed, wakes) = state.withLock { state -> (Bool, Bool) in
                    if state.isClosed { return (true, false) }
                    state.launchersComing -= 1
                    guard let job else {
                        // The runtime enqueued it past the captures, and it has run.
                        state.cannotHold = true
                        defer { state.awaitsLauncher = false }
                        return (false, state.awaitsLauncher)
                    }
                    state.launchers.append(Launcher(job: job, operation: operation))
                    defer { state.awaitsLauncher = false }
                    return (false, state.awaitsLauncher)
                }
                // Closed meanwhile: it runs now, with no body, on the global executor (this thread
                // drives no run).
                if isClosed, let job { return globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
                if wakes { launcherReady.signal() }
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

            /// Ends serving: tasks made ahead and not started run, to their end, with no body, and
            /// orders from now on run on the explorer's thread.
            func close() {
                let (waiting, launchers, awaits) = state.withLock { state in
                    state.isClosed = true
                    defer {
                        state.launchers = []
                        state.awaitsLauncher = false
                    }
                    return (state.waiting.take(), state.launchers, state.awaitsLauncher)
                }
                waiting?.resume()
                // On the global executor: this thread drives no run, and the job's task belongs to none.
                for launcher in launchers { globalConcurrentExecutor.enqueue(ExecutorJob(launcher.job)) }
                if awaits { launcherReady.signal() }
            }
        }

        /// Holds back the first job of a task made ahead (see ``RunSpawner``): the runtime enqueues
        /// a new task's first job on the thread that makes it, where ``Capture/claim(_:isMainActor:after:prefersRun:)``,
        /// finding it no run's, gives it here instead of to the real executors.
        // joined: fileprivate
        nonisolated enum LaunchHold {
            private static let key: pthread_key_t = {
                var key = pthread_key_t()
                pthread_key_create(&key, nil)
                return key
            }()

            /// Where the calling thread keeps the job it holds back.
            private final class Slot {
                var job: UnownedJob?
            }

            /// Runs `make`, which makes a task, and returns the task's first job, held back; nil if
            /// the runtime did not enqueue it through a capture on this thread.
            static func firstJob(_ make: () -> Void) -> UnownedJob? {
                let slot = Slot()
                pthread_setspecific(key, Unmanaged.passUnretained(slot).toOpaque())
                defer { pthread_setspecific(key, nil) }
                make()
                return slot.job
            }

            /// Keeps `job` if the calling thread makes a task ahead now and holds nothing yet.
            static func hold(_ job: UnownedJob) -> Bool {
                guard let pointer = pthread_getspecific(key) else { return false }
                let slot = Unmanaged<Slot>.fromOpaque(pointer).takeUnretainedValue()
                guard slot.job == nil else { return false }
                slot.job = job
                return true
            }
        }
    }

#endif
