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

    // MARK: - Exploration

    nonisolated extension MockDispatchable {
        /// Runs `body` once per schedule — each time with a fresh manual-mode mock — under
        /// `schedules` orderings that real GCD allows, and throws at the first one that fails.
        ///
        /// Ordinary manual mode runs one ordering: the one the test scripted. Ordering bugs live
        /// in the others — a stale result landing last, a timeout racing a response:
        ///
        /// ```swift
        /// @MainActor @Test func latestSearchWins() throws {
        ///     try MockDispatchable.explore(schedules: 1_000, seed: 42) { mock in
        ///         let search = SearchModel(dispatch: mock) { query in [query] }
        ///         search.queryChanged("sw")
        ///         try mock.advance(by: 0.3)
        ///         search.queryChanged("swift")
        ///         try mock.runUntilIdle()
        ///         try #require(search.results == ["swift"])
        ///     }
        /// }
        /// ```
        ///
        /// **The model.** Offload work is concurrent: at each step, any queued offload item that
        /// is due may run next, and it may be overtaken by the main-thread lane and by timers
        /// (slow background work). The main-thread lane — `main`, `after`, sleep wake-ups — is
        /// serial, in (due time, scheduling order): only its head may run next, and a head that is
        /// not due yet may be reached by advancing virtual time to it, within the stepping call's
        /// limit (`advance(by:)`'s target; none for `runUntilIdle()` and `runNext()`). So may the
        /// earliest timer of either lane — a background timeout firing while a due offload item
        /// has not run — as long as the main lane is not late for it; a main hop sent by offload
        /// work does not hold it back (its sender may still have been running when the timer
        /// fired), so such a hop may land after a later timer.
        /// `runNextOffload()` chooses among offload items only; `runNextMain()` runs the head. A
        /// step with one choice is not a choice point. The schedule that always takes the first
        /// choice is ordinary manual mode, and it runs first.
        ///
        /// **Stalls.** A step that advances virtual time to a timer while other work could already
        /// run makes that work wait: it is *stalled* for the virtual time it waited — an offload
        /// item whose queue was busy while `after(5)` fired, a task's job whose thread was not
        /// scheduled while another task's `Task.sleep` ended. Every failure report states its
        /// schedule's longest stall (`offload #1 stalled 5.000s behind after(5) #2`), and
        /// `maximumStall` bounds them.
        ///
        /// It works at the level of blocks, like GCD itself: it never interleaves the inside of
        /// two blocks. Data races inside blocks are Thread Sanitizer's job.
        ///
        /// **Failures.** A body fails by throwing (`try #require`, `XCTUnwrap`, your own error);
        /// `#expect` and `XCTAssert` record a failure but do not stop the schedule. The thrown
        /// ``MockDispatchableError`` (kind ``MockDispatchableError/Kind/scheduleFailed``) names
        /// the schedule's number, the body's error, the schedule as a string for ``replay(_:maximumStall:fileID:line:_:)``,
        /// its differences from ordinary manual mode in words, and the failing run's timeline.
        /// The schedule is minimised first, to the fewest deviations from ordinary manual mode that
        /// still fail: a bug that needs one deviation is reported with one, whatever else is queued.
        ///
        /// **Bodies** must build their objects afresh on every run, from the `mock` they are given.
        /// From a synchronous XCTest method, wrap the call in `MainActor.assumeIsolated { }`; from
        /// an async one, in `await MainActor.run { }`. Called off the main queue all the same (Swift
        /// 5-mode code, an Objective-C callback or an `unsafeBitCast` can bypass `@MainActor`), it
        /// throws ``MockDispatchableError/Kind/mainActorRequired``, saying what to do, before any run.
        ///
        /// **Stopping early.** Besides its strategy, exploration follows every schedule depth-first,
        /// a step each time the strategy repeats itself; once that has covered every schedule, it
        /// stops and says so (``ExplorationReport/isExhaustive``), even for `schedules: .max`.
        ///
        /// **Flaky bodies.** A failing schedule is run once more before it is reported. If the
        /// failure does not recur, the error is ``MockDispatchableError/Kind/nondeterministicBody``
        /// ("not reproducible"), with no schedule.
        ///
        /// - Parameters:
        ///   - schedules: How many schedules to run at most: 1 or more.
        ///   - seed: Picks the schedules: the same seed runs the same schedules.
        ///   - strategy: How schedules are picked. ``Exploration/Strategy/mixed`` by default.
        ///   - maximumStall: How long, in seconds, work that could run may wait while a timer
        ///     overtakes it, inclusively: `0.1` lets a timer overtake work that has waited exactly
        ///     0.1 s, not longer. Left out (nil), the environment variable
        ///     `DISPATCHABLE_MAXIMUM_STALL` decides when it is set (seconds, or `inf`); else the
        ///     mock's offload and main-thread blocks may wait behind any timer — background work
        ///     takes as long as it takes — and a task's job (the code of a task of the run between
        ///     two suspension points, or its wake-up from a sleep) at most 0.1 s, what a loaded
        ///     machine does to a runnable thread. `.infinity` explores every stall, tasks' included.
        ///     Replay a schedule under the bound it was found under: the report's replay call names it.
        ///   - body: The test, run once per schedule.
        /// - Returns: How many schedules ran, how many were distinct, and whether that was all.
        /// - Throws: ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/scheduleFailed``
        ///   for a failing schedule; ``MockDispatchableError/Kind/invalidArgument`` for `schedules`
        ///   below 1, a `.pct(depth:)` below 1, or a negative or NaN `maximumStall` (or a
        ///   `DISPATCHABLE_MAXIMUM_STALL` that is not 0 or more seconds), and
        ///   ``MockDispatchableError/Kind/mainActorRequired`` off the main queue, before the body runs.
        @MainActor
        @discardableResult
        static func explore(
            schedules: Int = 1_000, seed: Int = 0, strategy: ExplorationStrategy = .mixed,
            maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try explore(
                .init(
                    .random(count: schedules, seed: seed, strategy: strategy), maximumStall: maximumStall,
                    family: .synchronous, fileID: fileID, line: line), body)
        }

        /// Runs `body` under every distinct schedule, fewest deviations from ordinary manual mode
        /// first (ordinary manual mode, every schedule with one deviation, then two, …), and
        /// throws at the first that fails — so the first failure met has the fewest deviations; see ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)``
        /// for the model and the failure report.
        ///
        /// ```swift
        /// let report = try MockDispatchable.exploreAll { mock in
        ///     let counter = Counter(dispatch: mock)
        ///     counter.incrementTwice()            // two offloads, each hopping to main
        ///     try mock.runUntilIdle()
        ///     try #require(counter.value == 2)
        /// }
        /// #expect(report.isExhaustive)            // every one of the 4 schedules passed
        /// ```
        ///
        /// When the environment variable `DISPATCHABLE_SHARD` is set (`3/8`), this runs that shard
        /// of the schedules only; see ``exploreAll(limit:shard:maximumStall:fileID:line:_:)``.
        ///
        /// - Parameters:
        ///   - limit: The most schedules to run, 1 or more; past it the report's
        ///     ``ExplorationReport/isExhaustive`` is false.
        ///   - maximumStall: How long work that could run may wait behind a timer, inclusively;
        ///     left out, `DISPATCHABLE_MAXIMUM_STALL`, else 0.1 s for a task's job and unbounded for
        ///     the mock's blocks (see ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)``).
        /// - Throws: ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/scheduleFailed``
        ///   for a failing schedule; of kind ``MockDispatchableError/Kind/nondeterministicBody``
        ///   when a choice point offers a different number of choices than it did in an earlier
        ///   run with the same choices before it; of kind ``MockDispatchableError/Kind/invalidArgument``
        ///   when `DISPATCHABLE_SHARD` is not a shard.
        @MainActor
        @discardableResult
        static func exploreAll(
            limit: Int = 100_000, maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID,
            line: UInt = #line, _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try explore(
                .init(
                    .exhaustive(limit: limit, shard: nil), maximumStall: maximumStall, family: .synchronous,
                    fileID: fileID, line: line), body)
        }

        /// Runs one shard of the schedules ``exploreAll(limit:maximumStall:fileID:line:_:)`` runs: split an
        /// exhaustive exploration across processes or CI machines, one matrix line per shard.
        ///
        /// ```swift
        /// let report = try MockDispatchable.exploreAll(limit: 100_000, shard: .init(3, of: 8)) { mock in … }
        /// #expect(report.isExhaustive)            // every schedule of shard 3 passed
        /// ```
        ///
        /// Leave the argument out and set `DISPATCHABLE_SHARD=3/8` instead to shard every
        /// `exploreAll` of a suite without changing code. The slices are disjoint and together the
        /// whole run; a failing schedule replays anywhere with ``replay(_:maximumStall:fileID:line:_:)``.
        ///
        /// - Parameters:
        ///   - limit: The most schedules of this shard to run, 1 or more (the runs it makes in
        ///     subtrees other shards own, to reach its own, are not counted).
        ///   - shard: Which slice, 1-based; an index outside 1…count or a count below 1 is refused
        ///     with ``MockDispatchableError/Kind/invalidArgument``.
        @MainActor
        @discardableResult
        static func exploreAll(
            limit: Int = 100_000, shard: ExplorationShard, maximumStall: TimeInterval? = nil,
            fileID: StaticString = #fileID, line: UInt = #line, _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try explore(
                .init(
                    .exhaustive(limit: limit, shard: shard), maximumStall: maximumStall, family: .synchronous,
                    fileID: fileID, line: line), body)
        }

        /// Runs `body` once under `schedule`, a string from a failure that
        /// ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)`` or ``exploreAll(limit:maximumStall:fileID:line:_:)``
        /// threw, to debug it: add marks, print the timeline, step through it.
        ///
        /// ```swift
        /// try MockDispatchable.replay("0/2 1/2") { mock in … }
        /// ```
        ///
        /// Pass the `maximumStall` the schedule was found under (the report's replay call names it):
        /// a bound that forbids one of its stalls offers fewer choices, and the schedule no longer
        /// fits the body.
        ///
        /// - Throws: the same ``MockDispatchableError/Kind/scheduleFailed`` error, with the same
        ///   ``MockDispatchableError/schedule``, while the body still fails;
        ///   ``MockDispatchableError/Kind/nondeterministicBody`` when the body no longer offers
        ///   the choices the schedule was recorded with, or never reaches some of its choice points;
        ///   ``MockDispatchableError/Kind/invalidArgument`` for a string that is not a schedule,
        ///   naming the first bad token.
        @MainActor
        @discardableResult
        static func replay(
            _ schedule: String, maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID,
            line: UInt = #line, _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try explore(
                .init(.replay(schedule), maximumStall: maximumStall, family: .synchronous, fileID: fileID, line: line),
                body)
        }

        /// Runs `body` once in ordinary order — the order the runtime's default executors run jobs
        /// in when nothing is slow — on virtual time: a deterministic run, the everyday cure for a
        /// flaky test of threaded code.
        ///
        /// ```swift
        /// try MockDispatchable.runDeterministically { mock in
        ///     let model = SearchModel(dispatcher: mock)
        ///     model.search("swift")
        ///     try mock.runUntilIdle()
        ///     #expect(model.results == ["swift results"])
        /// }
        /// ```
        ///
        /// The same run as `replay("")`, under its own name: the first choice at every choice point,
        /// which ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)`` runs first and
        /// every other schedule deviates from. Ordinary order is kept stable across versions: a
        /// body that passes it today passes it tomorrow. To look for the orders that break it,
        /// change the call to `explore`.
        ///
        /// - Throws: ``MockDispatchableError/Kind/scheduleFailed`` (or `.deadlock`) when the body
        ///   fails in ordinary order, with the run's timeline.
        @MainActor
        @discardableResult
        static func runDeterministically(
            maximumStall: TimeInterval? = nil, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try explore(
                .init(.ordinary, maximumStall: maximumStall, family: .synchronous, fileID: fileID, line: line), body)
        }

        /// Runs `plan`, a synchronous body's, with `body`: the one call site of `explore`,
        /// `exploreAll` and `replay` for a synchronous body, and of DispatchableTesting's
        /// `ExploringTestCase`.
        @MainActor
        // joined: fileprivate
        static func explore(
            _ plan: ExplorationPlan, _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            assert(plan.family == .synchronous, "a synchronous body's plan")
            return try withoutActuallyEscaping(body) { body in try Explorer(plan, mainActorBody: body).explore() }
        }

        /// Whether an issue a test framework records during a run — a failed `#expect`,
        /// `Issue.record`, an `XCTAssert…` — fails that run's schedule as a throw does. Off unless
        /// DispatchableTesting turns it on for a test (its traits, `.issuesFailSchedules`, an
        /// `ExploringTestCase`), which also installs what fills ``runIssues``.
        ///
        /// While exploring, the issues of failing runs are held back. The run a report shows — the
        /// one that confirms the minimised failure, or a replay's run — reports them as they are
        /// too (``RunIssues/isReported``): the test's own failures appear once, beside the
        /// explorer's error, however many schedules failed.
        @TaskLocal static var failsRunsOnIssues = false

        /// The issues recorded so far in the run under way, while ``failsRunsOnIssues`` is on: a
        /// test framework's issue handler adds to it, and reports the issue only when the run
        /// ``RunIssues/isReported``.
        @TaskLocal static var runIssues: RunIssues?

        /// The run's mock while DispatchableTesting explores a test: a manual-mode mock the test
        /// makes during the run is this one (it shares its queues, clock and timeline), so the
        /// test's own work is part of the schedule.
        @TaskLocal static var runToJoin: MockDispatchable?

        /// Where the body tasks' jobs that runs leave queued go, while DispatchableTesting explores
        /// a test; nil (they are dropped, and their tasks stay suspended) otherwise.
        @TaskLocal static var leftoverJobs: LeftoverJobs?

        /// The jobs of task 1 (the body's) that the runs of an exploration left queued: a run that
        /// is given up — a deadlock, a step limit, work from outside — drops them, and its body
        /// task, suspended inside the test function, would never run again. DispatchableTesting
        /// lends a test function to runs only while its trait's scope lasts, so it keeps them here,
        /// cancels the body tasks, and then lets these jobs run on the real executors, so that the
        /// tasks can wind down. Only task 1's, and those of any task that work outside the run
        /// resumed (a child process's end that an exit test awaits, real GCD): what the body task
        /// may be waiting for, and never a poller. Any other task of the run that polls for ever
        /// would spin on a real thread for the rest of the process.
        nonisolated final class LeftoverJobs: Sendable {
            private let jobs = Locked<[TaskJob]>([])

            init() {}

            /// Keeps the body task's jobs among `left`, and those resumed from outside the run; the
            /// others are dropped.
            // joined: fileprivate
            func keep(_ left: [TaskJob]) {
                let body = left.filter { $0.isFromOutside || $0.name == "task 1" || $0.name.hasPrefix("task 1 ") }
                if !body.isEmpty { jobs.withLock { $0 += body } }
            }

            /// Runs the kept jobs on the real executors (the main queue for main-actor ones).
            func release() {
                let kept = jobs.withLock { jobs in
                    defer { jobs = [] }
                    return jobs
                }
                for job in kept { job.runOnRealExecutor() }
            }
        }

        /// Issues recorded during one run; see ``failsRunsOnIssues``.
        nonisolated final class RunIssues: Sendable {
            private let issues = Locked<[String]>([])
            /// Whether the run is the one a failure report shows (a replay, or the run confirming a
            /// failure): its issues are reported as they are, besides failing it.
            let isReported: Bool

            init(reporting isReported: Bool) { self.isReported = isReported }

            /// Adds an issue, described as the framework describes it.
            func record(_ description: String) { issues.withLock { $0.append(description) } }

            var recorded: [String] { issues.withLock { $0 } }
        }

        /// Exploration's hook into a fresh mock: every step goes through `runRecord`.
        // joined: fileprivate
        func install(_ runRecord: consuming RunRecord) {
            // Moved through an optional: a capture list would copy it (and retain each array).
            var moving: RunRecord? = consume runRecord
            core.withLock { $0.install(moving.take()!) }
        }

        /// Gives a fresh mock the memory of `storage`: an empty queue whose lanes an earlier run of
        /// the exploration grew, and an empty event log with room for a run's events (see
        /// ``passStorage(to:isGoing:)``).
        // joined: fileprivate
        func adoptStorage(_ storage: RunStorage) {
            core.withLock {
                swap(&$0.queue, &storage.queue)
                swap(&$0.log, &storage.log)
            }
        }

        /// Ends a run's use of the queues and the event log: hands the next run of an exploration
        /// storage that need not grow. A mock that is about to go (`isGoing`: nothing else
        /// references it) hands over its own, emptied; one that lives on keeps its queued work,
        /// clock and timeline, and hands over an empty queue sized by what its run used (the
        /// storage keeps the fresh log ``adoptStorage(_:)`` gave it in exchange). Returns whether
        /// work was left queued.
        // joined: fileprivate
        func passStorage(to storage: RunStorage, isGoing: Bool) -> Bool {
            core.withLock {
                let leftQueued = $0.queue.count(.any) > 0
                if isGoing {
                    $0.queue.removeAll()
                    swap(&$0.queue, &storage.queue)
                    $0.log.removeAll()
                    swap(&$0.log, &storage.log)
                } else {
                    storage.queue = $0.queue.emptiedCopy()
                }
                return leftQueued
            }
        }

        /// Ends the run: takes the run record out, with what it recorded, leaving an ordinary
        /// manual-mode mock behind.
        // joined: fileprivate
        func uninstallRunRecord() -> RunRecord? {
            core.withLock { $0.uninstallRunRecord() }
        }

        /// The recorder's events, as errors keep them.
        // joined: fileprivate
        var snapshot: TimelineRenderer { core.withLock { $0.snapshot } }
    }

#endif
