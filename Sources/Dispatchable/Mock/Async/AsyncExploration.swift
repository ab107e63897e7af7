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

    // MARK: - Async exploration

    nonisolated extension MockDispatchable {
        /// Starts task 1 of a run, the body's, preferring `executor`; its first job is on the main
        /// actor. When the body returns or throws, `finish` gets what it did.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
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

        /// The value of ``EnvironmentVariables/asyncCapture`` that turns the public capture's main-executor hook
        /// off, to show on a runtime that has it what one without it (macOS 15.0–15.3, iOS 18.0–18.3) gets.
        static let withoutMainExecutorHook = "public-without-main-executor-hook"

        /// Whether the environment turns the main-executor hook off.
        static var isMainExecutorHookTurnedOff: Bool {
            EnvironmentVariables.value(of: EnvironmentVariables.asyncCapture) == withoutMainExecutorHook
        }

        /// `; here DISPATCHABLE_ASYNC_CAPTURE=public-without-main-executor-hook turned it off` where
        /// the environment turned the hook off, else nothing.
        static var mainExecutorHookTurnedOffNote: String {
            isMainExecutorHookTurnedOff
                ? "; here \(EnvironmentVariables.asyncCapture)=\(withoutMainExecutorHook) turned it off" : ""
        }

        /// Whether the environment asks for the public capture.
        private static var isPublicCaptureForced: Bool {
            EnvironmentVariables.value(of: EnvironmentVariables.asyncCapture)?.hasPrefix("public") == true
        }

        /// Runs `plan`, an `async` `@MainActor` body's, with `body`: the one call site of the `async`
        /// `explore`, `exploreAll` and `replay`. It needs a capture that captures a `@MainActor`
        /// body's jobs (the executor factory, or the public capture's main-executor hook): the
        /// explorer runs on a thread of its own, and each run's steps from its first (main-actor)
        /// job on the main queue, in slices (see ``AsyncRun/drive(_:mayUseMainQueue:)``).
        @MainActor
        // joined: fileprivate
        static func explore(
            _ plan: ExplorationPlan,
            mainActorBody body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            assert(plan.family == .mainActor, "an async @MainActor body's plan")
            // Before anything else: the explorer runs on a thread of its own. An async @MainActor
            // function hops to the main actor on entry, so a caller cannot cast this isolation away
            // as it can a synchronous form's (an exit test shows both); this is for a way in without it.
            try Explorer.requireMainQueue(for: plan)
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
                let capture = await runCapture(forMainActor: true)
            {
                let executor = capture.preferredExecutor
                return try await exploreOnThreadOfItsOwn(
                    capture, plan,
                    start: .spawned { startMainActorTask(body, $0, on: executor, then: $1) })
            }
            throw MockDispatchableError(
                kind: .unsupported,
                message: "\(plan.caller): exploring a @MainActor async body needs a way to the run's main-actor jobs, "
                    + "and this runtime gives none: it has no swift_task_getMainExecutor_hook (the Swift 6.1 "
                    + "runtimes and later have it: macOS 15.4, iOS 18.4 and later, Linux)\(mainExecutorHookTurnedOffNote), "
                    + "and never calls swift_task_enqueueMainExecutor_hook for main-actor hops (swiftlang/swift "
                    + "#63104). Explore actor, task and mock code with exploreTasks (a body that is not @MainActor); "
                    + "the synchronous forms (a body without await) work everywhere.",
                snapshot: nil, fileID: plan.fileID, line: plan.line)
        }

        /// Runs `plan`, the `…Tasks` forms', with `body`, a body that needs no main actor: the one
        /// call site of `exploreTasks`, `exploreAllTasks` and `replayTasks`, and of DispatchableTesting's
        /// traits. It takes the best capture this runtime gives: the executor factory's (each run on
        /// the main queue), else the public one. Either way the explorer runs on a thread of its own.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        // joined: fileprivate
        static func explore(
            _ plan: ExplorationPlan, tasksBody body: @escaping @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            assert(plan.family == .tasks, "a …Tasks form's plan")
            guard let capture = await runCapture(forMainActor: false) else {
                throw MockDispatchableError(
                    kind: .unsupported,
                    message: "\(plan.caller): this runtime does not give what exploring async code needs: "
                        + "\(Capture.missing ?? "the public hooks").",
                    snapshot: nil, fileID: plan.fileID, line: plan.line)
            }
            return try await exploreOnThreadOfItsOwn(
                capture, plan,
                start: .launched { mock in
                    do {
                        try await body(mock)
                        return .success(())
                    } catch {
                        return .failure(error)
                    }
                })
        }

        /// How a run's body task starts (see ``RunSpawner``).
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private nonisolated enum BodyStart: Sendable {
            /// Made in the awaiting task as the run starts, by a function that starts the task on a
            /// run's mock and calls the function it is given with what the body did: a `@MainActor`
            /// body's, whose first job is the main actor's.
            case spawned(
                @Sendable (MockDispatchable, @escaping @Sendable (Result<Void, any Error>) -> Void) -> Void)
            /// Run in a task made ahead in the awaiting task, which prefers the run's executor.
            case launched(@Sendable (MockDispatchable) async -> Result<Void, any Error>)
        }

        /// The best capture this process has for a body (`forMainActor`: a `@MainActor` one, which
        /// needs its main-actor work captured), installed: the executor factory's where it compiles
        /// and ``EnvironmentVariables/asyncCapture`` does not turn it off, else the public one where the runtime
        /// has its hooks; nil if none will do.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private static func runCapture(forMainActor: Bool) async -> (any RunCapture)? {
            #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
                if !isPublicCaptureForced { return ExecutorFactoryCapture.shared }
            #endif
            guard Capture.missing == nil else { return nil }
            let capture = PublicCapture.shared
            if forMainActor, !capture.capturesMainActor { return nil }
            if DrivingThread.inbox == nil { _ = await SleepHooks.probe.value }  // (inside a run, refused later)
            return capture
        }

        /// Runs `plan` on an explorer on a thread of its own and awaits what it returns: the
        /// explorer holds neither the main actor nor a thread of the cooperative pool. Each run is an
        /// ``AsyncRun`` under `capture`, whose body's task starts as `start` says, on the run's mock;
        /// a run moves to the main queue when it picks main-actor work. Cancelling the awaiting task stops the exploration before its next run,
        /// with `CancellationError`. Called inside a run of another async exploration, it throws
        /// ``MockDispatchableError/Kind/unsupported`` instead: that run holds the thread it needs.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private static func exploreOnThreadOfItsOwn(
            _ capture: any RunCapture, _ plan: ExplorationPlan, start: BodyStart
        ) async throws -> ExplorationReport {
            if DrivingThread.inbox != nil {
                throw MockDispatchableError(
                    kind: .unsupported,
                    message: "\(plan.caller) was called inside a run of another async exploration: nested async "
                        + "explorations are not supported (the outer run holds the thread the inner one needs). "
                        + "Explore the inner body in a test of its own.",
                    snapshot: nil, fileID: plan.fileID, line: plan.line)
            }
            let cancelled = Locked(false)
            let watch = RunWatch(caller: plan.caller)
            let failsOnIssues = failsRunsOnIssues
            let leftovers = leftoverJobs
            // Each run's body task is made here, in the awaiting task, so it inherits its task-local
            // values (Swift Testing's current test, a dependency scope); see `RunSpawner`.
            let spawner = RunSpawner(expectedRuns: plan.expectedRuns)
            if case .launched = start { spawner.makeFirstLaunchers(on: capture.preferredExecutor) }
            async let serving: Void = spawner.serve()
            let result: Result<ExplorationReport, any Error>
            do {
                result = .success(
                    try await explore(
                        capture, plan,
                        failsOnIssues: failsOnIssues, leftovers: leftovers, spawner: spawner, cancelled: cancelled,
                        watch: watch,
                        start: start))
            } catch {
                result = .failure(error)
            }
            spawner.close()
            await serving
            return try result.get()
        }

        /// The body of ``exploreOnThreadOfItsOwn(_:_:start:)``: starts the
        /// explorer's thread and awaits its answer.
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private static func explore(
            _ capture: any RunCapture, _ plan: ExplorationPlan,
            failsOnIssues: Bool, leftovers: LeftoverJobs?, spawner: RunSpawner, cancelled: Locked<Bool>,
            watch: RunWatch, start: BodyStart
        ) async throws -> ExplorationReport {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // Answered once: by the explorer, or by the watchdog while the explorer is blocked.
                    let awaiting = Locked<CheckedContinuation<ExplorationReport, any Error>?>(continuation)
                    let answer: @Sendable (Result<ExplorationReport, any Error>) -> Void = { result in
                        awaiting.withLock { $0.take() }?.resume(with: result)
                    }
                    watch.start { answer(.failure($0)) }
                    ParkedThreads.run(named: "MockDispatchable explorer") {
                        let layer = AsyncRunLayer(watch: watch, cancelled: cancelled)
                        var explorer = Explorer(plan, layer: layer) { mock in
                            let run = AsyncRun(
                                mock: mock, capture: capture, watch: watch, leftovers: leftovers,
                                fileID: plan.fileID, line: plan.line)
                            let issues = runIssues
                            let startTask: @Sendable (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void
                            switch start {
                            case .spawned(let start):
                                startTask = { finish in
                                    spawner.spawn {
                                        run.claimingJobs { $runIssues.withValue(issues) { start(mock, finish) } }
                                    }
                                }
                            case .launched(let body):
                                let executor = capture.preferredExecutor
                                startTask = { finish in
                                    spawner.launch(
                                        on: executor,
                                        { finish(await $runIssues.withValue(issues) { await body(mock) }) },
                                        claimingJobs: { run.claimingJobs($0) })
                                }
                            }
                            try run.driveKeepingGlobalHook(startTask, mayUseMainQueue: capture.capturesMainActor)
                            // An issue the test recorded after one of the run's jobs waited on its
                            // thread (a wait's timeout, most likely): refused as the run's own errors are.
                            if let blocked = watch.blockedWait, let issue = issues?.recorded.first {
                                throw run.blockedWaitRefusal(blocked, failure: RecordedIssue(text: issue))
                            }
                        }
                        explorer.failsOnIssues = failsOnIssues
                        let result = Result { try explorer.explore() }
                        watch.end()
                        // Once the watchdog gave the exploration up, its answer is the one that counts.
                        if !watch.isAbandoned { answer(result) }
                    }
                }
            } onCancel: {
                cancelled.withLock { $0 = true }
            }
        }
    }

    /// An issue a test recorded in a run, as an error's words.
    private struct RecordedIssue: Error, CustomStringConvertible {
        let text: String
        var description: String { "the test recorded an issue: \(text)" }
    }

#endif
