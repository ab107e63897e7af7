#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Async exploration entry points

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
        /// the real executors meanwhile, untouched. The explorer runs on a thread of its own, where
        /// each run starts; at its first main-actor job a run moves to the main queue and stays there,
        /// in slices of up to ``Limits/mainQueueSlice``: the main actor is free between them and
        /// between runs, and no thread of the cooperative pool is blocked. Cancelling the awaiting task stops the exploration
        /// before its next run. Synchronous code inside a job is atomic
        /// (data races are Thread Sanitizer's job); actors with custom executors, real I/O and real
        /// GCD queues are outside the run.
        ///
        /// **Toolchain.** Controlling main-actor jobs needs the standard library's
        /// `@_spi(ExperimentalCustomExecutors)` executor factory (Linux toolchains of Swift 6.3), or
        /// the runtime's `swift_task_getMainExecutor_hook` (the Swift 6.1 runtimes and later: macOS
        /// 15.4, iOS 18.4 and later, and Linux), which the public capture takes a run's main-actor
        /// work through; each is installed once per process, on the first `async` exploration, and
        /// passes every job that is not a run's on to the real executors. Where neither exists —
        /// macOS 15.0–15.3, iOS 18.0–18.3 — this throws ``MockDispatchableError/Kind/unsupported``, saying what is
        /// missing: explore bodies that need no main actor (actors, tasks, the mock's blocks) with
        /// ``exploreTasks(schedules:seed:strategy:maximumStall:fileID:line:_:)``, which works there.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func explore(
            schedules: Int = 1_000, seed: Int = 0, strategy: ExplorationStrategy = .mixed,
            maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await explore(
                .init(
                    .random(count: schedules, seed: seed, strategy: strategy), maximumStall: maximumStall,
                    family: .mainActor, fileID: fileID, line: line), mainActorBody: body)
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
            try await explore(
                .init(
                    .exhaustive(limit: limit, shard: nil), maximumStall: maximumStall, family: .mainActor,
                    fileID: fileID, line: line), mainActorBody: body)
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
            try await explore(
                .init(
                    .exhaustive(limit: limit, shard: shard), maximumStall: maximumStall, family: .mainActor,
                    fileID: fileID, line: line), mainActorBody: body)
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
            try await explore(
                .init(.replay(schedule), maximumStall: maximumStall, family: .mainActor, fileID: fileID, line: line),
                mainActorBody: body)
        }

        /// Runs an `async` body once in ordinary order, on virtual time: the deterministic run of
        /// an `async` `@MainActor` body; see
        /// ``runDeterministically(maximumStall:fileID:line:_:)-(_,_,_,(MockDispatchable)->Void)``.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func runDeterministically(
            maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await explore(
                .init(.ordinary, maximumStall: maximumStall, family: .mainActor, fileID: fileID, line: line),
                mainActorBody: body)
        }

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
        ///   on a thread of its own; a run moves to the main queue at its first main-actor job, as
        ///   that form's do.
        /// - **Public capture** (everywhere else, or with the environment variable
        ///   `DISPATCHABLE_ASYNC_CAPTURE=public`): the run's tasks prefer an executor of the
        ///   explorer's (SE-0417), which brings it their structured children and actor hops, and
        ///   the runtime's `swift_task_enqueueGlobal_hook` brings it their `Task {}`s. Where the
        ///   runtime's `Task.sleep` enqueues through `swift_task_enqueueGlobalWithDelay_hook` and
        ///   `…WithDeadline_hook` — the Swift 6.0 and 6.1 runtimes of macOS 15, iOS 18, tvOS 18,
        ///   watchOS 11 and visionOS 2 — sleeps run on virtual time too (the first exploration
        ///   probes which). Main-actor hops come through `swift_task_getMainExecutor_hook` where the
        ///   runtime has it (Swift 6.1 runtimes and later), and runs are then driven on the main
        ///   queue, as under the executor factory; without it (macOS 15.0–15.3, iOS 18.0–18.3) the
        ///   explorer runs off the main queue and a hop cannot be captured (the runtime never tells
        ///   the enqueue hooks about it, swiftlang/swift #63104). On Swift 6.2 runtimes and later
        ///   `Task.sleep` cannot be captured either (its deadline goes to the executor's scheduling,
        ///   past every public hook): the run is refused as a task begins one. A run that hops or
        ///   sleeps where it cannot be captured throws ``MockDispatchableError/Kind/unsupported``
        ///   naming the task and what to do; a run that is stuck is a deadlock where the capture
        ///   sees every hop and every sleep's start, and is refused where it cannot.
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
            try await explore(
                .init(
                    .random(count: schedules, seed: seed, strategy: strategy), maximumStall: maximumStall,
                    family: .tasks, fileID: fileID, line: line), tasksBody: body)
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
            try await explore(
                .init(
                    .exhaustive(limit: limit, shard: nil), maximumStall: maximumStall, family: .tasks, fileID: fileID,
                    line: line), tasksBody: body)
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
            try await explore(
                .init(
                    .exhaustive(limit: limit, shard: shard), maximumStall: maximumStall, family: .tasks, fileID: fileID,
                    line: line), tasksBody: body)
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
            try await explore(
                .init(.replay(schedule), maximumStall: maximumStall, family: .tasks, fileID: fileID, line: line),
                tasksBody: body)
        }

        /// Runs an `async` body that needs no main actor once in ordinary order — its tasks, actors
        /// and the mock's blocks in the order the runtime's default executors run them when nothing
        /// is slow — on virtual time, and waits for everything it started: the deterministic run.
        ///
        /// ```swift
        /// try await MockDispatchable.runTasksDeterministically { mock in
        ///     let model = SearchModel(clock: mock.clock)
        ///     model.queryChanged("swift")          // starts a debounced Task {}
        ///     try await mock.waitUntilIdle()       // its 300 ms sleep passes on virtual time
        ///     #expect(await model.results == ["swift results"])
        /// }
        /// ```
        ///
        /// Ordinary order is the first schedule every exploration runs, kept stable across versions;
        /// change the call to ``exploreTasks(schedules:seed:strategy:maximumStall:fileID:line:_:)``
        /// to look for the orders that break the body.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        @discardableResult
        static func runTasksDeterministically(
            maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try await explore(
                .init(.ordinary, maximumStall: maximumStall, family: .tasks, fileID: fileID, line: line),
                tasksBody: body)
        }
    }

#endif
