// MockDispatchable, part 15 of 19: Async exploration.
//
// Edit the parts in Sources/Dispatchable/Mock; `make mock` joins them, in order, into the one
// file users copy, Mocks/MockDispatchable.swift (`make test` fails when that file is stale).
// Here, in the module, the part is compiled under `#if DEBUG` for `@testable import`; a line
// `// joined: fileprivate` (or `private`) gives the next declaration that access in the joined file.

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

    // MARK: - 15. Async exploration

    nonisolated extension MockDispatchable {
        /// Runs an `async` body once per schedule — Tasks, actors, `@MainActor` code and
        /// `Task.sleep` in one schedule space with the mock's blocks — and throws at the first
        /// schedule that fails.
        ///
        /// An actor that checks its state, awaits, and trusts the state afterwards (actor
        /// reentrancy) fails only when another call slips in during the `await`: ordinary runs hit
        /// that a few times in 10,000. Exploration runs it on purpose, and replays it:
        ///
        /// ```swift
        /// @Test func theCacheFetchesOnce() async throws {
        ///     try await MockDispatchable.explore(schedules: 1_000, seed: 42) { mock in
        ///         let cache = ImageCache(loader: Loader(dispatch: mock))    // an actor
        ///         async let a = cache.image(for: "cat")
        ///         async let b = cache.image(for: "cat")
        ///         _ = try await (a, b)
        ///         guard await cache.fetchCount == 1 else { throw FetchedTwice() }
        ///     }
        /// }
        /// ```
        ///
        /// **The model.** The tasks of a run are the body's own task (task 1), its structured
        /// children and every `Task {}` or `Task.detached` that code of the run starts. Every job
        /// of theirs that is not main-actor work is a choice, like a due offload item; main-actor
        /// jobs and the mock's `main`/`after` items are one serial lane, as on a real main queue.
        /// `Task.sleep` and `Clock.sleep` on `ContinuousClock` and `SuspendingClock` sleep on the
        /// mock's virtual clock (``now``): a sleep's deadline is read off the real clock, so its
        /// delay is taken as the roundest duration between the start of the job that slept and now
        /// (`.milliseconds(300)` exactly, unless the job ran a millisecond before it slept), or from
        /// an earlier job, for a deadline read there (`withTimeout`). The rest
        /// is the synchronous model
        /// (see ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)-(_,_,_,_,_,(MockDispatchable)->Void)``):
        /// the first schedule runs everything in the order it became runnable, and the explorer
        /// itself runs the mock's queued work when it picks it, as real GCD would, so code that
        /// awaits `performOffloaded` or `sleep(for:)` needs no stepping call. A stepping call made
        /// inside the body runs the mock's blocks only; tasks' jobs run when the body awaits.
        ///
        /// **A synchronous body** (a closure with no `await`) picks the synchronous form, even in an
        /// `async` test — this form is `@_disfavoredOverload` — and means what it means there;
        /// `Task {}`s it starts are not explored. Add an `await` to explore them.
        ///
        /// **Failures.** The body throws: ``MockDispatchableError/Kind/scheduleFailed``. Nothing can
        /// run, no timer is pending, and the body's task still waits:
        /// ``MockDispatchableError/Kind/deadlock``, naming the run's tasks. Both carry the schedule
        /// for ``replay(_:maximumStall:fileID:line:_:)-(_,_,_,(MockDispatchable)->Void)``. Work of the run resumed
        /// from outside it (a continuation resumed on real GCD or a real thread):
        /// ``MockDispatchableError/Kind/nondeterministicBody``, naming the task. A job that blocks
        /// its thread for ``Limits/blockedStepGrace`` (a semaphore waiting for other work of the
        /// run, which cannot run meanwhile): ``MockDispatchableError/Kind/deadlock``, naming the
        /// job, and the run's queued jobs go to the real executors (see ``RunWatch``).
        ///
        /// **When a run ends**, the explorer runs what it left — queued blocks and jobs of tasks
        /// the body did not await — in ordinary manual-mode order, for up to
        /// ``Limits/asyncRunDrainSteps`` steps, and then drops the jobs still left: those tasks are never
        /// resumed, so nothing of one run runs during another or after it.
        ///
        /// **Scope and limits.** Only the tasks of the run are controlled: other tests' tasks run on
        /// the real executors meanwhile, untouched. The explorer runs on a thread of its own and each
        /// run on the main queue, in one piece: the main actor is free between runs, and no thread
        /// of the cooperative pool is blocked. Cancelling the awaiting task stops the exploration
        /// before its next run. Synchronous code inside a job is atomic
        /// (data races are Thread Sanitizer's job); actors with custom executors, real I/O and real
        /// GCD queues are outside the run.
        ///
        /// **Toolchain.** Controlling main-actor jobs needs the standard library's
        /// `@_spi(ExperimentalCustomExecutors)` executor factory, which only Linux toolchains of
        /// Swift 6.3 ship; the interception is installed once per process, on the first `async`
        /// exploration, and forwards every job that is not a run's to the executors it replaced.
        /// Elsewhere — every Apple platform — this throws ``MockDispatchableError/Kind/unsupported``,
        /// saying what is missing: explore bodies that need no main actor (actors, tasks, the mock's
        /// blocks) with ``exploreTasks(schedules:seed:strategy:maximumStall:fileID:line:_:)``, which works there.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func explore(
            schedules: Int = 1_000, seed: Int = 0, strategy: ExplorationStrategy = .mixed,
            maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringMainActorBody(
                caller: "explore(schedules: \(schedules), seed: \(seed))", fileID: fileID, line: line, body: body
            ) {
                try $0.explore(
                    schedules: schedules, seed: UInt64(bitPattern: Int64(seed)), strategy: strategy,
                    maximumStall: maximumStall)
            }
        }

        /// Runs an `async` body under every distinct schedule, fewest deviations first from the order
        /// in which its jobs became runnable; see ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)-(_,_,_,_,_,(MockDispatchable)async->Void)``.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func exploreAll(
            limit: Int = 100_000, maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID,
            line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringMainActorBody(
                caller: "exploreAll(limit: \(limit))", fileID: fileID, line: line, body: body
            ) { try $0.exploreAll(limit: limit, shard: nil, maximumStall: maximumStall) }
        }

        /// Runs one shard of the schedules of an `async` body; see
        /// ``exploreAll(limit:shard:maximumStall:fileID:line:_:)-(_,_,_,_,(MockDispatchable)->Void)``.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func exploreAll(
            limit: Int = 100_000, shard: ExplorationShard, maximumStall: TimeInterval? = nil,
            fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringMainActorBody(
                caller: "exploreAll(limit: \(limit), shard: \(shard))", fileID: fileID, line: line, body: body
            ) { try $0.exploreAll(limit: limit, shard: shard, maximumStall: maximumStall) }
        }

        /// Runs an `async` body once under `schedule`, a string from a failure that an `async`
        /// exploration threw.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func replay(
            _ schedule: String, maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID,
            line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringMainActorBody(
                caller: "replay(\"\(BoundedList.quoted(schedule))\")", fileID: fileID, line: line, body: body
            ) { try $0.replay(schedule, maximumStall: maximumStall) }
        }

        /// Starts task 1 of a run, the body's, preferring `executor`; its first job is on the main
        /// actor. When the body returns or throws, `finish` gets what it did.
        #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
            private static func startMainActorTask(
                _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void,
                _ mock: MockDispatchable, on executor: RunExecutor,
                then finish: @escaping @Sendable (Result<Void, any Error>) -> Void
            ) {
                Task(executorPreference: executor) { @Sendable @MainActor in finish(await outcome(of: body, mock)) }
            }

            @MainActor
            private static func outcome(
                of body: @MainActor @Sendable (MockDispatchable) async throws -> Void, _ mock: MockDispatchable
            ) async -> Result<Void, any Error> {
                do {
                    try await body(mock)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
        #endif

        /// Runs an `async` body that needs no main actor once per schedule — its structured tasks,
        /// the `Task {}`s it starts, actors, and the mock's blocks in one schedule space — and throws
        /// at the first schedule that fails.
        ///
        /// Most concurrency bugs live in actors and tasks, not on the main actor. This form explores
        /// them on every platform that has task executors (macOS 15, iOS 18 and later), Apple's
        /// included, where ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)-(_,_,_,_,_,(MockDispatchable)async->Void)``
        /// cannot run its `@MainActor` body:
        ///
        /// ```swift
        /// @Test func theCacheFetchesOnce() async throws {
        ///     try await MockDispatchable.exploreTasks(schedules: 1_000, seed: 42) { mock in
        ///         let cache = ImageCache(loader: Loader(dispatch: mock))    // an actor
        ///         async let a = cache.image(for: "cat")
        ///         async let b = cache.image(for: "cat")
        ///         _ = try await (a, b)
        ///         guard await cache.fetchCount == 1 else { throw FetchedTwice() }
        ///     }
        /// }
        /// ```
        ///
        /// The model, the report and the failures are those of the `@MainActor` form; the body's
        /// task (task 1) is not isolated to any actor. What is captured depends on the runtime:
        ///
        /// - **Executor factory** (Linux toolchains of Swift 6.3): everything the `@MainActor` form
        ///   explores, main-actor hops and `Task.sleep` on virtual time included. The explorer runs
        ///   on a thread of its own and each run on the main queue, as that form's do.
        /// - **Public capture** (everywhere else, or with the environment variable
        ///   `DISPATCHABLE_ASYNC_CAPTURE=public`): the run's tasks prefer an executor of the
        ///   explorer's (SE-0417), which brings it their structured children and actor hops, and
        ///   the runtime's `swift_task_enqueueGlobal_hook` brings it their `Task {}`s. Where the
        ///   runtime's `Task.sleep` enqueues through `swift_task_enqueueGlobalWithDelay_hook` and
        ///   `…WithDeadline_hook` — the Swift 6.0 and 6.1 runtimes of macOS 15, iOS 18, tvOS 18,
        ///   watchOS 11 and visionOS 2 — sleeps run on virtual time too (the first exploration
        ///   probes which). The explorer runs on a thread of its own, holding neither the main actor
        ///   nor a thread of the cooperative pool. A main-actor hop (the runtime never tells the
        ///   hooks about it, swiftlang/swift #63104) and, on later runtimes, `Task.sleep` (Swift 6.2
        ///   and later schedule sleeps on the executor, past every public hook) cannot be captured:
        ///   a run that hops or sleeps throws ``MockDispatchableError/Kind/unsupported`` naming the
        ///   task, and so does a run that is stuck, since that capture cannot tell a deadlock from a
        ///   sleep or a hop that has not come back.
        ///
        /// Sleeps behind the mock are explored on virtual time under both captures and on every
        /// runtime: ``sleep(for:)``, and ``clock`` for code that takes `any Clock<Duration>` — its
        /// sleeps are timers of the mock, like `after`.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        @discardableResult
        static func exploreTasks(
            schedules: Int = 1_000, seed: Int = 0, strategy: ExplorationStrategy = .mixed,
            maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringTasks(
                caller: "exploreTasks(schedules: \(schedules), seed: \(seed))", fileID: fileID, line: line, body: body
            ) {
                try $0.explore(
                    schedules: schedules, seed: UInt64(bitPattern: Int64(seed)), strategy: strategy,
                    maximumStall: maximumStall)
            }
        }

        /// Runs an `async` body that needs no main actor under every distinct schedule, fewest
        /// deviations first;
        /// see ``exploreTasks(schedules:seed:strategy:maximumStall:fileID:line:_:)``.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        @discardableResult
        static func exploreAllTasks(
            limit: Int = 100_000, maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID,
            line: UInt = #line,
            _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringTasks(
                caller: "exploreAllTasks(limit: \(limit))", fileID: fileID, line: line, body: body
            ) { try $0.exploreAll(limit: limit, shard: nil, maximumStall: maximumStall) }
        }

        /// Runs one shard of the schedules of an `async` body that needs no main actor; see
        /// ``exploreAll(limit:shard:maximumStall:fileID:line:_:)-(_,_,_,_,(MockDispatchable)->Void)``.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        @discardableResult
        static func exploreAllTasks(
            limit: Int = 100_000, shard: ExplorationShard, maximumStall: TimeInterval? = nil,
            fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringTasks(
                caller: "exploreAllTasks(limit: \(limit), shard: \(shard))", fileID: fileID, line: line, body: body
            ) { try $0.exploreAll(limit: limit, shard: shard, maximumStall: maximumStall) }
        }

        /// Runs an `async` body that needs no main actor once under `schedule`, a string from a
        /// failure that ``exploreTasks(schedules:seed:strategy:maximumStall:fileID:line:_:)`` or
        /// ``exploreAllTasks(limit:maximumStall:fileID:line:_:)`` threw.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        @discardableResult
        static func replayTasks(
            _ schedule: String, maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID,
            line: UInt = #line,
            _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await exploringTasks(
                caller: "replayTasks(\"\(BoundedList.quoted(schedule))\")", fileID: fileID, line: line, body: body
            ) { try $0.replay(schedule, maximumStall: maximumStall) }
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

        /// The environment variable that forces the public capture backend (`public`) where the
        /// SPI one exists, so that what Apple platforms get can be tested on Linux.
        static let asyncCaptureVariable = "DISPATCHABLE_ASYNC_CAPTURE"

        /// Whether the environment asks for the public capture.
        private static var isPublicCaptureForced: Bool {
            ProcessInfo.processInfo.environment[asyncCaptureVariable] == "public"
        }

        /// Runs `operation` on an explorer for a `@MainActor` body. Only the executor factory captures
        /// a `@MainActor` body's jobs: the explorer runs on a thread of its own, and each run on the
        /// main queue, in one piece (see ``onMainQueue(_:)``).
        @MainActor
        private static func exploringMainActorBody(
            caller: String, fileID: StaticString, line: UInt,
            body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void,
            _ operation: @escaping @Sendable (Explorer) throws -> ExplorationReport
        ) async throws -> ExplorationReport {
            // Before anything else: the explorer runs on a thread of its own. An async @MainActor
            // function hops to the main actor on entry, so a caller cannot cast this isolation away
            // as it can a synchronous form's (an exit test shows both); this is for a way in without it.
            try Explorer.requireMainQueue(caller: caller, fileID: fileID, line: line)
            #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
                if !isPublicCaptureForced {
                    let executor = ExecutorFactoryCapture.shared.runExecutor
                    return try await exploreOnThreadOfItsOwn(
                        .executorFactory, executor: executor, caller: caller, fileID: fileID, line: line, operation
                    ) { startMainActorTask(body, $0, on: executor, then: $1) }
                }
            #endif
            let missing =
                isPublicCaptureForced
                ? "the executor-factory capture, which \(asyncCaptureVariable)=public turns off to show what "
                    + "Apple platforms get"
                : "the standard library's executor factory (@_spi(ExperimentalCustomExecutors)), which only Linux "
                    + "toolchains of Swift 6.3 ship (Apple's SDKs have no SPI; other compilers are not yet shown "
                    + "to have it)"
            throw MockDispatchableError(
                kind: .unsupported,
                message: "\(caller): exploring a @MainActor async body needs \(missing). Without it the run's "
                    + "@MainActor jobs (the body's own, here) cannot be captured: the runtime never calls "
                    + "swift_task_enqueueMainExecutor_hook for main-actor hops (swiftlang/swift #63104). Explore "
                    + "actor, task and mock code with exploreTasks (a body that is not @MainActor); the "
                    + "synchronous forms (a body without await) work everywhere.",
                snapshot: nil, fileID: fileID, line: line)
        }

        /// Runs `operation` on an explorer for a body that needs no main actor, with the best capture
        /// this runtime gives: the executor factory's (each run on the main queue), else the public
        /// one. Either way the explorer runs on a thread of its own.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private static func exploringTasks(
            caller: String, fileID: StaticString, line: UInt,
            body: @escaping @Sendable (MockDispatchable) async throws -> Void,
            _ operation: @escaping @Sendable (Explorer) throws -> ExplorationReport
        ) async throws -> ExplorationReport {
            let start:
                @Sendable (MockDispatchable, RunExecutor, @escaping @Sendable (Result<Void, any Error>) -> Void)
                    -> Void = { mock, executor, finish in
                        Task(executorPreference: executor) {
                            do {
                                try await body(mock)
                                finish(.success(()))
                            } catch {
                                finish(.failure(error))
                            }
                        }
                    }
            #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
                if !isPublicCaptureForced {
                    let executor = ExecutorFactoryCapture.shared.runExecutor
                    return try await exploreOnThreadOfItsOwn(
                        .executorFactory, executor: executor, caller: caller, fileID: fileID, line: line, operation
                    ) { start($0, executor, $1) }
                }
            #endif
            if let missing = Capture.missing {
                throw MockDispatchableError(
                    kind: .unsupported,
                    message: "\(caller): this runtime does not give what exploring async code needs: \(missing).",
                    snapshot: nil, fileID: fileID, line: line)
            }
            let executor = PublicCapture.shared.runExecutor
            if DrivingThread.inbox == nil { _ = await SleepHooks.probe.value }  // (inside a run, refused below)
            return try await exploreOnThreadOfItsOwn(
                .publicHooks, executor: executor, caller: caller, fileID: fileID, line: line, operation
            ) { start($0, executor, $1) }
        }

        /// Runs `work` on the main queue, from the explorer's own thread, and waits for it: one run
        /// under the executor-factory capture, whose main-actor jobs run on the driving thread. The
        /// main queue runs other work — parallel tests' main-actor jobs — between runs, never during
        /// one.
        private static func onMainQueue(_ work: () throws -> Void) throws {
            try DispatchQueue.main.sync(execute: work)
        }

        /// Runs `operation` on an explorer on a thread of its own and awaits what it returns: the
        /// explorer holds neither the main actor nor a thread of the cooperative pool. Each run is an
        /// ``AsyncRun`` under `capture`, whose body's task `start` starts (on a run's mock, calling
        /// the function it is given with what the body did); under the executor factory, each runs
        /// on the main queue. Cancelling the awaiting task stops the exploration before its next run,
        /// with `CancellationError`. Called inside a run of another async exploration, it throws
        /// ``MockDispatchableError/Kind/unsupported`` instead: that run holds the thread it needs.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private static func exploreOnThreadOfItsOwn(
            _ capture: CaptureBackend, executor: RunExecutor, caller: String, fileID: StaticString, line: UInt,
            _ operation: @escaping @Sendable (Explorer) throws -> ExplorationReport,
            start: @escaping @Sendable (MockDispatchable, @escaping @Sendable (Result<Void, any Error>) -> Void) -> Void
        ) async throws -> ExplorationReport {
            if DrivingThread.inbox != nil {
                throw MockDispatchableError(
                    kind: .unsupported,
                    message: "\(caller) was called inside a run of another async exploration: nested async "
                        + "explorations are not supported (the outer run holds the thread the inner one needs). "
                        + "Explore the inner body in a test of its own.",
                    snapshot: nil, fileID: fileID, line: line)
            }
            let cancelled = Locked(false)
            let watch = RunWatch(caller: caller)
            let failsOnIssues = failsRunsOnIssues
            // Each run's body task is made here, in the awaiting task, so it inherits its task-local
            // values (Swift Testing's current test, a dependency scope); see `RunSpawner`.
            let spawner = RunSpawner()
            async let serving: Void = spawner.serve()
            let result: Result<ExplorationReport, any Error>
            do {
                result = .success(
                    try await explore(
                        capture, executor: executor, caller: caller, fileID: fileID, line: line,
                        failsOnIssues: failsOnIssues, spawner: spawner, cancelled: cancelled, watch: watch, operation,
                        start: start))
            } catch {
                result = .failure(error)
            }
            spawner.close()
            await serving
            return try result.get()
        }

        /// The body of ``exploreOnThreadOfItsOwn(_:executor:caller:fileID:line:_:start:)``: starts the
        /// explorer's thread and awaits its answer.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private static func explore(
            _ capture: CaptureBackend, executor: RunExecutor, caller: String, fileID: StaticString, line: UInt,
            failsOnIssues: Bool, spawner: RunSpawner, cancelled: Locked<Bool>, watch: RunWatch,
            _ operation: @escaping @Sendable (Explorer) throws -> ExplorationReport,
            start: @escaping @Sendable (MockDispatchable, @escaping @Sendable (Result<Void, any Error>) -> Void) -> Void
        ) async throws -> ExplorationReport {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // Answered once: by the explorer, or by the watchdog while the explorer is blocked.
                    let awaiting = Locked<CheckedContinuation<ExplorationReport, any Error>?>(continuation)
                    let answer: @Sendable (Result<ExplorationReport, any Error>) -> Void = { result in
                        awaiting.withLock { $0.take() }?.resume(with: result)
                    }
                    watch.start { answer(.failure($0)) }
                    let thread = Thread {
                        var explorer = Explorer(caller: caller, fileID: fileID, line: line) { mock in
                            let run = AsyncRun(
                                mock: mock, capture: capture, executor: executor, watch: watch, fileID: fileID,
                                line: line)
                            let issues = runIssues
                            let startTask: @Sendable (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void = {
                                finish in
                                spawner.spawn {
                                    run.claimingJobs { $runIssues.withValue(issues) { start(mock, finish) } }
                                }
                            }
                            if capture == .executorFactory {
                                try onMainQueue { try run.drive(startTask) }
                            } else {
                                try run.drive(startTask)
                            }
                        }
                        explorer.failsOnIssues = failsOnIssues
                        explorer.isCancelled = { cancelled.withLock { $0 } || watch.isAbandoned }
                        let result = Result { try operation(explorer) }
                        watch.end()
                        // Once the watchdog gave the exploration up, its answer is the one that counts.
                        if !watch.isAbandoned { answer(result) }
                    }
                    thread.name = "MockDispatchable explorer"
                    thread.stackSize = 8 << 20
                    thread.start()
                }
            } onCancel: {
                cancelled.withLock { $0 = true }
            }
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// How a run's jobs are captured; see ``exploreTasks(schedules:seed:strategy:maximumStall:fileID:line:_:)``.
        // joined: fileprivate
        nonisolated enum CaptureBackend {
            /// The standard library's executor factory (SPI): main-actor jobs and sleeps too.
            case executorFactory
            /// Task-executor preference and the runtime's public enqueue hooks.
            case publicHooks
        }

        /// One run of an `async` body: starts the body's task and runs the jobs of its run, one
        /// step at a time through the mock's scheduler (and so through the explorer's chooser),
        /// until the body's task is done. Used on one thread, the one that drives the run.
        // joined: fileprivate
        nonisolated final class AsyncRun: Sendable {
            private let mock: MockDispatchable
            private let capture: CaptureBackend
            private let inbox: TaskInbox
            private let watch: RunWatch
            private let fileID: StaticString
            private let line: UInt
            /// What task 1, the body's, ended with; nil while it runs.
            private let result = Locked<Result<Void, any Error>?>(nil)

            init(
                mock: MockDispatchable, capture: CaptureBackend, executor: RunExecutor, watch: RunWatch,
                fileID: StaticString, line: UInt
            ) {
                self.mock = mock
                self.capture = capture
                inbox = TaskInbox(mock: mock, executor: executor)
                self.watch = watch
                self.fileID = fileID
                self.line = line
            }

            /// Runs the body's task, which `start` starts (preferring the run's executor, and calling
            /// the function it is given with what the body did), to its end; rethrows what it threw.
            /// Returns early, passing, once the watchdog gave the exploration up (see ``RunWatch``).
            func drive(_ start: (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void) throws {
                guard watch.watch(self) else { return }
                // The body's task may be made on another thread (see `RunSpawner`): its first job
                // is the run's all the same, claimed through the inbox that thread drives meanwhile.
                start { [result] outcome in result.withLock { $0 = outcome } }
                DrivingThread.begin(inbox)
                defer {
                    DrivingThread.end()
                    inbox.close()
                    watch.unwatch()
                }
                var steps = 0
                while result.withLock({ $0 == nil }), inbox.goesOn {
                    if try step() {
                        steps += 1
                        if steps >= MockDispatchable.defaultStepLimit { throw runaway(steps) }
                        continue
                    }
                    // Nothing can run: work resumed from outside the run may still arrive — at once from
                    // a real thread, later from a busy queue (an actor on its own executor, say).
                    if inbox.waitForArrival(seconds: Limits.arrivalGrace) { continue }
                    guard capture == .publicHooks else { throw deadlock() }
                    // A hop to the main actor comes back (if it does) once the main queue has run it.
                    if inbox.waitForMainQueue(seconds: Limits.mainQueueGrace) { continue }
                    throw stuck()
                }
                if inbox.isClosed { return }  // the watchdog gave the run up
                drain()
                if let escaped = inbox.escaped { throw escape(escaped) }
                if case .failure(let error) = result.withLock({ $0 }) { throw error }
            }

            /// Runs `body` — which makes the body's task, perhaps on a thread other than the driving
            /// one — with the jobs enqueued on this thread meanwhile claimed as the run's.
            func claimingJobs(_ body: () -> Void) {
                DrivingThread.begin(inbox)
                defer { DrivingThread.end() }
                body()
            }

            /// Runs what the run left, in ordinary manual-mode order (outside the schedule), then
            /// drops the tasks' jobs still queued.
            private func drain() {
                let chooser = mock.uninstallChooser()
                defer { if let chooser { mock.install(chooser) } }
                for _ in 0..<Limits.asyncRunDrainSteps {
                    guard (try? step()) == true, !inbox.isClosed else { break }
                }
                _ = mock.takeTasks()
            }

            /// Runs one step of the run (false if nothing can run), under the watchdog's eye.
            private func step() throws -> Bool {
                inbox.stepBegins()
                defer { inbox.stepEnds() }
                return try mock.runStepOfRun(fileID: fileID, line: line)
            }

            /// What the step running now runs, if it has not returned for `seconds`.
            func stepBlocked(longerThan seconds: TimeInterval) -> String? {
                inbox.stepBlocked(longerThan: seconds)
            }

            /// Gives the run up, from the watchdog's thread, while a step of `blocked` keeps the
            /// driving thread: closes the run (its tasks' jobs go to the real executors from now on),
            /// calls `answer` with the error for the exploration's caller, and then hands the jobs
            /// the run has queued to the real executors, in manual-mode order, which frees the thread
            /// when what it waits for is one of them.
            func abandon(
                caller: String, blocked: String, answering answer: (MockDispatchableError) -> Void
            ) {
                let choices = mock.choicesSoFar
                inbox.close()
                let released = mock.takeTasks()
                answer(blockedError(caller: caller, blocked: blocked, choices: choices, released: released.count))
                for job in released {
                    if job.isMainActor {
                        DispatchQueue.main.async { job.run() }
                    } else {
                        DispatchQueue.global().async { job.run() }
                    }
                }
            }

            private func blockedError(
                caller: String, blocked: String, choices: [Choice], released: Int
            ) -> MockDispatchableError {
                let seconds = Int(Limits.blockedStepGrace)
                return MockDispatchableError(
                    kind: .deadlock,
                    message:
                        "\(caller): a run deadlocked: a step running \(blocked) has not returned for \(seconds) s. "
                        + "It blocked the one thread that drives the run (on a semaphore, a lock, DispatchGroup.wait "
                        + "or a synchronous queue call, waiting for work of the run?), and the run runs one job at a "
                        + "time on that thread, so what it waits for cannot run. Swift concurrency asks the same of "
                        + "real code: never block a thread waiting for async work (the cooperative pool may have no "
                        + "thread to spare). Exploration stopped here; to free the thread, the run's "
                        + "\(released) queued job\(released == 1 ? "" : "s") went to the real executors.\n  "
                        + ScheduleText.unminimised(
                            choices, because: "every run of it blocks for \(seconds) s", after: caller),
                    snapshot: mock.snapshot, fileID: fileID, line: line, schedule: ScheduleText.encode(choices))
            }

            private var tasks: String { BoundedList.quoted(inbox.taskNames.joined(separator: ", "), limit: 400) }

            private func deadlock() -> MockDispatchableError {
                mock.error(
                    .deadlock,
                    "the run deadlocked: nothing can run, no timer is pending, and task 1 (the body) is still "
                        + "suspended. Tasks of this run: \(tasks) (any that did not finish is waiting too). A "
                        + "continuation that is never resumed, or work awaited that nothing runs?",
                    fileID: fileID, line: line)
            }

            private func stuck() -> MockDispatchableError {
                mock.error(
                    .unsupported,
                    "the run is stuck: nothing of it can run and task 1 (the body) is still suspended. Tasks of "
                        + "this run: \(tasks). The public capture cannot tell what they wait for: "
                        + "\(SleepHooks.possibleCause("a Task.sleep"))a hop to "
                        + "the main actor that has not come back (swiftlang/swift #63104), or a deadlock. Keep "
                        + "sleeps behind the mock (sleep(for:), or mock.clock for code that takes a Clock) and "
                        + "@MainActor code out of the body; the executor-factory capture (Linux, Swift 6.3) tells "
                        + "them apart.",
                    fileID: fileID, line: line)
            }

            private func escape(_ escape: TaskInbox.Escape) -> any Error {
                switch capture {
                case .executorFactory:
                    return EscapedWork(
                        message: "work of the run was resumed from outside it: \(escape.task) was resumed on a "
                            + "thread the run does not drive\(escape.onQueue) (an actor with a custom executor, or a continuation "
                            + "resumed by real GCD, a real thread or a timer?). Inject the mock there, or resume on its "
                            + "queues; an actor on its own executor runs outside the run.")
                case .publicHooks where escape.fromMainQueue:
                    return mock.error(
                        .unsupported,
                        "\(escape.task) came back from the main actor: code of the run hopped to @MainActor, and "
                            + "the public capture cannot capture main-actor jobs (the runtime never calls "
                            + "swift_task_enqueueMainExecutor_hook for them, swiftlang/swift #63104). Keep @MainActor "
                            + "code out of the body, or explore it with the executor-factory capture (Linux, Swift "
                            + "6.3).",
                        fileID: fileID, line: line)
                case .publicHooks:
                    return mock.error(
                        .unsupported,
                        "\(escape.task) was resumed from outside the run\(escape.onQueue): by an actor with a custom "
                            + "executor (its jobs run where the executor runs them), "
                            + "\(SleepHooks.possibleCause("by a Task.sleep's timer"))or by real GCD or a real "
                            + "thread. Keep sleeps behind the mock (sleep(for:), or mock.clock for code that takes a "
                            + "Clock) and actors on custom executors out of the body, and inject the mock where work "
                            + "resumes.",
                        fileID: fileID, line: line)
                }
            }

            private func runaway(_ steps: Int) -> RunawayRun {
                RunawayRun(
                    error: mock.error(
                        .stepLimitExceeded,
                        "the run took \(steps) steps and task 1 (the body) has not finished; the last task to run "
                            + "was \(inbox.lastTaskRun ?? "task 1"). It looks like work that reschedules itself forever: "
                            + "a Task.yield() poll for something that never happens, or a poller that never stops? "
                            + "(Every other job of the run got its turn: a job passed over "
                            + "\(Limits.fairness) times in a row runs next.)",
                        fileID: fileID, line: line))
            }
        }

        /// An async exploration's watchdog. A run is driven on one thread, one step at a time, so a
        /// job that blocks its thread on a semaphore, a lock or a synchronous wait for other work
        /// of the run waits forever: that work cannot run, and neither can the exploration answer
        /// its caller. The watchdog, a thread of its own, looks at the step running now every
        /// ``Limits/watchdogInterval``; once one has not returned for ``Limits/blockedStepGrace``,
        /// it answers the caller with ``MockDispatchableError/Kind/deadlock`` naming the job, and
        /// gives the run up (``AsyncRun/abandon(caller:blocked:answering:)``): its queued jobs go to the real
        /// executors, which frees the thread when what it waits for is one of them. Nothing more
        /// of the exploration runs after that.
        // joined: fileprivate
        nonisolated final class RunWatch: Sendable {
            private let caller: String
            private let state = Locked(State())
            private let ended = DispatchSemaphore(value: 0)

            private struct State {
                var run: AsyncRun?
                var isAbandoned = false
            }

            init(caller: String) { self.caller = caller }

            /// Whether the watchdog gave the exploration up (its caller has its answer).
            var isAbandoned: Bool { state.withLock { $0.isAbandoned } }

            /// Watches `run` from now on; false if the exploration was given up.
            func watch(_ run: AsyncRun) -> Bool {
                state.withLock { state in
                    guard !state.isAbandoned else { return false }
                    state.run = run
                    return true
                }
            }

            /// Stops watching the run: it is over.
            func unwatch() {
                state.withLock { $0.run = nil }
            }

            /// Starts the watchdog's thread, which calls `answer` with the error if a step blocks.
            func start(answering answer: @escaping @Sendable (MockDispatchableError) -> Void) {
                let thread = Thread { [self] in
                    while ended.wait(timeout: .now() + Limits.watchdogInterval) == .timedOut {
                        if abandonIfBlocked(answering: answer) { return }
                    }
                }
                thread.name = "MockDispatchable watchdog"
                thread.start()
            }

            /// Ends the watchdog's thread: the exploration is over.
            func end() { ended.signal() }

            /// Gives the exploration up if the step running now blocked; true if it did.
            private func abandonIfBlocked(answering answer: (MockDispatchableError) -> Void) -> Bool {
                let run = state.withLock { $0.run }
                guard let run, let blocked = run.stepBlocked(longerThan: Limits.blockedStepGrace) else { return false }
                state.withLock { $0.isAbandoned = true }
                run.abandon(caller: caller, blocked: blocked, answering: answer)
                return true
            }
        }

        /// What a capture hands a run: the jobs of its tasks, from the driving thread or, named by
        /// task, from elsewhere.
        // joined: fileprivate
        nonisolated final class TaskInbox: @unchecked Sendable {
            // @unchecked: every `var` is read and written only with `lock` held.
            private let mock: MockDispatchable
            /// The executor the run's tasks prefer.
            private let executor: RunExecutor
            private let lock = NSLock()
            private var ordinals: [UInt64: Int] = [:]
            /// How many jobs of each task the run has queued so far.
            private var jobCounts: [UInt64: Int] = [:]
            /// How many steps of the run have begun.
            private var steps = 0
            private var started: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)?
            /// When virtual time last took each of its latest values, on both real clocks: where a
            /// deadline read off a real clock in an earlier job is placed (see ``Moment``).
            private var epochs: [Moment] = []
            /// How many jobs of actors (not of tasks) the run has seen.
            private var actorJobs = 0
            /// Tasks seen preferring the run's executor (SE-0417).
            private var preferring: Set<UInt64> = []
            private var firstEscape: Escape?
            private var lastTask: String?
            /// The step running now: when it began, and the name of the job it runs (nil for a block
            /// of the mock).
            private var step: (began: ContinuousClock.Instant, job: String?)?
            private var isOpen = true
            private let arrivals = DispatchSemaphore(value: 0)
            /// The task whose own job runs now on the driving thread, off the main actor, and what
            /// it enqueued of itself for the global executor while it ran (see ``runOwnJob(_:of:on:)``).
            private var ownJob: (task: UInt64, hop: UnownedJob?)?

            /// The first task of the run resumed from outside it.
            struct Escape {
                let task: String
                /// Whether it was resumed on the main queue: it had hopped to the main actor.
                let fromMainQueue: Bool
                /// The label of the dispatch queue it was resumed on, if any: an actor's executor
                /// that bridges a queue runs the actor's jobs there.
                let queue: String?

                /// ` on the dispatch queue "database"`, or nothing.
                var onQueue: String { queue.map { " on the dispatch queue \"\($0)\"" } ?? "" }
            }

            init(mock: MockDispatchable, executor: RunExecutor) {
                self.mock = mock
                self.executor = executor
            }

            /// Queues `job`, of the task with `id`, in the run's mock: false when the run is over.
            func accept(
                _ job: UnownedJob, id: UInt64, isMainActor: Bool, after delay: TimeInterval?, onDrivingThread: Bool,
                prefersRun: Bool, hasTaskID: Bool
            ) -> Bool {
                let executor = executor.asUnownedTaskExecutor()
                var keepsPreference = false
                var isHop = false
                var key = CandidateKey.item(0)
                var step = 0
                let name: String? = lock.withLock {
                    guard isOpen else { return nil }
                    step = steps
                    // The task of the job running now leaves it for the global executor: a hop the
                    // runtime makes only because the job runs on the run's executor (see
                    // `runOwnJob`). It goes on in the same step, as it would on the global executor.
                    if onDrivingThread, delay == nil, !prefersRun, !isMainActor, hasTaskID, let running = ownJob,
                        running.task == id, running.hop == nil
                    {
                        ownJob?.hop = job
                        isHop = true
                        return nil
                    }
                    if prefersRun, hasTaskID { preferring.insert(id) }
                    keepsPreference = preferring.contains(id)
                    guard hasTaskID else {
                        // A default actor's own job, which runs the tasks waiting for the actor.
                        actorJobs += 1
                        key = .actorJob(actorJobs)
                        return "actor job \(actorJobs)"
                    }
                    let ordinal = ordinals[id] ?? (ordinals.count + 1)
                    if ordinals[id] == nil {
                        ordinals[id] = ordinal
                        Capture.register(id, self)
                    }
                    let number = (jobCounts[id] ?? 0) + 1
                    jobCounts[id] = number
                    key = .job(number, ofTask: ordinal)
                    let name = "task \(ordinal)\(isMainActor ? " @MainActor" : "")"
                    if !onDrivingThread, firstEscape == nil {
                        firstEscape = Escape(
                            task: name, fromMainQueue: DispatchThread.isOnMainQueue, queue: Capture.currentQueueLabel)
                    }
                    return name
                }
                if isHop { return true }
                guard let name else { return false }
                // A task that prefers the run's executor runs its main-actor jobs there too; one that
                // does not (an unstructured `Task {}`) on the main actor alone: either way the job
                // does not hop again just to match its preference. A task's other jobs run on the
                // run's executor, where what they enqueue on `Task.currentExecutor` (a
                // `Task.yield()`) comes back to the run.
                let runJob: @Sendable () -> Void
                if isMainActor, keepsPreference {
                    runJob = {
                        job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: executor)
                    }
                } else if isMainActor {
                    runJob = { job.runSynchronously(on: MainActor.sharedUnownedExecutor) }
                } else if hasTaskID {
                    runJob = { [self] in runOwnJob(job, of: id, on: executor) }
                } else {
                    runJob = { job.runSynchronously(on: executor) }
                }
                let run: @Sendable () -> Void = { [self] in
                    jobStarts(name, isTask: hasTaskID)
                    runJob()
                }
                mock.enqueue(
                    TaskJob(
                        run: run, name: name, isMainActor: isMainActor, isWakeUp: delay != nil, key: key, step: step),
                    after: delay ?? 0)
                if !onDrivingThread { arrivals.signal() }
                return true
            }

            /// Runs `job`, of the task `id`, on the run's executor, and then, in the same step, the
            /// task's hops that only that executor caused.
            ///
            /// A `Task {}` prefers no executor: the runtime runs its jobs on no task executor, and
            /// its `swift_task_switch` goes on inline at every call of a nonisolated async function
            /// (the closure of `withUnsafeContinuation` runs at once, so code may hold a lock
            /// across it, as swift-async-algorithms' `merge` does). Here the job runs on the run's
            /// executor, so that what it enqueues on `Task.currentExecutor` (a `Task.yield()` on
            /// Swift 6.2 and later, which no public hook sees) comes back to the run; the switch
            /// then finds a task executor the task does not prefer, and leaves the job for the
            /// global executor. No job of the runtime's ends there, so the task goes on here,
            /// before anything else runs: the run's choice points are the runtime's. Only a hop of
            /// the task's own job, to the global executor, on the driving thread, is one of these;
            /// a hop to an actor or to the main actor goes to that executor, and ends the job.
            private func runOwnJob(_ job: UnownedJob, of id: UInt64, on executor: UnownedTaskExecutor) {
                var next: UnownedJob? = job
                var hops = 0
                while let current = next {
                    lock.withLock { ownJob = hops < Limits.hopsPerStep ? (id, nil) : nil }
                    current.runSynchronously(on: executor)
                    next = lock.withLock {
                        defer { ownJob = nil }
                        return ownJob?.hop
                    }
                    hops += 1
                }
            }

            /// A moment of the run: its virtual time, and when it was on both real clocks.
            struct Moment {
                let virtual: TimeInterval
                let continuous: ContinuousClock.Instant
                let suspending: SuspendingClock.Instant
            }

            /// When the job running now started, on both clocks a sleep may use.
            var jobStarted: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)? {
                lock.withLock { started }
            }

            /// The run's virtual time now.
            var virtualNow: TimeInterval { mock.now }

            /// The real moments at which virtual time took its latest values, latest first.
            var virtualTimeEpochs: [Moment] { lock.withLock { epochs.reversed() } }

            /// Notes that the job `name` starts now (a sleep's delay is read from it); `isTask` unless
            /// it is an actor's own job.
            func jobStarts(_ name: String, isTask: Bool) {
                let virtual = mock.now
                let now = (ContinuousClock.now, SuspendingClock.now)
                lock.withLock {
                    started = now
                    if isTask { lastTask = name }
                    step?.job = name
                    if epochs.last?.virtual != virtual {
                        if epochs.count >= Limits.virtualTimeEpochs { epochs.removeFirst(Limits.virtualTimeEpochs / 2) }
                        epochs.append(Moment(virtual: virtual, continuous: now.0, suspending: now.1))
                    }
                }
            }

            /// Notes that a step of the run begins now, on the driving thread.
            func stepBegins() {
                let now = ContinuousClock.now
                lock.withLock {
                    step = (now, nil)
                    steps += 1
                }
            }

            /// Notes that the step running now has returned.
            func stepEnds() {
                lock.withLock { step = nil }
            }

            /// What the step running now runs, if it has not returned for `seconds`: a job's name,
            /// or "a block of the mock".
            func stepBlocked(longerThan seconds: TimeInterval) -> String? {
                let now = ContinuousClock.now
                return lock.withLock {
                    guard let step, step.began.duration(to: now) > .seconds(seconds) else { return nil }
                    return step.job ?? "a block of the mock"
                }
            }

            /// The task whose job ran last (actors' own jobs aside).
            var lastTaskRun: String? { lock.withLock { lastTask } }

            /// The first task resumed from outside the run, if any.
            var escaped: Escape? { lock.withLock { firstEscape } }

            /// Whether the run is closed: over, or given up by the watchdog while it is driven.
            var isClosed: Bool { lock.withLock { !isOpen } }

            /// Whether the run's driving goes on: it is open, and no work of it was resumed from
            /// outside it. One lock, read at every step.
            var goesOn: Bool { lock.withLock { isOpen && firstEscape == nil } }

            /// `task 1, task 2`: every task the run has seen.
            var taskNames: [String] {
                lock.withLock { ordinals.values.sorted().map { "task \($0)" } }
            }

            /// Waits up to `seconds` for a job from outside the driving thread; true if one came.
            func waitForArrival(seconds: TimeInterval) -> Bool {
                arrivals.wait(timeout: .now() + seconds) == .success
            }

            /// Waits up to `seconds` for the main queue to run what is queued on it now, then for a job
            /// from outside the driving thread; true if one came. Not for a run driven on the main queue.
            func waitForMainQueue(seconds: TimeInterval) -> Bool {
                let ran = DispatchSemaphore(value: 0)
                DispatchQueue.main.async { ran.signal() }
                _ = ran.wait(timeout: .now() + seconds)
                return waitForArrival(seconds: 0)
            }

            /// Ends the run: from now on its tasks' jobs go to the real executors.
            func close() {
                let ids = lock.withLock {
                    isOpen = false
                    return Array(ordinals.keys)
                }
                Capture.unregister(ids)
            }
        }

        /// What every capture shares: the runs open now, by task, and the runtime's public
        /// functions, found with `dlsym` as swift-concurrency-extras finds them.
        // joined: fileprivate
        nonisolated enum Capture {
            /// Tasks of open runs, for jobs enqueued on threads that drive no run.
            private static let registry = Locked<[UInt64: TaskInbox]>([:])

            static func register(_ id: UInt64, _ inbox: TaskInbox) { registry.withLock { $0[id] = inbox } }
            static func unregister(_ ids: [UInt64]) { registry.withLock { for id in ids { $0[id] = nil } } }

            /// Hands `job` to the run it belongs to; false if it belongs to none. A job whose task id
            /// reads 0 belongs to no task — a default actor's own job, or the continuation job of a
            /// `Task.yield()` — and so to a run only when it is enqueued on the run's driving thread:
            /// task id 0 is never registered (it would claim such jobs of every other test).
            static func claim(
                _ job: UnownedJob, isMainActor: Bool, after delay: TimeInterval? = nil, prefersRun: Bool = false
            ) -> Bool {
                let id = taskID(of: job)
                let hasTaskID = id != 0
                let onDrivingThread: Bool
                let inbox: TaskInbox
                if let driven = DrivingThread.inbox {
                    (inbox, onDrivingThread) = (driven, true)
                } else if hasTaskID, let owner = registry.withLock({ $0.isEmpty ? nil : $0[id] }) {
                    (inbox, onDrivingThread) = (owner, false)
                } else {
                    return false
                }
                return inbox.accept(
                    job, id: id, isMainActor: isMainActor, after: delay, onDrivingThread: onDrivingThread,
                    prefersRun: prefersRun, hasTaskID: hasTaskID)
            }

            /// The id of the task a job belongs to; 0 for a job that is not a task's (an actor's).
            static func taskID(of job: UnownedJob) -> UInt64 {
                guard let address = taskIDFunction else { return 0 }
                return unsafeBitCast(address, to: (@convention(thin) (UnownedJob) -> UInt64).self)(job)
            }

            /// The label of the dispatch queue running the calling code, if it has one (libdispatch's
            /// `dispatch_queue_get_label(NULL)`, found with `dlsym`: Swift's overlay hides it).
            static var currentQueueLabel: String? {
                guard let address = queueLabelFunction else { return nil }
                let label = unsafeBitCast(address, to: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self)(
                    nil)
                guard let label, label.pointee != 0 else { return nil }
                return String(cString: label)
            }

            private static let queueLabelFunction = address(of: "dispatch_queue_get_label")

            /// The runtime's `swift_task_getJobTaskId`, as an address.
            private static let taskIDFunction = address(of: "swift_task_getJobTaskId")

            /// The address of the runtime's public symbol `name`, if it has one.
            static func address(of name: String) -> UInt? {
                dlsym(dlopen(nil, 0), name).map { UInt(bitPattern: $0) }
            }

            /// The runtime's hook variable `name`, of type `Hook?`, if it has one.
            static func hook<Hook>(_: Hook.Type, named name: String) -> UnsafeMutablePointer<Hook?>? {
                address(of: name).flatMap { UnsafeMutablePointer<Hook?>(bitPattern: $0) }
            }

            /// Installs the runtime hooks both captures use, once per process.
            static func installHooks() {
                GlobalHook.install()
                SleepHooks.install()
            }

            /// What the public capture needs and this runtime lacks, if anything.
            static var missing: String? {
                let needed = ["swift_task_getJobTaskId", "swift_task_enqueueGlobal_hook"]
                let absent = needed.filter { address(of: $0) == nil }
                return absent.isEmpty ? nil : "the runtime has no \(absent.joined(separator: " and "))"
            }
        }

        /// The public capture, installed once per process on its first exploration: the task
        /// executor a run's tasks prefer, and the global-enqueue hook.
        // joined: fileprivate
        nonisolated final class PublicCapture: Sendable {
            let runExecutor = RunExecutor()

            static let shared = PublicCapture()

            private init() { Capture.installHooks() }
        }

        /// The executor a run's tasks prefer (SE-0417): their structured children and actor hops
        /// come here. A job that belongs to no open run (a task left over from a finished run,
        /// resumed from outside) goes to the global concurrent executor.
        // joined: fileprivate
        nonisolated class RunExecutor: TaskExecutor, @unchecked Sendable {
            // @unchecked: no stored state (a class so the executor-factory capture can add sleeps).
            func enqueue(_ job: consuming ExecutorJob) {
                let job = UnownedJob(job)
                if !Capture.claim(job, isMainActor: false, prefersRun: true) {
                    globalConcurrentExecutor.enqueue(ExecutorJob(job))
                }
            }
        }

        /// The runtime's public `swift_task_enqueueGlobal_hook` (found with `dlsym`, as
        /// swift-concurrency-extras does): unstructured tasks of a run enqueue here first.
        // joined: fileprivate
        nonisolated enum GlobalHook {
            typealias Original = @convention(thin) (UnownedJob) -> Void
            typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

            /// Installs the hook, once per process.
            static func install() { installation }

            /// The runtime's hook variable (not kept: a pointer is not `Sendable`).
            private static var hook: UnsafeMutablePointer<Hook?>? {
                Capture.hook(Hook.self, named: "swift_task_enqueueGlobal_hook")
            }
            /// A hook installed before ours (swift-concurrency-extras'), called for jobs not ours:
            /// read once, before ours replaces it, so that no enqueue of the process takes a lock.
            private static let previous = hook?.pointee

            private static let installation: Void = {
                _ = previous
                hook?.pointee = { job, original in
                    if Capture.claim(job, isMainActor: false) { return }
                    if let previous { previous(job, original) } else { original(job) }
                }
            }()
        }

        /// The runtime's public `swift_task_enqueueGlobalWithDelay_hook` and
        /// `swift_task_enqueueGlobalWithDeadline_hook` (found with `dlsym`). The standard library of
        /// Swift 6.0 and 6.1 — the one macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2 ship —
        /// enqueues there the task that wakes a `Task.sleep`; a run's sleep that comes here becomes a
        /// timer on the run's virtual clock, under either capture. Swift 6.2 and later schedule sleeps
        /// on the executor instead, past these hooks, where only the executor factory sees them.
        /// Which of the two this runtime does is probed once, by a sleep of the probe's own
        /// (``probe``).
        // joined: fileprivate
        nonisolated enum SleepHooks {
            typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
            typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
            typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
            typealias DeadlineHook =
                @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void

            /// Installs both hooks, once per process.
            static func install() { installation }

            /// Whether this runtime's `Task.sleep` reaches the hooks: nil until ``probe`` has run.
            static var sleepsReachTheHooks: Bool? { probed.withLock { $0 } }

            /// Finds out, once per process, whether this runtime's `Task.sleep` reaches the hooks.
            static let probe = Task<Bool, Never>.detached {
                install()
                await $isProbing.withValue(true) { _ = try? await Task.sleep(nanoseconds: 1) }
                return probed.withLock { found in
                    let reached = found ?? false
                    found = reached
                    return reached
                }
            }

            /// The words for a `Task.sleep` as one cause of what a run under the public capture saw,
            /// in `subject`'s words (`a Task.sleep`); nothing where the runtime's sleeps reach the
            /// hooks, so that they cannot have been the cause.
            static func possibleCause(_ subject: String) -> String {
                guard sleepsReachTheHooks != true else { return "" }
                return "\(subject) (this runtime schedules sleeps on the executor, as Swift 6.2 and later do, where "
                    + "no public hook sees them, so the public capture cannot put them on virtual time), "
            }

            @TaskLocal private static var isProbing = false
            private static let probed = Locked<Bool?>(nil)

            /// The runtime's hook variables (not kept: a pointer is not `Sendable`).
            private static var delayHook: UnsafeMutablePointer<DelayHook?>? {
                Capture.hook(DelayHook.self, named: "swift_task_enqueueGlobalWithDelay_hook")
            }
            private static var deadlineHook: UnsafeMutablePointer<DeadlineHook?>? {
                Capture.hook(DeadlineHook.self, named: "swift_task_enqueueGlobalWithDeadline_hook")
            }
            /// Hooks installed before ours (swift-concurrency-extras' or a test's), called for jobs not
            /// ours: read once, before ours replace them.
            private static let previousDelay = delayHook?.pointee
            private static let previousDeadline = deadlineHook?.pointee

            private static let installation: Void = {
                _ = (previousDelay, previousDeadline)
                delayHook?.pointee = { delay, job, original in
                    noteProbe()
                    if Capture.claim(job, isMainActor: false, after: TimeInterval(delay) / 1e9) { return }
                    if let previousDelay { previousDelay(delay, job, original) } else { original(delay, job) }
                }
                deadlineHook?.pointee = {
                    seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original in
                    noteProbe()
                    if let delay = delay(until: .seconds(seconds) + .nanoseconds(nanoseconds), on: clock),
                        Capture.claim(job, isMainActor: false, after: delay)
                    {
                        return
                    }
                    if let previousDeadline {
                        previousDeadline(
                            seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original)
                    } else {
                        original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
                    }
                }
            }()

            private static func noteProbe() {
                if isProbing { probed.withLock { $0 = true } }
            }

            /// The virtual delay of a deadline `sinceEpoch` after the epoch of the runtime's clock
            /// `clock` (1: continuous, 2: suspending); nil for another clock.
            private static func delay(until sinceEpoch: Duration, on clock: Int32) -> TimeInterval? {
                switch clock {
                case 1: return delay(until: epochs.continuous.advanced(by: sinceEpoch), clock: ContinuousClock())
                case 2: return delay(until: epochs.suspending.advanced(by: sinceEpoch), clock: SuspendingClock())
                default: return nil
                }
            }

            private static func delay<C: Clock>(until deadline: C.Instant, clock: C) -> TimeInterval {
                SleepDeadline.delay(until: deadline, clock: clock) ?? .infinity
            }

            /// The clocks' zeros, from which the runtime counts its deadlines (SE-0473's
            /// `systemEpoch`; spelled out for Swift 6.2, which lacks it, as the standard library
            /// defines it).
            private static let epochs: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant) = {
                #if compiler(>=6.3)
                    (ContinuousClock().systemEpoch, SuspendingClock().systemEpoch)
                #else
                    (
                        unsafeBitCast(Duration.zero, to: ContinuousClock.Instant.self),
                        unsafeBitCast(Duration.zero, to: SuspendingClock.Instant.self)
                    )
                #endif
            }()
        }

        /// Where a sleep of a run falls on its virtual clock: the delay of a deadline read off a real
        /// clock. Both captures use it: the executor factory's for every sleep, the public one for
        /// the sleeps the runtime brings its hooks (see ``SleepHooks``).
        // joined: fileprivate
        nonisolated enum SleepDeadline {
            /// A sleep's delay in virtual seconds, from its deadline on the real clock; nil (never due)
            /// past what virtual time holds.
            ///
            /// The deadline is the moment some job of the run read the clock plus the duration it
            /// asked for. Usually that job is the one sleeping: the moment lies between its start and
            /// now, and the duration is the roundest within those bounds — whole seconds, then tenths,
            /// hundredths, … down to nanoseconds — which is the one asked for unless the job ran
            /// longer than the gap between round durations (`.milliseconds(300)` is found whenever
            /// the job took less than a millisecond to reach its sleep). A deadline taken in an earlier
            /// job (`let deadline = .now + .seconds(5)`, slept on by a child task) is placed from the
            /// earlier stretch of real time in which virtual time held one value, when the duration
            /// measured from there is a hundred times rounder: `.seconds(5)` after the virtual time
            /// at which it was read, exactly, not 4.9966 s after the sleeper started.
            static func delay<C: Clock>(until instant: C.Instant, clock: C) -> TimeInterval? {
                let shortest = clock.now.duration(to: instant)
                guard let inbox = DrivingThread.inbox, let started = inbox.jobStarted,
                    let (high, ends) = elapsed(until: instant, since: started, epochs: inbox.virtualTimeEpochs)
                else {
                    guard let low = nanoseconds(shortest) else { return nil }
                    return Double(Swift.max(0, low)) / 1e9
                }
                guard let low = nanoseconds(shortest), let high = nanoseconds(high) else { return nil }
                // From the job that sleeps.
                var best = roundestWithStep(from: Swift.max(0, low), to: Swift.max(0, high))
                var offset: TimeInterval = 0
                // From earlier stretches of one virtual time, latest first.
                let now = inbox.virtualNow
                for (virtual, from, to) in ends {
                    guard let low = nanoseconds(from), let high = nanoseconds(to), high >= 0 else { continue }
                    let candidate = roundestWithStep(from: Swift.max(0, low), to: high)
                    if candidate.step >= best.step * 100 {
                        best = candidate
                        offset = virtual - now
                    }
                }
                return Swift.max(0, Double(best.value) / 1e9 + offset)
            }

            /// The real durations from the sleeping job's start to `instant`, and from each earlier
            /// stretch of one virtual time (its virtual time, from its end, from its start); nil for
            /// clocks other than `ContinuousClock` and `SuspendingClock`.
            private static func elapsed<Instant: InstantProtocol>(
                until instant: Instant,
                since started: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant),
                epochs: [TaskInbox.Moment]
            ) -> (Instant.Duration, [(TimeInterval, Instant.Duration, Instant.Duration)])? {
                func measured<Real: InstantProtocol>(
                    _ deadline: Real, _ real: KeyPath<TaskInbox.Moment, Real>, _ start: Real
                )
                    -> (Instant.Duration, [(TimeInterval, Instant.Duration, Instant.Duration)])?
                {
                    guard let high = start.duration(to: deadline) as? Instant.Duration else { return nil }
                    var stretches: [(TimeInterval, Instant.Duration, Instant.Duration)] = []
                    var end = start
                    for epoch in epochs {
                        let begin = epoch[keyPath: real]
                        if begin < end,
                            let from = end.duration(to: deadline) as? Instant.Duration,
                            let to = begin.duration(to: deadline) as? Instant.Duration
                        {
                            stretches.append((epoch.virtual, from, to))
                        }
                        end = Swift.min(end, begin)
                    }
                    return (high, stretches)
                }
                if let deadline = instant as? ContinuousClock.Instant {
                    return measured(deadline, \.continuous, started.continuous)
                }
                if let deadline = instant as? SuspendingClock.Instant {
                    return measured(deadline, \.suspending, started.suspending)
                }
                return nil
            }

            /// The multiple of the largest power of ten (nanoseconds, at most a second) in
            /// `low...high`, and that power of ten.
            static func roundestWithStep(from low: Int64, to high: Int64) -> (value: Int64, step: Int64) {
                var step: Int64 = 1_000_000_000
                while step > 1 {
                    let multiple = (low / step + (low % step == 0 ? 0 : 1)) * step
                    if multiple <= high { return (multiple, step) }
                    step /= 10
                }
                return (low, 1)
            }

            /// Whole nanoseconds of a `Duration`; 0 for other duration types; nil beyond ~290 years.
            private static func nanoseconds<D: DurationProtocol>(_ duration: D) -> Int64? {
                guard let duration = duration as? Swift.Duration else { return 0 }
                let (seconds, attoseconds) = duration.components
                guard seconds < 9_000_000_000 else { return nil }
                return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            }
        }

        /// A value behind a lock: the captures' shared state (registry, hook). The library's
        /// `Locked` again, under the same name, because a copied mock can use only the public API.
        // joined: fileprivate
        nonisolated final class Locked<Value>: @unchecked Sendable {
            // @unchecked: `value` is read and written only with `lock` held.
            private let lock = NSLock()
            private var value: Value

            init(_ value: Value) { self.value = value }

            func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
                lock.withLock { body(&value) }
            }
        }

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
                var waiting: CheckedContinuation<Request?, Never>?
                var queued: [Request] = []
                var isClosed = false
            }

            private let state = Locked(State())

            /// Runs `work` in the awaiting task and waits for it; on the calling thread once closed.
            func spawn(_ work: @escaping @Sendable () -> Void) {
                let request = Request(work: work, done: DispatchSemaphore(value: 0))
                let (waiting, isClosed) = state.withLock { state -> (CheckedContinuation<Request?, Never>?, Bool) in
                    if state.isClosed { return (nil, true) }
                    if let waiting = state.waiting.take() { return (waiting, false) }
                    state.queued.append(request)
                    return (nil, false)
                }
                if isClosed { return work() }
                waiting?.resume(returning: request)
                request.done.wait()
            }

            /// Serves requests until ``close()``; not ended by cancellation, so no request waits for ever.
            func serve() async {
                while let request = await next() {
                    request.work()
                    request.done.signal()
                }
            }

            private func next() async -> Request? {
                await withCheckedContinuation { continuation in
                    let ready: Request?? = state.withLock { state in
                        if !state.queued.isEmpty { return .some(state.queued.removeFirst()) }
                        if state.isClosed { return .some(nil) }
                        state.waiting = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            }

            func close() {
                let waiting = state.withLock { state in
                    state.isClosed = true
                    return state.waiting.take()
                }
                waiting?.resume(returning: nil)
            }
        }

        /// The run the calling thread drives, if any: a thread-local, set only while a run is
        /// driven. Every job enqueued on that thread belongs to the run.
        // joined: fileprivate
        nonisolated enum DrivingThread {
            private static let key: pthread_key_t = {
                var key = pthread_key_t()
                pthread_key_create(&key, nil)
                return key
            }()

            static var inbox: TaskInbox? {
                guard let pointer = pthread_getspecific(key) else { return nil }
                return Unmanaged<TaskInbox>.fromOpaque(pointer).takeUnretainedValue()
            }

            static func begin(_ inbox: TaskInbox) {
                pthread_setspecific(key, Unmanaged.passRetained(inbox).toOpaque())
            }

            static func end() {
                guard let pointer = pthread_getspecific(key) else { return }
                Unmanaged<TaskInbox>.fromOpaque(pointer).release()
                pthread_setspecific(key, nil)
            }
        }
    }

    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
        nonisolated extension MockDispatchable {
            /// The executor-factory capture, installed once per process on its first exploration:
            /// forwarding wrappers around the real main and default executors (the standard
            /// library's executor factory), the global-enqueue hook, and the task executor that a
            /// run's tasks prefer, which also takes their sleeps. Each passes every job that is not a
            /// run's to what it replaced.
            // joined: fileprivate
            nonisolated final class ExecutorFactoryCapture: Sendable {
                let previousDefault: any TaskExecutor
                let runExecutor: SchedulingRunExecutor

                static let shared = ExecutorFactoryCapture()

                private init() {
                    previousDefault = Task.defaultExecutor
                    runExecutor = SchedulingRunExecutor()
                    InterceptingFactory.handOff(
                        main: MainInterceptor(previous: MainActor.executor),
                        default: DefaultInterceptor(previous: previousDefault))
                    _createExecutors(factory: InterceptingFactory.self)
                    Capture.installHooks()
                }

                /// Schedules `job` at `instant` on `executor` if it can, else on the real default executor,
                /// else now.
                static func schedule<C: Clock>(
                    _ job: UnownedJob, on executor: any Executor, at instant: C.Instant, tolerance: C.Duration?,
                    clock: C
                ) {
                    if let scheduling = executor as? any SchedulingExecutor {
                        scheduling.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
                    } else if let scheduling = shared.previousDefault as? any SchedulingExecutor {
                        scheduling.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
                    } else {
                        executor.enqueue(ExecutorJob(job))
                    }
                }

                /// A sleep's job, due at `instant`: to its run, as a timer; if it belongs to none, to
                /// `executor` (the one the interceptor replaced).
                static func claimOrSchedule<C: Clock>(
                    _ job: UnownedJob, isMainActor: Bool, prefersRun: Bool = false, at instant: C.Instant,
                    tolerance: C.Duration?, clock: C, otherwise executor: any Executor
                ) {
                    let delay = SleepDeadline.delay(until: instant, clock: clock) ?? .infinity
                    if !Capture.claim(job, isMainActor: isMainActor, after: delay, prefersRun: prefersRun) {
                        schedule(job, on: executor, at: instant, tolerance: tolerance, clock: clock)
                    }
                }
            }

            /// The run executor of the executor-factory capture: it also takes the sleeps of the
            /// tasks that prefer it, which sleep on the run's virtual clock.
            // joined: fileprivate
            nonisolated final class SchedulingRunExecutor: RunExecutor, SchedulingExecutor, @unchecked Sendable {
                // @unchecked: no stored state, as its superclass.
                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    ExecutorFactoryCapture.claimOrSchedule(
                        UnownedJob(job), isMainActor: false, prefersRun: true, at: instant, tolerance: tolerance,
                        clock: clock, otherwise: ExecutorFactoryCapture.shared.previousDefault)
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
                ) {
                    enqueue(job, at: clock.now.advanced(by: delay), tolerance: tolerance, clock: clock)
                }
            }

            /// Wraps the real main executor: claims the main-actor jobs of a run, forwards every other.
            /// It keeps the real executor's identity, so isolation checks see the main actor as before.
            // joined: fileprivate
            nonisolated final class MainInterceptor: MainExecutor, SchedulingExecutor {
                private let replaced: any MainExecutor

                init(previous: any MainExecutor) { replaced = previous }

                /// The real main executor. The runtime hands this wrapper to other threads without a
                /// synchronisation the Thread Sanitizer sees, so what `init` stored is read after the
                /// hand-off's lock (a race report in CI otherwise, from an isolation check).
                var previous: any MainExecutor { InterceptingFactory.afterHandOff { replaced } }

                func enqueue(_ job: consuming ExecutorJob) {
                    let job = UnownedJob(job)
                    if !Capture.claim(job, isMainActor: true) { previous.enqueue(ExecutorJob(job)) }
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    ExecutorFactoryCapture.claimOrSchedule(
                        UnownedJob(job), isMainActor: true, at: instant, tolerance: tolerance, clock: clock,
                        otherwise: previous)
                }

                func run() throws { try previous.run() }
                func runUntil(_ condition: () -> Bool) throws { try previous.runUntil(condition) }
                func stop() { previous.stop() }
                func asUnownedSerialExecutor() -> UnownedSerialExecutor { previous.asUnownedSerialExecutor() }
                func checkIsolated() { previous.checkIsolated() }
                func isIsolatingCurrentContext() -> Bool? { previous.isIsolatingCurrentContext() }
            }

            /// Wraps the real default executor: claims the jobs of a run's unstructured tasks.
            // joined: fileprivate
            nonisolated final class DefaultInterceptor: TaskExecutor, SchedulingExecutor {
                private let replaced: any TaskExecutor

                init(previous: any TaskExecutor) { replaced = previous }

                /// The real default executor, read after the hand-off's lock (see `MainInterceptor`).
                var previous: any TaskExecutor { InterceptingFactory.afterHandOff { replaced } }

                func enqueue(_ job: consuming ExecutorJob) {
                    let job = UnownedJob(job)
                    if !Capture.claim(job, isMainActor: false) { previous.enqueue(ExecutorJob(job)) }
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    ExecutorFactoryCapture.claimOrSchedule(
                        UnownedJob(job), isMainActor: false, at: instant, tolerance: tolerance, clock: clock,
                        otherwise: previous)
                }
            }

            /// The factory `_createExecutors` reads the wrappers from, once.
            // joined: fileprivate
            nonisolated enum InterceptingFactory: ExecutorFactory {
                private static let wrappers = Locked<(main: MainInterceptor, default: DefaultInterceptor)?>(nil)

                static func handOff(main: MainInterceptor, default: DefaultInterceptor) {
                    wrappers.withLock { $0 = (main, `default`) }
                }

                /// `read` with the hand-off's lock held: whatever the wrappers' initialisers stored
                /// happens before it, on any thread the runtime calls them from.
                static func afterHandOff<Value>(_ read: () -> Value) -> Value { wrappers.withLock { _ in read() } }

                static var mainExecutor: any MainExecutor { wrappers.withLock { $0!.main } }
                static var defaultExecutor: any TaskExecutor { wrappers.withLock { $0!.default } }
            }
        }
    #endif

#endif
