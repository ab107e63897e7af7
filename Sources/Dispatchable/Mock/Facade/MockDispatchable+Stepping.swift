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

    // MARK: - Stepping

    nonisolated extension MockDispatchable {
        // MARK: Stepping

        /// Runs the next queued item of any kind, in order of due time then scheduling order,
        /// moving ``now`` forward to its due time.
        ///
        /// - Throws: ``MockDispatchableError`` when nothing runnable is queued, or the item is
        ///   main-actor work and the caller is not on the main queue. Nothing changes then.
        func runNext(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try runOne(.any, fileID: fileID, line: line)
        }

        /// Runs the next queued `offload` work (the oldest, or the earliest due), moving ``now``
        /// forward to its due time if it was delayed.
        ///
        /// - Throws: ``MockDispatchableError`` when no offload work is queued.
        func runNextOffload(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try runOne(.offload, fileID: fileID, line: line)
        }

        /// Runs the next queued main-thread work (`main`, `after`, sleep wake-ups, in due-time
        /// order), moving ``now`` forward to its due time.
        ///
        /// - Throws: ``MockDispatchableError`` when no main-thread work is queued, or the caller
        ///   is not on the main queue. Nothing changes then.
        func runNextMain(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try runOne(.main, fileID: fileID, line: line)
        }

        /// Moves virtual time forward by `seconds`, running every item due by then — including
        /// items scheduled while it runs — each at its own due time, and leaves ``now`` at the
        /// target. Runs at most ``defaultStepLimit`` items; see ``advance(by:maxSteps:fileID:line:)``.
        ///
        /// - Throws: ``MockDispatchableError`` for a negative, NaN or infinite amount, or one that
        ///   would pass the end of virtual time (about 260 years; nothing runs), for work that
        ///   needs the main actor off the main queue, and past the step limit. Unrun work stays
        ///   queued.
        func advance(by seconds: TimeInterval, fileID: StaticString = #fileID, line: UInt = #line) throws {
            try advance(by: seconds, maxSteps: Self.defaultStepLimit, fileID: fileID, line: line)
        }

        /// ``advance(by:fileID:line:)`` with a step limit of your choice.
        ///
        /// - Parameter maxSteps: How many items it may run before it decides the work reschedules
        ///   itself forever and throws.
        func advance(
            by seconds: TimeInterval, maxSteps: Int, fileID: StaticString = #fileID, line: UInt = #line
        ) throws {
            try check(Rules.stepLimit(maxSteps), fileID: fileID, line: line)
            let target = try advanceTarget(seconds, fileID: fileID, line: line)
            try advance(to: target, maxSteps: maxSteps, caller: "advance(by: \(seconds))", fileID: fileID, line: line)
        }

        /// Runs everything queued, advancing virtual time as needed, until nothing runnable is
        /// left. Work that is never due stays queued.
        ///
        /// - Parameter maxSteps: How many items it may run before it decides the work reschedules
        ///   itself forever and throws: zero or more, at most ``largestStepLimit`` (a larger value
        ///   counts as that). Defaults to ``defaultStepLimit``.
        func runUntilIdle(maxSteps: Int = defaultStepLimit, fileID: StaticString = #fileID, line: UInt = #line) throws {
            try check(Rules.stepLimit(maxSteps), fileID: fileID, line: line)
            try runAll(
                .any, until: Nanoseconds.never, maxSteps: maxSteps, caller: "runUntilIdle()", fileID: fileID, line: line
            )
        }

        /// Throws if any work is still queued: how many, and the first 20 items.
        func assertNoPendingWork(fileID: StaticString = #fileID, line: UInt = #line) throws {
            let (count, first) = core.withLock {
                ($0.queue.count(.any), $0.queue.firstPending(BoundedList.shown))
            }
            guard count > 0 else { return }
            let list = BoundedList.lines(first.map { "  - \($0)" }, total: count, indent: "  ")
            throw error(
                .pendingWork, "\(count) item\(count == 1 ? " is" : "s are") still queued:\n\(list)",
                fileID: fileID, line: line)
        }

        /// The work still queued, in the order it would run.
        var pendingWork: [PendingWork] { core.withLock { $0.queue.pendingWork } }

        /// How many items ``advance(by:maxSteps:fileID:line:)`` and
        /// ``runUntilIdle(maxSteps:fileID:line:)`` run before deciding that work reschedules
        /// itself forever: 100,000.
        static let defaultStepLimit = Limits.defaultSteps

        /// The most items one stepping call runs, whatever its `maxSteps`: 1,000,000 (seconds of
        /// work). A larger `maxSteps`, `.max` included, counts as this, so that work that
        /// reschedules itself forever always ends in a ``MockDispatchableError/Kind/stepLimitExceeded``
        /// error rather than a hang.
        static let largestStepLimit = Limits.largestSteps

        // MARK: Stepping from async code

        /// Suspends until at least `count` items of `kind` are queued, then returns. The enqueue
        /// itself resumes the caller: no polling, no yielding.
        ///
        /// ```swift
        /// async let image = loader.image(for: url)        // awaits dispatch.performOffloaded
        /// try await mock.waitForPendingWork(.offload)
        /// try mock.runNextOffload()
        /// ```
        ///
        /// - Parameter timeout: Real seconds to wait; `.infinity` waits for ever.
        /// - Throws: ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/timedOut``
        ///   when the work is not queued within `timeout`, and of kind
        ///   ``MockDispatchableError/Kind/invalidArgument`` for a negative or NaN timeout or a
        ///   negative `count`; `CancellationError` as soon as the calling task is cancelled.
        func waitForPendingWork(
            _ kind: WorkKind = .any, count: Int = 1, timeout: TimeInterval = 5,
            fileID: StaticString = #fileID, line: UInt = #line
        ) async throws {
            try check(Rules.itemCount(count), fileID: fileID, line: line)
            try await suspendUntil(.queued(kind, count: count), timeout: timeout, fileID: fileID, line: line)
        }

        /// Waits until some work is queued, then runs the next item on the main actor.
        @MainActor
        func runNext(timeout: TimeInterval, fileID: StaticString = #fileID, line: UInt = #line) async throws {
            try await waitForPendingWork(.any, timeout: timeout, fileID: fileID, line: line)
            try runNext(fileID: fileID, line: line)
        }

        /// Waits until `offload` work is queued, then runs it (on the main actor, logically
        /// "offload").
        @MainActor
        func runNextOffload(timeout: TimeInterval, fileID: StaticString = #fileID, line: UInt = #line) async throws {
            try await waitForPendingWork(.offload, timeout: timeout, fileID: fileID, line: line)
            try runNextOffload(fileID: fileID, line: line)
        }

        /// Waits until main-thread work is queued, then runs it on the main actor. Works from
        /// every test context, nonisolated ones included.
        @MainActor
        func runNextMain(timeout: TimeInterval, fileID: StaticString = #fileID, line: UInt = #line) async throws {
            try await waitForPendingWork(.main, timeout: timeout, fileID: fileID, line: line)
            try runNextMain(fileID: fileID, line: line)
        }

        /// Waits until some work is due by ``now`` + `seconds` — a sleeping task's wake-up, say —
        /// then advances on the main actor.
        ///
        /// ```swift
        /// let refresh = Task { try await model.refreshAfterDelay() }   // sleeps 5 s
        /// try await mock.advance(by: 5, timeout: 1)
        /// try await refresh.value
        /// ```
        @MainActor
        func advance(
            by seconds: TimeInterval, timeout: TimeInterval, fileID: StaticString = #fileID, line: UInt = #line
        ) async throws {
            let target = try advanceTarget(seconds, fileID: fileID, line: line)
            try await suspendUntil(.due(by: target), timeout: timeout, fileID: fileID, line: line)
            try advance(
                to: target, maxSteps: Self.defaultStepLimit, caller: "advance(by: \(seconds))", fileID: fileID,
                line: line)
        }

        /// Waits until some work is queued, then runs everything on the main actor, like
        /// ``runUntilIdle(maxSteps:fileID:line:)``. From a nonisolated test this also runs the
        /// main-actor work that immediate mode had to keep queued.
        @MainActor
        func runUntilIdle(
            timeout: TimeInterval, maxSteps: Int = defaultStepLimit, fileID: StaticString = #fileID,
            line: UInt = #line
        ) async throws {
            try check(Rules.stepLimit(maxSteps), fileID: fileID, line: line)
            try await waitForPendingWork(.any, timeout: timeout, fileID: fileID, line: line)
            try runUntilIdle(maxSteps: maxSteps, fileID: fileID, line: line)
        }

        /// Runs everything queued on the main actor, like ``runUntilIdle(maxSteps:fileID:line:)``:
        /// the first version's name, kept working for tests written against it.
        @available(*, deprecated, message: "call runUntilIdle() on the main actor, or await runUntilIdle(timeout:)")
        @MainActor
        func runUntilIdleOnMainActor(
            maxSteps: Int = defaultStepLimit, fileID: StaticString = #fileID, line: UInt = #line
        ) throws {
            try runUntilIdle(maxSteps: maxSteps, fileID: fileID, line: line)
        }

        /// Lets the work of the exploration run this is called from go on — the `Task {}`s code
        /// under test started, the mock's queued work, its timers and `clock` sleeps — until nothing
        /// but the caller can run, then returns: a view model's tasks have done what they can.
        ///
        /// A view model starts tasks and returns, so a test that asserts right after the call
        /// asserts before they ran, unless the model hands out its task handles:
        ///
        /// ```swift
        /// @MainActor @Test(.explored(schedules: 500, seed: 1))
        /// func theLatestQueryWins() async throws {
        ///     let mock = MockDispatchable(mode: .manual)
        ///     let model = SearchModel(service: SearchService(dispatch: mock))
        ///     model.queryChanged("sw")
        ///     model.queryChanged("swift")
        ///     try await mock.waitUntilIdle()          // both searches have run, in this schedule's order
        ///     #expect(model.results == ["swift"])
        /// }
        /// ```
        ///
        /// Inside a run (an `async` exploration, or a test under the `.explored(…)` traits) the wait
        /// is part of the schedule: the caller is resumed at the step where nothing else of the run
        /// can run, virtual time moved on to every timer, and the same schedule resumes it at the same
        /// step. Work that never settles (a poller, a timer that re-arms itself) ends the run at its
        /// step limit. Outside a run nothing watches the tasks: there it runs the mock's queued work,
        /// as ``runUntilIdle(maxSteps:fileID:line:)`` does, on the main actor, and returns.
        ///
        /// - Throws: `CancellationError` when the calling task is cancelled, or its run ends first;
        ///   outside a run, what ``runUntilIdle(maxSteps:fileID:line:)`` throws.
        func waitUntilIdle(fileID: StaticString = #fileID, line: UInt = #line) async throws {
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let inbox = DrivingThread.inbox {
                return try await inbox.waitUntilIdle()
            }
            try await MainActor.run { try runUntilIdle(fileID: fileID, line: line) }
        }

        // MARK: Work that blocks

        /// Runs the next queued `offload` work on a real background thread and waits for it, at
        /// most `timeout` seconds of real time.
        ///
        /// For offloaded work that blocks — on a semaphore, a `DispatchGroup.wait`, a lock —
        /// until something else happens. ``runNextOffload(fileID:line:)`` runs work on the test's
        /// own thread, so such work would hang the test for ever; this call fails instead:
        ///
        /// ```swift
        /// let mock = MockDispatchable(mode: .manual)
        /// cache.prefetch(url)                       // offload { semaphore.wait(); … }
        /// try mock.runNextOffloadOnBackgroundThread(timeout: 1)
        /// // MockDispatchable: offload #1, scheduled at t=0.000s from the test, did not finish
        /// // within 1.000s on a background thread; it is still blocked there. …
        /// ```
        ///
        /// The work is recorded as usual (on the background thread's own frames); work it
        /// dispatches is queued. Use it only for work that blocks: everywhere else the ordinary
        /// stepping calls keep the test on one thread and deterministic.
        ///
        /// - Throws: ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/timedOut``
        ///   naming the item, with the timeline, if it has not finished in time (it cannot be
        ///   stopped: it keeps its thread); ``MockDispatchableError/Kind/noPendingWork`` when no
        ///   offload work is queued.
        func runNextOffloadOnBackgroundThread(
            timeout: TimeInterval = 5, fileID: StaticString = #fileID, line: UInt = #line
        ) throws {
            try check(Rules.timeout(timeout), fileID: fileID, line: line)
            let work = try dequeueOrExplain(.offload, fileID: fileID, line: line)
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [self] in
                execute(work)
                finished.signal()
            }
            let deadline =
                Nanoseconds.delay(timeout).map { DispatchTime.now() + .nanoseconds(Int($0)) } ?? .distantFuture
            if finished.wait(timeout: deadline) == .timedOut {
                throw error(
                    .timedOut,
                    "\(work.pending.name), \(work.pending.origin), did not finish within \(SecondsText.measured(timeout)) on a background thread; "
                        + "it is still blocked there. Does it wait for something the test does only after this call?",
                    fileID: fileID, line: line)
            }
        }
    }

#endif
