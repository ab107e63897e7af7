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

    // MARK: - MockDispatchable

    /// A `Dispatchable` for tests: runs work synchronously, records which logical thread ran
    /// what, and lets the test step queued work and virtual time by hand.
    ///
    /// Pass it where production code takes a `Dispatchable`:
    ///
    /// ```swift
    /// let mock = MockDispatchable()
    /// let loader = ImageLoader(dispatch: mock)
    ///
    /// loader.load(data) { image in
    ///     XCTAssertTrue(mock.recorder.isMainThread)   // the completion runs on "main"
    /// }
    /// XCTAssertEqual(mock.recorder.enteredThreads, [.offload, .main])
    /// ```
    ///
    /// ## Immediate mode (the default)
    ///
    /// Every call runs its work at once, on the caller's thread, nested inside the caller:
    /// `offload { A; main { B }; C }` runs A, B, C. Real GCD would usually run the code after an
    /// `offload {}` call *before* the offloaded block; immediate mode never shows that ordering.
    /// Use manual mode to test it. `after(d)` and `offload(after: d)` run at once too, recorded
    /// as `.after(d)` and `.offload`.
    ///
    /// Because work runs inside the call, code that calls `main`, `after` or `offload` while it
    /// holds a lock of its own, and whose work takes the same lock, deadlocks in immediate mode
    /// (real GCD would run the work later, after the lock is released). The mock cannot see your
    /// locks; use manual mode for such code.
    ///
    /// ## Manual mode
    ///
    /// ```swift
    /// let mock = MockDispatchable(mode: .manual)
    /// search.queryChanged("sw")
    /// search.queryChanged("swift")
    /// try mock.advance(by: 0.3)          // virtual time: only the last query fires
    /// try mock.assertNoPendingWork()
    /// ```
    ///
    /// Work is queued until the test runs it with ``runNext(fileID:line:)``,
    /// ``runNextOffload(fileID:line:)``, ``runNextMain(fileID:line:)``,
    /// ``advance(by:fileID:line:)`` or ``runUntilIdle(maxSteps:fileID:line:)``. `main` and
    /// `offload` work is due at once; `after(d)` and `offload(after: d)` are due at ``now`` +
    /// max(d, 0). Virtual time counts whole nanoseconds, like `DispatchTime`: `after(0.1 + 0.2)`
    /// is due at `advance(by: 0.3)`. Delays of `.infinity`, `.nan` or `GCD.neverDelay` and more
    /// are never due, as with `GCD`. Items run in order of due time, then scheduling order.
    ///
    /// Each stepping call has an `async` twin with the same name and a `timeout:` parameter,
    /// such as ``runNextOffload(timeout:fileID:line:)``: it first waits (in real time, up to
    /// `timeout`) until the work it is to run has been queued — the enqueue itself resumes it,
    /// with no polling — then runs it on the main actor.
    ///
    /// ## Threads and the main actor
    ///
    /// The mock never blocks and never hops OS threads: work runs on the thread that drives it.
    /// Its threads are logical. `main` and `after` work is `@MainActor`, so the mock runs it only
    /// where the caller is on the main queue: XCTest synchronous tests (the main thread), Swift
    /// Testing `@MainActor` tests (the main queue, even on Linux where that is not the main
    /// thread), and code inside `await MainActor.run { }`. Called from anywhere else (an XCTest
    /// `async` test, a nonisolated Swift Testing test, a real background thread) it keeps the
    /// work queued instead of racing the main actor, prints what to do, and the stepping calls
    /// throw a ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/mainActorRequired``.
    /// The `async` twins hop to the main actor themselves, so they work from every context.
    ///
    /// The one exception to "never hops": ``runNextOffloadOnBackgroundThread(timeout:fileID:line:)``
    /// runs one offload item on a real thread, for work that blocks until the test does
    /// something, and fails with a clear error instead of hanging the test.
    ///
    /// Hooks and work may dispatch more work. No internal lock is held while your code runs, and
    /// several threads may drive one mock at once without losing an event; ``Recorder/threadStack``
    /// and ``Recorder/isMainThread`` then answer for the calling thread.
    nonisolated final class MockDispatchable: Dispatchable {
        /// How the mock treats the work it is given.
        nonisolated enum Mode: Sendable, Equatable {
            /// Run every block at once, on the caller's thread.
            case immediate
            /// Queue every block until the test runs it or advances virtual time to it.
            case manual
        }

        /// How the mock treats the work it is given.
        let mode: Mode

        /// What ran where, and when.
        let recorder: Recorder

        // joined: private
        let core: Core

        /// Creates a mock.
        ///
        /// - Parameter mode: ``Mode/immediate`` (the default) runs work at once;
        ///   ``Mode/manual`` queues it until the test runs it.
        init(mode: Mode = .immediate) {
            self.mode = mode
            // Under DispatchableTesting, a manual-mode mock made during a run joins the run.
            if mode == .manual, let run = Self.runToJoin {
                core = run.core
            } else {
                core = Core(mode: mode)
            }
            recorder = Recorder(core: core)
        }

        /// Called when the mock enters a logical thread, before the work runs, on the thread that
        /// drives the mock. Inside it, `recorder.threadStack.last == thread`.
        ///
        /// A plain closure, so it may capture and mutate test locals. The price: the compiler
        /// cannot check it for data races. It is called on whichever OS thread drives the mock, so
        /// when several threads drive one mock at once, make what it touches thread-safe.
        var didEnterThread: ((DispatchThread) -> Void)? {
            get { core.withLock { $0.hooks.didEnter } }
            set { core.withLock { $0.hooks.didEnter = newValue } }
        }

        /// Called when the mock is about to leave a logical thread, after the work ran. Exit
        /// hooks of nested work fire innermost first. The same trade-off as ``didEnterThread``.
        var didExitThread: ((DispatchThread) -> Void)? {
            get { core.withLock { $0.hooks.didExit } }
            set { core.withLock { $0.hooks.didExit = newValue } }
        }

        /// Virtual time, in seconds since the mock was made, to the nanosecond. Moves only in
        /// manual mode, when the test runs delayed work or advances.
        var now: TimeInterval { core.withLock { Nanoseconds.seconds($0.queue.now) } }

        /// Adds a checkpoint to the timeline, on the logical thread that is current.
        ///
        /// ```swift
        /// mock.mark("request sent")
        /// ```
        func mark(_ label: String) {
            let driver = Driver.current
            core.withLock { $0.mark(label, driver: driver) }
        }

        // MARK: Dispatchable

        func offload(_ work: @escaping @Sendable () -> Void) {
            if runsAtOnce(needingMainActor: false, after: 0), performImmediately(.offload, work) { return }
            enqueue(.offload(work), on: .offload, after: 0)
        }

        func main(_ work: @escaping @MainActor @Sendable () -> Void) {
            if runsAtOnce(needingMainActor: true, after: 0), performImmediately(.main, { Self.callOnMainQueue(work) }) {
                return
            }
            enqueue(.main(work), on: .main, after: 0)
        }

        @discardableResult
        func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
            let thread = DispatchThread.after(Nanoseconds.recordedDelay(delay))
            if runsAtOnce(needingMainActor: true, after: delay),
                performImmediately(thread, { Self.callOnMainQueue(work) })
            {
                return DelayedWork()
            }
            return cancellable(enqueue(.main(work), on: thread, after: delay))
        }

        @discardableResult
        func offload(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> DelayedWork {
            if runsAtOnce(needingMainActor: false, after: delay), performImmediately(.offload, work) {
                return DelayedWork()
            }
            return cancellable(enqueue(.offload(work), on: .offload, after: delay))
        }

        nonisolated(nonsending) func performOnMain<Value: Sendable, Failure: Error>(
            _ work: @escaping @MainActor @Sendable () throws(Failure) -> Value
        ) async throws(Failure) -> Value {
            let result: Result<Value, Failure>
            if mode == .immediate {
                // An awaiting caller may hop, so immediate mode runs it on the main actor from any
                // context instead of keeping it queued.
                result = await MainActor.run {
                    var immediate: Result<Value, Failure>?
                    perform(.main) { immediate = Result { () throws(Failure) in try work() } }
                    return immediate!
                }
            } else {
                result = await withCheckedContinuation { continuation in
                    main { continuation.resume(returning: Result { () throws(Failure) in try work() }) }
                }
            }
            return try result.get()
        }

        /// Immediate mode returns at once. Manual mode suspends until the test advances virtual
        /// time past the deadline; the wake-up needs no main actor, is part of the main-thread
        /// lane, and shows in the timeline as `⏰ woke`.
        nonisolated(nonsending) func sleep(for delay: TimeInterval) async throws {
            try Task.checkCancellation()
            let thread = DispatchThread.after(Nanoseconds.recordedDelay(delay))
            if runsAtOnce(needingMainActor: false, after: delay) {
                core.withLock { $0.record(.wake, thread: thread) }
                return
            }
            try await DelayedWork.sleep { wake in cancellable(enqueue(.wake(wake), on: thread, after: delay)) }
        }

        /// The sleep of ``clock``: until virtual time `deadline`, in nanoseconds. Like
        /// ``sleep(for:)``, its wake-up is an item of the main-thread lane, due at the deadline
        /// (never due `GCD.neverDelay` or more away). It returns at once, with no item queued — a
        /// `⏰ woke` in the timeline, and no suspension — in immediate mode, and in manual mode
        /// when the deadline is not after ``now``.
        // joined: fileprivate
        nonisolated(nonsending) func sleep(untilVirtualTime deadline: Int64) async throws {
            try Task.checkCancellation()
            let isImmediate = mode == .immediate
            let wokeAtOnce = core.withLock { state -> Bool in
                let ahead = deadline > state.queue.now ? deadline - state.queue.now : 0
                guard ahead == 0 || (isImmediate && ahead < Nanoseconds.neverDelay) else { return false }
                state.record(.wake, thread: .after(Nanoseconds.seconds(ahead)))
                return true
            }
            if wokeAtOnce { return }
            try await DelayedWork.sleep { wake in
                let handle = queue(block: .after(0)) { $0.enqueueWake(wake, at: deadline, driver: $1) }
                return cancellable(handle)
            }
        }

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

        // MARK: Running work

        @inline(__always)
        private func perform(_ thread: DispatchThread, sequence: Int = -1, identity: UInt64 = 0, _ body: () -> Void) {
            let driver = Driver.current
            let hooks = core.withLock { $0.enter(thread, sequence: sequence, identity: identity, driver: driver) }
            runEntered(body, in: thread, hooks: hooks, driver: driver)
        }

        /// Immediate mode's dispatch: runs `body` nested inside the caller, unless the caller is
        /// already ``nestingLimit`` logical threads deep — then it returns false and the work is
        /// queued instead. Work that dispatches itself again (a poller, a hook that dispatches)
        /// would otherwise recurse until the stack overflows and the test process dies.
        @inline(__always)
        private func performImmediately(_ thread: DispatchThread, _ body: () -> Void) -> Bool {
            let driver = Driver.current
            guard let hooks = core.withLock({ $0.enterIfShallow(thread, driver: driver) }) else {
                warnOnce(.nestingLimit)
                return false
            }
            runEntered(body, in: thread, hooks: hooks, driver: driver)
            return true
        }

        @inline(__always)
        private func runEntered(_ body: () -> Void, in thread: DispatchThread, hooks: Hooks, driver: Int) {
            hooks.didEnter?(thread)
            body()
            hooks.didExit?(thread)
            core.withLock { $0.exit(driver: driver) }
        }

        /// How deep immediate mode nests work inside the calls that dispatch it before it queues
        /// the work instead: 1,000 logical threads, far below what overflows a thread's stack.
        static let nestingLimit = Limits.nesting

        /// Calls main-actor work from synchronous code that has checked
        /// `DispatchThread.isOnMainQueue`.
        ///
        /// That check is what makes this true: the main actor's executor is the main queue, a
        /// serial queue, and the caller is running on it (or on the main thread, which nothing
        /// else drains it from meanwhile), so no other main-actor code can run until we return.
        /// `MainActor.assumeIsolated` would check again, at about 60 ns a call on Linux.
        @inline(__always)
        private static func callOnMainQueue(_ work: @escaping @MainActor @Sendable () -> Void) {
            unsafeBitCast(work, to: (@Sendable () -> Void).self)()
        }

        private func execute(_ work: Work) {
            switch work.job {
            case .offload(let body): perform(work.thread, sequence: work.sequence, identity: work.identity, body)
            case .main(let body):
                perform(work.thread, sequence: work.sequence, identity: work.identity) { Self.callOnMainQueue(body) }
            case .wake(let resume):
                core.withLock { $0.record(.wake, thread: work.thread, sequence: work.sequence) }
                resume()
            case .task(let job): perform(work.thread, sequence: work.sequence, identity: work.identity, job.run)
            }
        }

        /// The one admission rule — run now, or queue? Immediate mode runs work at once, nested in
        /// the caller, unless its delay is never due or it needs the main actor and the caller is
        /// not on the main queue (then it warns once); ``performImmediately(_:_:)`` also queues
        /// work past ``nestingLimit``. Manual mode queues everything.
        @inline(__always)
        private func runsAtOnce(needingMainActor: Bool, after delay: TimeInterval) -> Bool {
            guard mode == .immediate, delay == 0 || Nanoseconds.delay(delay) != nil else { return false }
            if needingMainActor, !DispatchThread.isOnMainQueue {
                warnOnce(.mainActorRequired)
                return false
            }
            return true
        }

        @discardableResult
        private func enqueue(_ job: Job, on thread: DispatchThread, after delay: TimeInterval) -> Handle {
            queue(block: job.isTask ? nil : thread) { $0.enqueue(job, on: thread, after: delay, driver: $1) }
        }

        /// Queues an item with `enqueue` (given the state and the calling driver) under the lock,
        /// then, the lock let go: resumes the suspensions it satisfied; runs it when the mock's work
        /// is released (``releaseQueuedWork()``); and tells the async run the mock is open in, if
        /// any, of a `block` queued (not a task's job).
        @inline(__always)
        private func queue(
            block thread: DispatchThread?, _ enqueue: (inout State, Int) -> (Handle, [Resumption])
        ) -> Handle {
            let driver = Driver.current
            let (handle, ready, isReleased, openRun) = core.withLock { state in
                let (handle, ready) = enqueue(&state, driver)
                return (handle, ready, state.isReleased, state.openRun)
            }
            // Index loops on the per-item paths: a debug build runs `for … in` through the
            // generic iterator of the standard library's protocols.
            var index = 0
            while index < ready.count {
                ready[index].resume()
                index += 1
            }
            if isReleased { runReleasedWork() }
            if let thread, let openRun { openRun.blockQueued(thread) }
            return handle
        }

        /// Runs what the mock has queued, and whatever is queued from now on, on the main queue, in
        /// ordinary manual-mode order, virtual time moving on to each timer: the mock's run is over
        /// and a test function still waits on it (a run the explorer refused or gave up). Its
        /// `performOffloaded`, `sleep(for:)` and `clock` sleeps then return, and the test with them.
        // joined: fileprivate
        func releaseQueuedWork() {
            core.withLock { $0.isReleased = true }
            runReleasedWork()
        }

        private func runReleasedWork() {
            DispatchQueue.main.async { [self] in
                for _ in 0..<Limits.largestSteps {
                    guard let work = try? dequeueNext(.any, until: Nanoseconds.never, fileID: #fileID, line: #line)
                    else { return }
                    execute(work)
                }
            }
        }

        private func cancellable(_ handle: Handle) -> DelayedWork {
            DelayedWork { [weak core] in core?.withLock { $0.cancel(handle) } }
        }

        /// Dequeues the next item `kind` allows, due by `limit`; nil when there is none. Swift tasks'
        /// jobs only for the async explorer's own steps (`includingTasks`).
        private func dequeueNext(
            _ kind: WorkKind, until limit: Int64, includingTasks: Bool = false, fileID: StaticString, line: UInt
        ) throws -> Work? {
            let onMainQueue = DispatchThread.isOnMainQueue
            switch core.withLock({
                $0.dequeueNext(kind, until: limit, onMainQueue: onMainQueue, includingTasks: includingTasks)
            }) {
            case .work(let work): return work
            case .nothing: return nil
            case .needsMainActor:
                throw error(.mainActorRequired, MockDispatchable.mainActorAdvice, fileID: fileID, line: line)
            case .nondeterministic(let message):
                throw error(.nondeterministicBody, message, fileID: fileID, line: line)
            }
        }

        /// Dequeues the next item `kind` allows, whenever it is due, or says what is queued instead.
        private func dequeueOrExplain(_ kind: WorkKind, fileID: StaticString, line: UInt) throws -> Work {
            guard let work = try dequeueNext(kind, until: Nanoseconds.never, fileID: fileID, line: line) else {
                throw error(.noPendingWork, core.withLock { $0.nothingToRun(kind) }, fileID: fileID, line: line)
            }
            return work
        }

        /// The async explorer's step: runs the next item — the chooser's pick under exploration, Swift
        /// tasks' jobs included — moving virtual time to it; false when nothing can run.
        // joined: fileprivate
        func runStepOfRun(fileID: StaticString, line: UInt) throws -> Bool {
            guard
                let work = try dequeueNext(
                    .any, until: Nanoseconds.never, includingTasks: true, fileID: fileID, line: line)
            else { return false }
            execute(work)
            return true
        }

        /// Queues a Swift task's job that an async exploration captured: a main-actor job in the
        /// main-thread lane, any other as concurrent work.
        // joined: fileprivate
        func enqueue(_ job: TaskJob, after delay: TimeInterval) {
            var thread = DispatchThread.offload
            if job.isMainActor { thread = delay > 0 ? .after(Nanoseconds.recordedDelay(delay)) : .main }
            enqueue(.task(job), on: thread, after: delay)
        }

        /// Takes the Swift tasks' jobs still queued out of the queue, in manual-mode order: an async
        /// run is over, and they run elsewhere or never.
        // joined: fileprivate
        func takeTasks() -> [TaskJob] {
            core.withLock { $0.queue.removeTasks() }
        }

        /// The choices the run under exploration made so far, from a thread other than the one that
        /// drives it (that thread is blocked).
        // joined: fileprivate
        var choicesSoFar: [Choice] {
            core.withLock { $0.chooser?.made ?? [] }
        }

        private func runOne(_ kind: WorkKind, fileID: StaticString, line: UInt) throws {
            execute(try dequeueOrExplain(kind, fileID: fileID, line: line))
        }

        private func runAll(
            _ kind: WorkKind, until limit: Int64, maxSteps: Int, caller: String, fileID: StaticString, line: UInt
        ) throws {
            let budget = Rules.stepBudget(maxSteps)
            for _ in 0..<budget {
                guard let work = try dequeueNext(kind, until: limit, fileID: fileID, line: line) else { return }
                execute(work)
            }
            // The budget is spent: only work still due makes that a runaway.
            if core.withLock({ $0.queue.hasRunnable(kind, until: limit) }) {
                let advice =
                    budget < maxSteps
                    ? "maxSteps counts as \(Self.largestStepLimit), the most one call runs; step in several calls "
                        + "if this is expected."
                    : "pass a larger maxSteps if this is expected."
                throw error(
                    .stepLimitExceeded,
                    "\(caller) ran \(budget) items and work is still due: it looks like work that reschedules "
                        + "itself forever (a poller that never stops?). Nothing was dropped; \(advice)",
                    fileID: fileID, line: line)
            }
        }

        private func advance(to target: Int64, maxSteps: Int, caller: String, fileID: StaticString, line: UInt) throws {
            try runAll(.any, until: target, maxSteps: maxSteps, caller: caller, fileID: fileID, line: line)
            core.withLock { $0.queue.moveClock(to: target) }
        }

        /// The virtual time `advance(by: seconds)` moves to, or the error for a bad amount.
        private func advanceTarget(_ seconds: TimeInterval, fileID: StaticString, line: UInt) throws -> Int64 {
            let now = core.withLock { $0.queue.now }
            if let target = Nanoseconds.advancing(now, by: seconds) { return target }
            let problem =
                seconds.isFinite && seconds >= 0
                ? "would move virtual time past its end, \(SecondsText.measured(Nanoseconds.seconds(Nanoseconds.end))) "
                    + "(about 260 years: later delays must still fit before never-due work)"
                : "needs a finite, non-negative number of seconds"
            throw error(
                .invalidAdvance,
                "advance(by: \(seconds)) \(problem). Nothing ran; now is still "
                    + "\(SecondsText.measured(Nanoseconds.seconds(now))).",
                fileID: fileID, line: line)
        }
    }

#endif
