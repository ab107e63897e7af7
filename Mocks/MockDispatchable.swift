// MockDispatchable.swift — the test double for `Dispatchable`.
//
// This one file is the single source of truth, and it reaches your tests two ways:
//
// 1. `@testable import Dispatchable` in debug builds. The module compiles this file (through a
//    symlink) with `DISPATCHABLE_LIBRARY` defined, so everything below is `internal` and exists
//    only under `#if DEBUG`: a release build of your app contains no trace of it.
// 2. Copied into a test target next to `import Dispatchable`. Without `DISPATCHABLE_LIBRARY` it
//    imports the module and uses only its public API, so it compiles there unchanged.
//
// How this file reads, top to bottom (each part is a `MARK: -` section):
//
//    1. MockDispatchable    The public surface, and its doc comment is the behaviour contract. A
//                           thin façade: it takes the lock and calls the components below.
//    2. Exploration         `explore`, `exploreAll`, `replay`: one body under many orderings.
//    3. Public values       WorkKind, PendingWork, MockDispatchableError, Recorder, Event,
//                           ExplorationReport, ExplorationStrategy.
//    4. Core                The one lock, the state it guards, and how the components are wired.
//    5. Scheduler           Queues, virtual time, cancellation: the one place that decides what
//                           may run next.
//    6. Frames              Which logical threads each OS thread is inside.
//    7. Event log           The recorder's compact storage.
//    8. Suspensions         Tests waiting until work is queued.
//    9. Chooser             Strategies as `SchedulePolicy` types (first choice, random walk,
//                           PCT, orders); the chooser that records one run's choices.
//   10. Explorer            The plan of schedules per strategy, the run loop, depth-first order,
//                           minimisation, and the report.
//   11. Timeline            Draws the event log.
//   12. Helpers             The work heap, nanosecond time, seconds as text, random numbers.
//
// Rules every part keeps: no user code (work, hooks, continuations) runs while the lock is held;
// a stepping call that throws changes nothing that had not already run; nothing queued is lost.

#if !DISPATCHABLE_LIBRARY
    import Dispatchable
#endif

#if DEBUG || !DISPATCHABLE_LIBRARY
    import Dispatch
    import Foundation
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    // MARK: - 1. MockDispatchable

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
    final class MockDispatchable: Dispatchable {
        /// How the mock treats the work it is given.
        enum Mode: Sendable, Equatable {
            /// Run every block at once, on the caller's thread.
            case immediate
            /// Queue every block until the test runs it or advances virtual time to it.
            case manual
        }

        /// How the mock treats the work it is given.
        let mode: Mode

        /// What ran where, and when.
        let recorder: Recorder

        private let core: Core

        /// Creates a mock.
        ///
        /// - Parameter mode: ``Mode/immediate`` (the default) runs work at once;
        ///   ``Mode/manual`` queues it until the test runs it.
        init(mode: Mode = .immediate) {
            self.mode = mode
            core = Core(mode: mode)
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
        var now: TimeInterval { core.withLock { Nanoseconds.seconds($0.scheduler.now) } }

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
            if mode == .immediate, performImmediately(.offload, work) { return }
            enqueue(.offload(work), on: .offload, after: 0)
        }

        func main(_ work: @escaping @MainActor @Sendable () -> Void) {
            if mode == .immediate, DispatchThread.isOnMainQueue,
                performImmediately(.main, { Self.callOnMainQueue(work) })
            {
                return
            }
            enqueue(.main(work), on: .main, after: 0)
        }

        @discardableResult
        func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
            let thread = DispatchThread.after(Nanoseconds.recordedDelay(delay))
            if mode == .immediate, Nanoseconds.delay(delay) != nil, DispatchThread.isOnMainQueue,
                performImmediately(thread, { Self.callOnMainQueue(work) })
            {
                return DelayedWork()
            }
            return cancellable(enqueue(.main(work), on: thread, after: delay))
        }

        @discardableResult
        func offload(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> DelayedWork {
            if mode == .immediate, Nanoseconds.delay(delay) != nil, performImmediately(.offload, work) {
                return DelayedWork()
            }
            return cancellable(enqueue(.offload(work), on: .offload, after: delay))
        }

        func performOnMain<Value: Sendable, Failure: Error>(
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
        func sleep(for delay: TimeInterval) async throws {
            try Task.checkCancellation()
            let thread = DispatchThread.after(Nanoseconds.recordedDelay(delay))
            if mode == .immediate, Nanoseconds.delay(delay) != nil {
                core.withLock { $0.record(.wake, thread: thread) }
                return
            }
            try await DelayedWork.sleep { wake in cancellable(enqueue(.wake(wake), on: thread, after: delay)) }
        }

        // MARK: Stepping

        /// Runs the next queued item of any kind, in order of due time then scheduling order,
        /// moving ``now`` forward to its due time.
        ///
        /// - Throws: ``MockDispatchableError`` when nothing runnable is queued, or the item is
        ///   main-actor work and the caller is not on the main queue. Nothing changes then.
        func runNext(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try step(.any, fileID: fileID, line: line)
        }

        /// Runs the next queued `offload` work (the oldest, or the earliest due), moving ``now``
        /// forward to its due time if it was delayed.
        ///
        /// - Throws: ``MockDispatchableError`` when no offload work is queued.
        func runNextOffload(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try step(.offload, fileID: fileID, line: line)
        }

        /// Runs the next queued main-thread work (`main`, `after`, sleep wake-ups, in due-time
        /// order), moving ``now`` forward to its due time.
        ///
        /// - Throws: ``MockDispatchableError`` when no main-thread work is queued, or the caller
        ///   is not on the main queue. Nothing changes then.
        func runNextMain(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try step(.main, fileID: fileID, line: line)
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
            try core.check(Rules.stepLimit(maxSteps), fileID: fileID, line: line)
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
            try core.check(Rules.stepLimit(maxSteps), fileID: fileID, line: line)
            try run(
                .any, until: Nanoseconds.never, maxSteps: maxSteps, caller: "runUntilIdle()", fileID: fileID, line: line
            )
        }

        /// Throws if any work is still queued: how many, and the first 20 items.
        func assertNoPendingWork(fileID: StaticString = #fileID, line: UInt = #line) throws {
            let (count, first) = core.withLock {
                ($0.scheduler.count(.any), $0.scheduler.firstPending(BoundedList.shown))
            }
            guard count > 0 else { return }
            let list = BoundedList.lines(first.map { "  - \($0)" }, total: count, indent: "  ")
            throw core.error(
                .pendingWork, "\(count) item\(count == 1 ? " is" : "s are") still queued:\n\(list)",
                fileID: fileID, line: line)
        }

        /// The work still queued, in the order it would run.
        var pendingWork: [PendingWork] { core.withLock { $0.scheduler.pendingWork } }

        /// How many items ``advance(by:maxSteps:fileID:line:)`` and
        /// ``runUntilIdle(maxSteps:fileID:line:)`` run before deciding that work reschedules
        /// itself forever: 100,000.
        static let defaultStepLimit = 100_000

        /// The most items one stepping call runs, whatever its `maxSteps`: 1,000,000 (seconds of
        /// work). A larger `maxSteps`, `.max` included, counts as this, so that work that
        /// reschedules itself forever always ends in a ``MockDispatchableError/Kind/stepLimitExceeded``
        /// error rather than a hang.
        static let largestStepLimit = 1_000_000

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
            try core.check(Rules.itemCount(count), fileID: fileID, line: line)
            try await core.waitUntil(.queued(kind, count: count), timeout: timeout, fileID: fileID, line: line)
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
            try await core.waitUntil(.due(by: target), timeout: timeout, fileID: fileID, line: line)
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
            try core.check(Rules.stepLimit(maxSteps), fileID: fileID, line: line)
            try await waitForPendingWork(.any, timeout: timeout, fileID: fileID, line: line)
            try runUntilIdle(maxSteps: maxSteps, fileID: fileID, line: line)
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
            try core.check(Rules.timeout(timeout), fileID: fileID, line: line)
            let work = try takeNext(.offload, fileID: fileID, line: line)
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [self] in
                execute(work)
                finished.signal()
            }
            let deadline =
                Nanoseconds.delay(timeout).map { DispatchTime.now() + .nanoseconds(Int($0)) } ?? .distantFuture
            if finished.wait(timeout: deadline) == .timedOut {
                throw core.error(
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
            run(body, in: thread, hooks: hooks, driver: driver)
        }

        /// Immediate mode's dispatch: runs `body` nested inside the caller, unless the caller is
        /// already ``nestingLimit`` logical threads deep — then it returns false and the work is
        /// queued instead. Work that dispatches itself again (a poller, a hook that dispatches)
        /// would otherwise recurse until the stack overflows and the test process dies.
        @inline(__always)
        private func performImmediately(_ thread: DispatchThread, _ body: () -> Void) -> Bool {
            let driver = Driver.current
            guard let hooks = core.withLock({ $0.enterIfShallow(thread, driver: driver) }) else {
                core.warnOnce(.nestingLimit)
                return false
            }
            run(body, in: thread, hooks: hooks, driver: driver)
            return true
        }

        @inline(__always)
        private func run(_ body: () -> Void, in thread: DispatchThread, hooks: Hooks, driver: Int) {
            hooks.didEnter?(thread)
            body()
            hooks.didExit?(thread)
            core.withLock { $0.exit(driver: driver) }
        }

        /// How deep immediate mode nests work inside the calls that dispatch it before it queues
        /// the work instead: 1,000 logical threads, far below what overflows a thread's stack.
        static let nestingLimit = 1_000

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
            }
        }

        @discardableResult
        private func enqueue(_ job: Job, on thread: DispatchThread, after delay: TimeInterval) -> Handle {
            let driver = Driver.current
            let (handle, ready) = core.withLock { $0.enqueue(job, on: thread, after: delay, driver: driver) }
            for resumption in ready { resumption.resume() }
            if mode == .immediate, job.needsMainActor, Nanoseconds.delay(delay) != nil,
                !DispatchThread.isOnMainQueue
            {
                core.warnOnce(.mainActorRequired)
            }
            return handle
        }

        private func cancellable(_ handle: Handle) -> DelayedWork {
            DelayedWork { [weak core] in core?.withLock { $0.cancel(handle) } }
        }

        /// Takes the next item `kind` allows, due by `limit`; nil when there is none.
        private func take(_ kind: WorkKind, until limit: Int64, fileID: StaticString, line: UInt) throws -> Work? {
            let onMainQueue = DispatchThread.isOnMainQueue
            switch core.withLock({ $0.takeNext(kind, until: limit, onMainQueue: onMainQueue) }) {
            case .work(let work): return work
            case .nothing: return nil
            case .needsMainActor:
                throw core.error(.mainActorRequired, Core.mainActorAdvice, fileID: fileID, line: line)
            case .nondeterministic(let message):
                throw core.error(.nondeterministicBody, message, fileID: fileID, line: line)
            }
        }

        /// Takes the next item `kind` allows, whenever it is due, or says what is queued instead.
        private func takeNext(_ kind: WorkKind, fileID: StaticString, line: UInt) throws -> Work {
            guard let work = try take(kind, until: Nanoseconds.never, fileID: fileID, line: line) else {
                throw core.error(.noPendingWork, core.withLock { $0.nothingToRun(kind) }, fileID: fileID, line: line)
            }
            return work
        }

        private func step(_ kind: WorkKind, fileID: StaticString, line: UInt) throws {
            execute(try takeNext(kind, fileID: fileID, line: line))
        }

        private func run(
            _ kind: WorkKind, until limit: Int64, maxSteps: Int, caller: String, fileID: StaticString, line: UInt
        ) throws {
            let budget = Rules.stepBudget(maxSteps)
            for _ in 0..<budget {
                guard let work = try take(kind, until: limit, fileID: fileID, line: line) else { return }
                execute(work)
            }
            // The budget is spent: only work still due makes that a runaway.
            if core.withLock({ $0.scheduler.hasRunnable(kind, until: limit) }) {
                let advice =
                    budget < maxSteps
                    ? "maxSteps counts as \(Self.largestStepLimit), the most one call runs; step in several calls "
                        + "if this is expected."
                    : "pass a larger maxSteps if this is expected."
                throw core.error(
                    .stepLimitExceeded,
                    "\(caller) ran \(budget) items and work is still due: it looks like work that reschedules "
                        + "itself forever (a poller that never stops?). Nothing was dropped; \(advice)",
                    fileID: fileID, line: line)
            }
        }

        private func advance(to target: Int64, maxSteps: Int, caller: String, fileID: StaticString, line: UInt) throws {
            try run(.any, until: target, maxSteps: maxSteps, caller: caller, fileID: fileID, line: line)
            core.withLock { $0.scheduler.moveClock(to: target) }
        }

        /// The virtual time `advance(by: seconds)` moves to, or the error for a bad amount.
        private func advanceTarget(_ seconds: TimeInterval, fileID: StaticString, line: UInt) throws -> Int64 {
            let now = core.withLock { $0.scheduler.now }
            if let target = Nanoseconds.advancing(now, by: seconds) { return target }
            let problem =
                seconds.isFinite && seconds >= 0
                ? "would move virtual time past its end, \(SecondsText.measured(Nanoseconds.seconds(Nanoseconds.end))) "
                    + "(about 260 years: later delays must still fit before never-due work)"
                : "needs a finite, non-negative number of seconds"
            throw core.error(
                .invalidAdvance,
                "advance(by: \(seconds)) \(problem). Nothing ran; now is still "
                    + "\(SecondsText.measured(Nanoseconds.seconds(now))).",
                fileID: fileID, line: line)
        }
    }

    // MARK: - 2. Exploration

    extension MockDispatchable {
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
        /// It works at the level of blocks, like GCD itself: it never interleaves the inside of
        /// two blocks. Data races inside blocks are Thread Sanitizer's job.
        ///
        /// **Failures.** A body fails by throwing (`try #require`, `XCTUnwrap`, your own error);
        /// `#expect` and `XCTAssert` record a failure but do not stop the schedule. The thrown
        /// ``MockDispatchableError`` (kind ``MockDispatchableError/Kind/scheduleFailed``) names
        /// the schedule's number, the body's error, the schedule as a string for ``replay(_:fileID:line:_:)``,
        /// its differences from ordinary manual mode in words, and the failing run's timeline.
        /// The schedule is minimised first, to the fewest deviations from ordinary manual mode that
        /// still fail: a bug that needs one deviation is reported with one, whatever else is queued.
        ///
        /// **Bodies** must build their objects afresh on every run, from the `mock` they are given.
        /// From a synchronous XCTest method, wrap the call in `MainActor.assumeIsolated { }`.
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
        ///   - strategy: How schedules are picked. ``ExplorationStrategy/mixed`` by default.
        ///   - body: The test, run once per schedule.
        /// - Returns: How many schedules ran, how many were distinct, and whether that was all.
        /// - Throws: ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/scheduleFailed``
        ///   for a failing schedule; ``MockDispatchableError/Kind/invalidArgument`` for `schedules`
        ///   below 1 or a `.pct(depth:)` below 1, before the body runs.
        @MainActor
        @discardableResult
        static func explore(
            schedules: Int = 1_000, seed: Int = 0, strategy: ExplorationStrategy = .mixed,
            fileID: StaticString = #fileID, line: UInt = #line, _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try withoutActuallyEscaping(body) { body in
                try Explorer(
                    caller: "explore(schedules: \(schedules), seed: \(seed))", fileID: fileID, line: line, body: body
                ).explore(schedules: schedules, seed: UInt64(bitPattern: Int64(seed)), strategy: strategy)
            }
        }

        /// Runs `body` under every distinct schedule, depth-first from ordinary manual mode, and
        /// throws at the first that fails; see ``explore(schedules:seed:strategy:fileID:line:_:)``
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
        /// - Parameter limit: The most schedules to run, 1 or more; past it the report's
        ///   ``ExplorationReport/isExhaustive`` is false.
        /// - Throws: ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/scheduleFailed``
        ///   for a failing schedule; of kind ``MockDispatchableError/Kind/nondeterministicBody``
        ///   when a choice point offers a different number of choices than it did in an earlier
        ///   run with the same choices before it.
        @MainActor
        @discardableResult
        static func exploreAll(
            limit: Int = 100_000, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try withoutActuallyEscaping(body) { body in
                try Explorer(caller: "exploreAll(limit: \(limit))", fileID: fileID, line: line, body: body)
                    .exploreAll(limit: limit)
            }
        }

        /// Runs `body` once under `schedule`, a string from a failure that
        /// ``explore(schedules:seed:strategy:fileID:line:_:)`` or ``exploreAll(limit:fileID:line:_:)``
        /// threw, to debug it: add marks, print the timeline, step through it.
        ///
        /// ```swift
        /// try MockDispatchable.replay("0/2 1/2") { mock in … }
        /// ```
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
            _ schedule: String, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @MainActor (MockDispatchable) throws -> Void
        ) throws -> ExplorationReport {
            try withoutActuallyEscaping(body) { body in
                try Explorer(
                    caller: "replay(\"\(BoundedList.quoted(schedule))\")", fileID: fileID, line: line, body: body
                )
                .replay(schedule)
            }
        }

        /// Exploration's hook into a fresh mock: every take goes through `chooser`.
        fileprivate func install(_ chooser: Chooser) {
            core.withLock { $0.chooser = chooser }
        }

        /// Ends the run: takes the chooser out, with what it recorded, leaving an ordinary
        /// manual-mode mock behind.
        fileprivate func uninstallChooser() -> Chooser? {
            core.withLock { state in
                defer { state.chooser = nil }
                return state.chooser
            }
        }
        /// The recorder's events, as errors keep them.
        fileprivate var events: TimelineRenderer { core.events }
    }

    // MARK: - 3. Public values

    extension MockDispatchable {
        /// Which queued work a call is about.
        enum WorkKind: Sendable, Equatable, CustomStringConvertible {
            /// Work of any kind.
            case any
            /// Work sent with `offload` or `offload(after:)`.
            case offload
            /// Main-thread work: `main`, `after`, and sleep wake-ups.
            case main

            var description: String {
                switch self {
                case .any: return "work"
                case .offload: return "offload"
                case .main: return "main-thread"
                }
            }
        }

        /// A queued item, as ``MockDispatchable/pendingWork`` lists it.
        struct PendingWork: Sendable, Equatable, CustomStringConvertible {
            /// Its position in scheduling order, starting at 1.
            let sequence: Int
            /// The thread it will run on.
            let thread: DispatchThread
            /// When it is due, in virtual seconds; `.infinity` if never.
            let dueTime: TimeInterval
            /// When it was scheduled, in virtual seconds.
            let scheduledAt: TimeInterval
            /// The logical thread that scheduled it; nil for the test itself.
            let scheduledFrom: DispatchThread?
            /// True for a sleeping task's wake-up rather than a block of work.
            let isSleep: Bool

            /// `offload #2`, `after(0.5) #3`, `after(5) wake-up #4`.
            var name: String { "\(thread)\(isSleep ? " wake-up" : "") #\(sequence)" }

            /// Where it came from: `scheduled at t=0.000s from the test`.
            var origin: String {
                "scheduled at t=\(SecondsText.measured(scheduledAt)) from "
                    + (scheduledFrom.map { "\($0)" } ?? "the test")
            }

            var description: String {
                let what = isSleep ? "\(thread) wake-up of a sleeping task" : "\(thread) work"
                let due = dueTime.isFinite ? "due at t=\(SecondsText.measured(dueTime))" : "never due"
                return "#\(sequence) \(what), \(due), \(origin)"
            }
        }

        /// One entry of the ``Recorder``.
        struct Event: Sendable, Equatable {
            /// What happened.
            enum Kind: UInt8, Sendable {
                /// A logical thread was entered.
                case enter
                /// A logical thread was left.
                case exit
                /// A checkpoint from `mark(_:)`.
                case mark
                /// Work was queued (manual mode, or main-actor work immediate mode could not run).
                case schedule
                /// Queued work was cancelled before it ran.
                case cancel
                /// A sleeping task was resumed.
                case wake
            }

            /// When, in virtual seconds.
            var time: TimeInterval
            /// The checkpoint label of a `.mark`.
            var label: String?
            /// The thread entered, left, queued or cancelled; for a mark, the current thread.
            var thread: DispatchThread?
            /// What happened.
            var kind: Kind
        }

        /// What a ``MockDispatchable`` ran, where and when.
        struct Recorder: Sendable {
            fileprivate let core: Core

            /// True when the innermost thread the calling OS thread has entered is `.main` or
            /// `.after`, or when it has entered none (the test itself runs on the main thread).
            var isMainThread: Bool {
                let driver = Driver.current
                return core.withLock { $0.frames.innermost(of: driver)?.isMain ?? true }
            }

            /// The logical threads the calling OS thread is inside right now, innermost last.
            var threadStack: [DispatchThread] {
                let driver = Driver.current
                return core.withLock { $0.frames.stack(of: driver) }
            }

            /// Every thread entered so far, by any OS thread, in order.
            var enteredThreads: [DispatchThread] { core.withLock { $0.log.enteredThreads } }

            /// Every recorded event, in order.
            var events: [Event] { core.withLock { $0.log.events } }

            /// The checkpoint labels passed to `mark(_:)`, in order.
            var marks: [String] { core.withLock { $0.log.marks } }

            /// A picture of what ran where: one lane per thread kind, one row per event, nesting
            /// drawn with `┌ │ └`, checkpoints as `◆`, lanes divided by `┆`. In manual mode each
            /// row shows virtual time.
            ///
            /// ```
            /// MockDispatchable timeline — immediate mode, 5 events
            ///         # ┆ test    ┆ main         ┆ offload      ┆ after
            ///         1 ┆         ┆              ┆ ┌ enter      ┆
            ///         2 ┆         ┆ ┌ enter      ┆ │            ┆
            ///         3 ┆         ┆ │ ◆ done     ┆ │            ┆
            ///         4 ┆         ┆ └ exit       ┆ │            ┆
            ///         5 ┆         ┆              ┆ └ exit       ┆
            /// ```
            ///
            /// (Lanes are 25 characters wide; shortened here.) Queued work is numbered as
            /// ``MockDispatchable/pendingWork`` numbers it: `+ queued offload #2`, then `┌ #2`.
            var timeline: String { core.timeline() }
        }

        /// How ``explore(schedules:seed:strategy:fileID:line:_:)`` picks its schedules. Every
        /// strategy is deterministic for a given seed.
        enum ExplorationStrategy: Sendable, Equatable {
            /// At each choice point, any choice with equal probability. Good at bugs that need a
            /// deviation early in a run; weak at one that needs a single deviation late in a long
            /// one.
            case randomWalk
            /// Probabilistic concurrency testing (Burckhardt et al., 2010): each item gets a random
            /// priority and the highest-priority choice runs; at `depth - 1` randomly picked choice
            /// points the chosen item's priority drops below all others. Finds a bug that needs
            /// `depth` ordering constraints with a probability that does not shrink with the
            /// length of the run.
            case pct(depth: Int)
            /// Ordinary manual mode first, then, alternately, every schedule with exactly one
            /// deviation from it (most ordering bugs need one) and schedules from
            /// ``randomWalk`` and ``pct(depth:)`` with depths 2 and 3. The default.
            case mixed
        }

        /// What an exploration ran.
        struct ExplorationReport: Sendable, Equatable, CustomStringConvertible {
            /// How many times the body ran (minimising a failure not included).
            let schedulesRun: Int
            /// How many distinct choice sequences those runs took.
            let distinctSchedules: Int
            /// True when every schedule the body allows has run: only ``MockDispatchable/exploreAll(limit:fileID:line:_:)``
            /// within its limit can know.
            let isExhaustive: Bool

            var description: String {
                "\(schedulesRun) schedule\(schedulesRun == 1 ? "" : "s") run, \(distinctSchedules) distinct"
                    + (isExhaustive ? ", every schedule covered" : "")
            }
        }
    }

    /// A misuse of ``MockDispatchable``, or a failing schedule found by exploration: thrown, so
    /// that the test framework reports it as a failure, never a crash. Its description explains
    /// the problem and ends with the timeline. Nothing queued is lost when one is thrown.
    struct MockDispatchableError: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        enum Kind: Sendable, Equatable {
            /// A stepping call found nothing it could run.
            case noPendingWork
            /// `advance(by:)` got a negative, NaN or infinite amount, or one past the end of
            /// virtual time.
            case invalidAdvance
            /// An argument out of range (a negative or NaN timeout, a negative `maxSteps` or
            /// `count`, fewer than one schedule, a PCT depth below 1), or a schedule string that
            /// is not one. The message names the argument.
            case invalidArgument
            /// `runUntilIdle()` or `advance(by:)` ran its step limit and work was still due.
            case stepLimitExceeded
            /// `assertNoPendingWork()` found queued work.
            case pendingWork
            /// Main-actor work was to run, but the caller is not on the main queue.
            case mainActorRequired
            /// Work was not queued, or a background-thread item did not finish, in time.
            case timedOut
            /// A body under exploration threw; ``MockDispatchableError/schedule`` replays it.
            case scheduleFailed
            /// A body under exploration made different choices when its earlier ones were the same,
            /// never reached a replayed schedule's choice points, or failed once in a way that
            /// did not recur ("not reproducible").
            case nondeterministicBody
        }

        /// What went wrong.
        let kind: Kind
        /// The explanation, without the timeline.
        let message: String
        /// Where the failing call was made.
        let fileID: String
        /// Where the failing call was made.
        let line: UInt
        /// The failing schedule, for ``MockDispatchable/replay(_:fileID:line:_:)``; nil outside
        /// exploration.
        let schedule: String?
        /// The recorder's events when the error was thrown, drawn only if someone reads them:
        /// copying the log is cheap (its chunks are shared), drawing it is not.
        private let events: MockDispatchable.TimelineRenderer?

        fileprivate init(
            kind: Kind, message: String, events: MockDispatchable.TimelineRenderer?, fileID: StaticString, line: UInt,
            schedule: String? = nil
        ) {
            self.kind = kind
            self.message = message
            self.events = events
            self.fileID = "\(fileID)"
            self.line = line
            self.schedule = schedule
        }

        /// The mock's timeline when the error was thrown (for a failing schedule: its run's),
        /// its last 60 events.
        var timeline: String { events?.render(limit: 60) ?? "" }
        var description: String {
            "MockDispatchable: \(message)\n  (at \(fileID):\(line))\n\n\(timeline)"
        }
    }

    // MARK: - 4. Core

    extension MockDispatchable {
        /// The one lock, and everything it guards. The façade above reads and changes state only
        /// through ``withLock(_:)``; no user code ever runs while it is held.
        ///
        /// A second copy of the library's `Locked` (a copied mock can use only the public API),
        /// built on a `pthread_mutex_t` and a pointer because this lock is on every dispatch: the
        /// runtime's dynamic exclusivity check on a class's stored `var` cost a third of each one.
        fileprivate final class Core: @unchecked Sendable {
            // @unchecked: `state` is only read or written between `pthread_mutex_lock` and
            // `pthread_mutex_unlock` of `mutex`.
            //
            // One trade-off the lock cannot make true: `State.hooks` holds plain closures (SPEC:
            // hooks may capture and mutate test locals, so they are not `@Sendable`). They are
            // taken out under the lock and called on whichever OS thread drives the mock. A test
            // that drives one mock from several threads must make what its hooks touch thread-safe.
            private let mutex: UnsafeMutablePointer<pthread_mutex_t>
            private let state: UnsafeMutablePointer<State>

            init(mode: MockDispatchable.Mode) {
                mutex = .allocate(capacity: 1)
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
                state = .allocate(capacity: 1)
                state.initialize(to: State(mode: mode))
            }

            deinit {
                state.deinitialize(count: 1)
                state.deallocate()
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
                mutex.deallocate()
            }

            @inline(__always)
            func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                return try body(&state.pointee)
            }

            func error(_ kind: MockDispatchableError.Kind, _ message: String, fileID: StaticString, line: UInt)
                -> MockDispatchableError
            {
                MockDispatchableError(kind: kind, message: message, events: events, fileID: fileID, line: line)
            }

            /// Throws `.invalidArgument` with `problem`, one of the ``Rules``' answers, unless it is nil.
            func check(_ problem: String?, fileID: StaticString, line: UInt) throws {
                if let problem { throw error(.invalidArgument, problem, fileID: fileID, line: line) }
            }

            /// The recorder's events as they are now, ready to draw.
            var events: TimelineRenderer {
                withLock { TimelineRenderer(log: $0.log, mode: $0.mode, now: $0.scheduler.now) }
            }

            func timeline(limit: Int = .max) -> String { events.render(limit: limit) }

            /// Suspends until `condition` holds; the enqueue that makes it hold resumes the caller.
            /// Cancelling the caller's task ends the wait at once with `CancellationError`.
            func waitUntil(
                _ condition: Suspensions.Condition, timeout: TimeInterval, fileID: StaticString, line: UInt
            ) async throws {
                try check(Rules.timeout(timeout), fileID: fileID, line: line)
                let id = withLock { $0.suspensions.reserve() }
                try await withTaskCancellationHandler {
                    try await suspend(id, until: condition, timeout: timeout, fileID: fileID, line: line)
                } onCancel: {
                    withLock { $0.suspensions.cancel(id) }?.resume(throwing: CancellationError())
                }
            }

            private func suspend(
                _ id: Int, until condition: Suspensions.Condition, timeout: TimeInterval, fileID: StaticString,
                line: UInt
            ) async throws {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let admitted = withLock { state -> Suspensions.Admission in
                        state.suspensions.add(
                            id, condition, continuation,
                            holdsNow: state.suspensions.holds(condition, in: state.scheduler))
                    }
                    switch admitted {
                    case .waiting: break
                    case .satisfied: return continuation.resume()
                    case .cancelled: return continuation.resume(throwing: CancellationError())
                    }
                    guard let nanoseconds = Nanoseconds.delay(timeout) else { return }  // waits for ever
                    let timer = Task { [self] in
                        try? await Task.sleep(nanoseconds: UInt64(nanoseconds))
                        guard !Task.isCancelled, let continuation = withLock({ $0.suspensions.remove(id) }) else {
                            return
                        }
                        let found = withLock { $0.suspensions.progress(of: condition, in: $0.scheduler) }
                        continuation.resume(
                            throwing: error(
                                .timedOut,
                                "waited \(SecondsText.measured(timeout)) for \(condition); \(found). Is the code under "
                                    + "test dispatching through this mock?", fileID: fileID, line: line))
                    }
                    // Satisfied meanwhile? Then nobody but us will cancel the timer.
                    if !withLock({ $0.suspensions.setTimer(timer, for: id) }) { timer.cancel() }
                }
            }

            /// The warnings immediate mode prints (once per mock) when it keeps work queued.
            enum Warning: Int {
                case mainActorRequired, nestingLimit

                var text: String {
                    switch self {
                    case .mainActorRequired: return Core.mainActorAdvice
                    case .nestingLimit:
                        return "immediate mode runs work nested inside the call that dispatches it, and work is now "
                            + "\(MockDispatchable.nestingLimit) logical threads deep (work that dispatches itself "
                            + "again, such as a poller or a hook that dispatches, never ends in immediate mode). "
                            + "Rather than overflow the stack, the mock keeps deeper work queued; nothing is lost. "
                            + "Use MockDispatchable(mode: .manual) and step it, or runUntilIdle(), to run it."
                    }
                }
            }

            func warnOnce(_ warning: Warning) {
                let first = withLock { state -> Bool in
                    defer { state.warned.insert(warning.rawValue) }
                    return !state.warned.contains(warning.rawValue)
                }
                if first {
                    FileHandle.standardError.write(Data(("MockDispatchable: " + warning.text + "\n").utf8))
                }
            }

            static let mainActorAdvice = """
                main-actor work (main or after) is queued, and the caller is not on the main queue \
                (an XCTest async test, a nonisolated Swift Testing test, or a background thread), so the \
                mock cannot run it synchronously without racing the main actor. It stays queued; nothing is \
                lost. Drive the mock from the main actor instead: mark the Swift Testing test or suite \
                @MainActor; in an XCTest async test wrap the code in `await MainActor.run { ... }`; or use \
                the async stepping calls, such as `try await mock.runNextMain(timeout:)` or \
                `try await mock.runUntilIdle(timeout:)`, which hop there.
                """
        }

        /// What the lock guards: the components, and the operations that span more than one of them.
        fileprivate struct State {
            let mode: MockDispatchable.Mode
            var scheduler = Scheduler()
            var frames = Frames()
            var log = EventLog()
            var suspensions = Suspensions()
            var hooks = Hooks()
            /// Set only under exploration: picks among the choices at each step.
            var chooser: Chooser?
            /// The choices of the current step, kept to reuse its storage.
            var choices: [Candidate] = []
            /// The ``Core/Warning``s already printed.
            var warned: Set<Int> = []

            init(mode: MockDispatchable.Mode) { self.mode = mode }

            mutating func record(_ kind: MockDispatchable.Event.Kind, thread: DispatchThread?, sequence: Int = -1) {
                log.append(kind, thread: thread, time: scheduler.now, sequence: sequence)
            }

            mutating func mark(_ label: String, driver: Int) {
                log.append(.mark, thread: frames.innermost(of: driver), time: scheduler.now, label: label)
            }

            mutating func enter(_ thread: DispatchThread, sequence: Int, identity: UInt64 = 0, driver: Int) -> Hooks {
                frames.push(thread, identity: identity, driver: driver)
                record(.enter, thread: thread, sequence: sequence)
                return hooks
            }

            /// ``enter(_:sequence:driver:)``, unless `driver` is already ``MockDispatchable/nestingLimit``
            /// logical threads deep: then nil, and nothing changes.
            mutating func enterIfShallow(_ thread: DispatchThread, driver: Int) -> Hooks? {
                guard frames.depth(of: driver, below: MockDispatchable.nestingLimit) else { return nil }
                return enter(thread, sequence: -1, driver: driver)
            }

            mutating func exit(driver: Int) {
                if let thread = frames.pop(driver: driver) { record(.exit, thread: thread) }
            }

            /// Queues a job; returns its handle and the waiters it satisfies, to resume after unlocking.
            mutating func enqueue(_ job: Job, on thread: DispatchThread, after delay: TimeInterval, driver: Int)
                -> (Handle, [Resumption])
            {
                let sender = frames.sender(of: driver)
                let handle = scheduler.schedule(
                    job, on: thread, after: delay, from: sender.thread, identity: sender.identity)
                record(.schedule, thread: thread, sequence: handle.sequence)
                return (handle, suspensions.isEmpty ? [] : suspensions.takeSatisfied(by: scheduler))
            }

            mutating func cancel(_ handle: Handle) {
                if let thread = scheduler.cancel(handle) { record(.cancel, thread: thread, sequence: handle.sequence) }
            }

            enum Next {
                case work(Work)
                /// Nothing of the kind is due by the limit.
                case nothing
                /// The next item needs the main actor and the caller is not on the main queue.
                case needsMainActor
                /// Under exploration: this step offers other choices than the schedule recorded.
                case nondeterministic(String)
            }

            /// Takes the next item of `kind` due by `limit`: in manual mode the first in (due time,
            /// scheduling order); under exploration the one the chooser picks. Changes nothing unless
            /// it returns `.work`.
            mutating func takeNext(_ kind: MockDispatchable.WorkKind, until limit: Int64, onMainQueue: Bool) -> Next {
                guard chooser != nil else {
                    guard let work = scheduler.first(kind, until: limit) else { return .nothing }
                    if work.needsMainActor, !onMainQueue { return .needsMainActor }
                    scheduler.take(work)
                    return .work(work)
                }
                scheduler.choices(kind, until: limit, into: &choices)
                guard !choices.isEmpty else { return .nothing }
                let index = chooser!.choose(among: choices) { scheduler.work(for: $0).pending }
                if let mismatch = chooser!.mismatch { return .nondeterministic(mismatch) }
                let work = scheduler.work(for: choices[index])
                if work.needsMainActor, !onMainQueue { return .needsMainActor }
                scheduler.take(work)
                return .work(work)
            }

            func nothingToRun(_ kind: MockDispatchable.WorkKind) -> String {
                var message = "there is no queued \(kind) to run."
                let main = scheduler.count(.main)
                let offload = scheduler.count(.offload)
                if kind == .offload, main > 0 {
                    message += " \(main) main-thread item(s) are queued: use runNextMain() or runNext()."
                } else if kind == .main, offload > 0 {
                    message += " \(offload) offload item(s) are queued: use runNextOffload() or runNext()."
                }
                let never = scheduler.neverDueCount
                if never > 0 {
                    message += " \(never) item(s) have an infinite or NaN delay and never run."
                }
                if mode == .immediate {
                    message +=
                        " (The mock is in immediate mode, which runs work at once; "
                        + "use MockDispatchable(mode: .manual) to queue it.)"
                }
                return message
            }
        }

        /// The hooks, as the test set them.
        fileprivate struct Hooks {
            var didEnter: ((DispatchThread) -> Void)?
            var didExit: ((DispatchThread) -> Void)?
        }
    }

    // MARK: - 5. Scheduler

    extension MockDispatchable {
        /// A block of work, and where it belongs.
        fileprivate enum Job {
            case offload(@Sendable () -> Void)
            case main(@MainActor @Sendable () -> Void)
            /// A sleeping task's wake-up: in the main-thread lane, but needs no main actor.
            case wake(@Sendable () -> Void)

            var needsMainActor: Bool {
                if case .main = self { return true }
                return false
            }

            var isOffload: Bool {
                if case .offload = self { return true }
                return false
            }
        }

        /// A queued job with its place in the order.
        fileprivate struct Work {
            let sequence: Int
            /// Virtual nanoseconds; ``Nanoseconds/never`` if never due.
            let due: Int64
            let scheduledAt: Int64
            let thread: DispatchThread
            let scheduledFrom: DispatchThread?
            /// Names it across runs of an explored body; see ``Identity``.
            let identity: UInt64
            let job: Job
            /// Where it waits in its lane's heap.
            var slot = 0

            var needsMainActor: Bool { job.needsMainActor }

            /// Due time, then scheduling order: the order manual mode runs work in.
            @inline(__always)
            func runsBefore(_ other: Work) -> Bool {
                Scheduler.runsBefore(due, sequence, other.due, other.sequence)
            }

            var pending: MockDispatchable.PendingWork {
                var isSleep = false
                if case .wake = job { isSleep = true }
                return MockDispatchable.PendingWork(
                    sequence: sequence, thread: thread, dueTime: Nanoseconds.seconds(due),
                    scheduledAt: Nanoseconds.seconds(scheduledAt), scheduledFrom: scheduledFrom, isSleep: isSleep)
            }
        }

        /// A choice of ``Scheduler/choices(_:until:into:)``: where a queued item waits, and its place
        /// in the order, without its closure (so that listing choices retains nothing).
        fileprivate struct Candidate {
            let due: Int64
            let sequence: Int
            let slot: Int
            let isOffload: Bool
            /// See ``Identity``.
            let identity: UInt64

            @inline(__always)
            func runsBefore(_ other: Candidate) -> Bool {
                Scheduler.runsBefore(due, sequence, other.due, other.sequence)
            }
        }

        /// Names one queued item so that it can be cancelled, with no allocation per item: its lane,
        /// the slot it waits in, and its sequence number, which tells it apart from a later item
        /// reusing the slot.
        fileprivate struct Handle: Sendable {
            let isOffload: Bool
            let slot: Int
            let sequence: Int
        }

        /// Queues, virtual time and cancellation: the one place that decides what may run next.
        ///
        /// Two lanes, each a heap in (due time, scheduling order). Offload work is concurrent, so
        /// under exploration any due offload item may run next; the main-thread lane is serial, so
        /// only its head may. Manual mode always takes the first item of both lanes together.
        fileprivate struct Scheduler {
            private(set) var now: Int64 = 0
            private var nextSequence = 1
            private var offloads = WorkHeap(isOffloadLane: true)
            private var mains = WorkHeap(isOffloadLane: false)

            mutating func schedule(
                _ job: Job, on thread: DispatchThread, after delay: TimeInterval, from: DispatchThread?,
                identity: UInt64
            )
                -> Handle
            {
                let sequence = nextSequence
                nextSequence += 1
                let due = Nanoseconds.delay(delay).map { Nanoseconds.adding($0, to: now) } ?? Nanoseconds.never
                let work = Work(
                    sequence: sequence, due: due, scheduledAt: now, thread: thread, scheduledFrom: from,
                    identity: identity, job: job)
                let isOffload = job.isOffload
                let slot = isOffload ? offloads.insert(work) : mains.insert(work)
                return Handle(isOffload: isOffload, slot: slot, sequence: sequence)
            }

            /// Cancels the item behind `handle`; its thread if it was still queued.
            mutating func cancel(_ handle: Handle) -> DispatchThread? {
                let removed =
                    handle.isOffload
                    ? offloads.remove(slot: handle.slot, sequence: handle.sequence)
                    : mains.remove(slot: handle.slot, sequence: handle.sequence)
                return removed?.thread
            }

            func count(_ kind: MockDispatchable.WorkKind) -> Int {
                switch kind {
                case .any: return offloads.count + mains.count
                case .offload: return offloads.count
                case .main: return mains.count
                }
            }

            /// The first item of `kind` in (due time, scheduling order), if it is due by `limit`.
            mutating func first(_ kind: MockDispatchable.WorkKind, until limit: Int64) -> Work? {
                var best: Work?
                if kind != .main { best = offloads.first() }
                if kind != .offload, let head = mains.first(), best.map({ head.runsBefore($0) }) ?? true { best = head }
                guard let best, Self.isDue(best, by: limit) else { return nil }
                return best
            }

            /// Every item that may legally run next, first choice (ordinary manual mode's) first.
            ///
            /// - Every offload item that is due: offload work is concurrent, and may be slow.
            /// - The main lane's head, if it is due by `limit` (reaching it may advance time).
            /// - The earliest timer — the first instant after `now` at which an item of either lane
            ///   falls due, within `limit` — if the main lane is not late for it: every main-lane
            ///   item already due was sent by offload work (whose sender may still have been
            ///   running when the timer fired). Offered there: every offload item due at that
            ///   instant, and the first main-lane item due at it.
            ///
            /// `.offload` offers the offload lane's due items and its earliest timer; `.main` the
            /// head alone.
            mutating func choices(
                _ kind: MockDispatchable.WorkKind, until limit: Int64, into choices: inout [Candidate]
            ) {
                choices.removeAll(keepingCapacity: true)
                var head: Candidate?
                if kind != .offload, let first = mains.firstCandidate(), first.due <= limit,
                    first.due != Nanoseconds.never
                {
                    head = first
                }
                if kind == .main {
                    if let head { choices.append(head) }
                    return
                }
                let offloadTimer = offloads.appendCandidates(dueBy: now, to: &choices)
                var timer = offloadTimer
                var mainTimer: Candidate?
                if kind == .any {
                    let lane = mains.timerAfter(now)
                    mainTimer = lane.timer
                    if let main = lane.timer, main.due < timer { timer = main.due }
                    if !lane.dueItemsAreFromOffload { timer = Nanoseconds.never }  // the main lane is never late
                }
                if timer <= limit, timer != Nanoseconds.never {
                    if offloadTimer == timer { offloads.appendCandidates(dueAt: timer, to: &choices) }
                    // When the head is the timer itself, it is offered below, as the head.
                    if let main = mainTimer, main.due == timer, head.map({ $0.due <= now }) ?? true {
                        choices.append(main)
                    }
                }
                if let head { choices.append(head) }
                // Insertion sort: a handful of candidates, nearly in order already.
                var index = 1
                while index < choices.count {
                    var position = index
                    while position > 0, choices[position].runsBefore(choices[position - 1]) {
                        choices.swapAt(position, position - 1)
                        position -= 1
                    }
                    index += 1
                }
            }

            /// Removes `work`, taken from ``first(_:until:)`` or ``choices(_:until:into:)``, and moves
            /// the clock to its due time.
            mutating func take(_ work: Work) {
                if work.job.isOffload {
                    offloads.remove(slot: work.slot, sequence: work.sequence)
                } else {
                    mains.remove(slot: work.slot, sequence: work.sequence)
                }
                now = Swift.max(now, work.due)
            }

            mutating func moveClock(to time: Int64) {
                now = Swift.max(now, time)
            }

            mutating func hasRunnable(_ kind: MockDispatchable.WorkKind, until limit: Int64) -> Bool {
                first(kind, until: limit) != nil
            }

            func hasDue(by limit: Int64) -> Bool {
                (offloads.all + mains.all).contains { Self.isDue($0, by: limit) }
            }

            var neverDueCount: Int {
                (offloads.all + mains.all).filter { $0.due == Nanoseconds.never }.count
            }

            var pendingWork: [MockDispatchable.PendingWork] {
                (offloads.all + mains.all).sorted { $0.runsBefore($1) }.map(\.pending)
            }

            /// The first `count` items of ``pendingWork``, without describing the rest.
            func firstPending(_ count: Int) -> [MockDispatchable.PendingWork] {
                (offloads.all + mains.all).sorted { $0.runsBefore($1) }.prefix(count).map(\.pending)
            }

            /// The queued work a candidate of ``choices(_:until:into:)`` names.
            func work(for candidate: Candidate) -> Work {
                candidate.isOffload
                    ? offloads.work(inSlot: candidate.slot, sequence: candidate.sequence)!
                    : mains.work(inSlot: candidate.slot, sequence: candidate.sequence)!
            }

            /// The one order queued work runs in: due time, then scheduling order. Spelled out
            /// rather than as a tuple comparison, which measured 5–10 % slower in the heap's sift.
            @inline(__always)
            static func runsBefore(_ due: Int64, _ sequence: Int, _ otherDue: Int64, _ otherSequence: Int) -> Bool {
                due < otherDue || (due == otherDue && sequence < otherSequence)
            }

            @inline(__always)
            private static func isDue(_ work: Work, by limit: Int64) -> Bool {
                work.due <= limit && work.due != Nanoseconds.never
            }
        }
    }

    // MARK: - 6. Frames

    extension MockDispatchable {
        /// Identifies the OS thread that drives the mock.
        fileprivate enum Driver {
            @inline(__always)
            static var current: Int { Int(bitPattern: pthread_self()) }
        }

        /// The logical threads each OS thread is inside. Usually one OS thread drives the mock and
        /// its frames are the whole stack; when several do, each sees only its own.
        fileprivate struct Frames {
            private struct Frame {
                let driver: Int
                let thread: DispatchThread
                /// The queued item running in it (see ``Identity``); 0 in immediate mode.
                let identity: UInt64
                /// How many items it has queued so far.
                var children: UInt64 = 0
            }

            private var frames: [Frame] = []
            /// How many items the test itself (no frame) has queued so far.
            private var rootChildren: UInt64 = 0

            mutating func push(_ thread: DispatchThread, identity: UInt64, driver: Int) {
                frames.append(Frame(driver: driver, thread: thread, identity: identity))
            }

            /// For an item `driver` is about to queue: the logical thread it comes from, and its
            /// identity — its sender's identity and its place among the sender's items.
            mutating func sender(of driver: Int) -> (thread: DispatchThread?, identity: UInt64) {
                guard let index = frames.lastIndex(where: { $0.driver == driver }) else {
                    defer { rootChildren += 1 }
                    return (nil, Identity.child(of: 0, number: rootChildren))
                }
                defer { frames[index].children += 1 }
                return (
                    frames[index].thread, Identity.child(of: frames[index].identity, number: frames[index].children)
                )
            }

            /// Leaves the innermost frame of `driver`; its thread.
            mutating func pop(driver: Int) -> DispatchThread? {
                if let last = frames.last, last.driver == driver { return frames.removeLast().thread }
                guard let index = frames.lastIndex(where: { $0.driver == driver }) else { return nil }
                return frames.remove(at: index).thread
            }

            func innermost(of driver: Int) -> DispatchThread? {
                if let last = frames.last, last.driver == driver { return last.thread }
                return frames.last { $0.driver == driver }?.thread
            }

            /// Whether `driver` is inside fewer than `limit` logical threads; O(1) while all frames together are fewer.
            func depth(of driver: Int, below limit: Int) -> Bool {
                frames.count < limit || frames.lazy.filter { $0.driver == driver }.count < limit
            }

            func stack(of driver: Int) -> [DispatchThread] {
                frames.compactMap { $0.driver == driver ? $0.thread : nil }
            }
        }
    }

    // MARK: - 7. Event log

    extension MockDispatchable {
        /// The recorder's events, compact: 24 bytes each, labels in a side table, in fixed-size
        /// chunks so that appending never copies what is already recorded (a growing array copies
        /// everything at each doubling) and recording stays cheap however long a test runs.
        fileprivate struct EventLog: Sendable {
            struct Entry: Sendable {
                var time: Int64
                var thread: DispatchThread?
                var kind: MockDispatchable.Event.Kind
                /// For a mark, its index in `labels`; for queued work, its sequence number; or -1.
                var detail: Int32
            }

            private static let chunkSize = 4096
            private var sealed: [[Entry]] = []
            private var current: [Entry] = []
            private(set) var labels: [String] = []

            var count: Int { sealed.count * Self.chunkSize + current.count }

            @inline(__always)
            mutating func append(
                _ kind: MockDispatchable.Event.Kind, thread: DispatchThread?, time: Int64, sequence: Int
            ) {
                append(Entry(time: time, thread: thread, kind: kind, detail: Int32(truncatingIfNeeded: sequence)))
            }

            mutating func append(
                _ kind: MockDispatchable.Event.Kind, thread: DispatchThread?, time: Int64, label: String
            ) {
                append(Entry(time: time, thread: thread, kind: kind, detail: Int32(truncatingIfNeeded: labels.count)))
                labels.append(label)
            }

            @inline(__always)
            private mutating func append(_ entry: Entry) {
                if current.count == Self.chunkSize {
                    sealed.append(current)
                    current = []
                }
                if current.isEmpty { current.reserveCapacity(Self.chunkSize) }
                current.append(entry)
            }

            var entries: FlattenSequence<[[Entry]]> { (sealed + [current]).joined() }

            func label(of entry: Entry) -> String? { entry.kind == .mark ? labels[Int(entry.detail)] : nil }

            /// `" #2"` for an entry about queued work; empty otherwise.
            func number(of entry: Entry) -> String {
                entry.kind != .mark && entry.detail >= 0 ? " #\(entry.detail)" : ""
            }

            var events: [MockDispatchable.Event] {
                entries.map { entry in
                    MockDispatchable.Event(
                        time: Nanoseconds.seconds(entry.time), label: label(of: entry), thread: entry.thread,
                        kind: entry.kind)
                }
            }

            var enteredThreads: [DispatchThread] { entries.compactMap { $0.kind == .enter ? $0.thread : nil } }

            var marks: [String] { entries.compactMap { $0.kind == .mark ? label(of: $0) : nil } }
        }
    }

    // MARK: - 8. Suspensions

    extension MockDispatchable {
        /// Tests suspended until work is queued (`waitForPendingWork` and the `async` stepping
        /// calls). The enqueue that satisfies one takes it out, and the caller resumes it after
        /// unlocking.
        fileprivate struct Suspensions {
            enum Condition: CustomStringConvertible {
                /// At least `count` items of the kind are queued.
                case queued(MockDispatchable.WorkKind, count: Int)
                /// Some item is due by this virtual time.
                case due(by: Int64)

                var description: String {
                    switch self {
                    case .queued(let kind, let count): return "\(count) queued \(kind) item\(count == 1 ? "" : "s")"
                    case .due(let time): return "work due by t=\(SecondsText.measured(Nanoseconds.seconds(time)))"
                    }
                }
            }

            private struct Waiter {
                let condition: Condition
                let continuation: CheckedContinuation<Void, any Error>
                var timer: Task<Void, Never>?
            }

            /// A wait's place: reserved before it suspends (so that a cancellation arriving first
            /// is not lost), then waiting.
            private enum Slot {
                case reserved
                case cancelled
                case waiting(Waiter)
            }

            /// What ``add(_:_:_:holdsNow:)`` made of a wait.
            enum Admission {
                case waiting, satisfied, cancelled
            }

            private var slots: [Int: Slot] = [:]
            private var nextID = 0
            private var waitingCount = 0

            var isEmpty: Bool { waitingCount == 0 }

            func holds(_ condition: Condition, in scheduler: Scheduler) -> Bool {
                switch condition {
                case .queued(let kind, let count): return scheduler.count(kind) >= count
                case .due(let time): return scheduler.hasDue(by: time)
                }
            }

            /// What has arrived so far, for a timeout's message.
            func progress(of condition: Condition, in scheduler: Scheduler) -> String {
                switch condition {
                case .queued(let kind, _): return "\(scheduler.count(kind)) arrived"
                case .due: return "\(scheduler.count(.any)) item(s) are queued, none due by then"
                }
            }

            /// A place for a wait that is about to suspend.
            mutating func reserve() -> Int {
                nextID += 1
                slots[nextID] = .reserved
                return nextID
            }

            mutating func add(
                _ id: Int, _ condition: Condition, _ continuation: CheckedContinuation<Void, any Error>, holdsNow: Bool
            ) -> Admission {
                guard case .reserved? = slots.removeValue(forKey: id) else { return .cancelled }
                if holdsNow { return .satisfied }
                slots[id] = .waiting(Waiter(condition: condition, continuation: continuation))
                waitingCount += 1
                return .waiting
            }

            /// Keeps the timeout timer; false when the waiter was satisfied or cancelled meanwhile.
            mutating func setTimer(_ timer: Task<Void, Never>, for id: Int) -> Bool {
                guard case .waiting(var waiter)? = slots[id] else { return false }
                waiter.timer = timer
                slots[id] = .waiting(waiter)
                return true
            }

            /// Takes out a waiting wait (its timeout passed); nil if it is no longer waiting.
            mutating func remove(_ id: Int) -> CheckedContinuation<Void, any Error>? {
                guard case .waiting(let waiter)? = slots[id] else { return nil }
                slots[id] = nil
                waitingCount -= 1
                return waiter.continuation
            }

            /// The caller's task was cancelled: the wait to resume with an error, if it is waiting;
            /// a reserved one is marked, so that it does not suspend at all.
            mutating func cancel(_ id: Int) -> Resumption? {
                switch slots[id] {
                case .reserved?:
                    slots[id] = .cancelled
                    return nil
                case .waiting(let waiter)?:
                    slots[id] = nil
                    waitingCount -= 1
                    return Resumption(continuation: waiter.continuation, timer: waiter.timer)
                case .cancelled?, nil:
                    return nil
                }
            }

            mutating func takeSatisfied(by scheduler: Scheduler) -> [Resumption] {
                var ready: [Resumption] = []
                for (id, slot) in slots {
                    guard case .waiting(let waiter) = slot, holds(waiter.condition, in: scheduler) else { continue }
                    slots[id] = nil
                    waitingCount -= 1
                    ready.append(Resumption(continuation: waiter.continuation, timer: waiter.timer))
                }
                return ready
            }
        }

        /// Resumes a satisfied waiter, after the lock is released.
        fileprivate struct Resumption {
            let continuation: CheckedContinuation<Void, any Error>
            let timer: Task<Void, Never>?

            func resume(throwing error: (any Error)? = nil) {
                timer?.cancel()
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    // MARK: - 9. Chooser

    extension MockDispatchable {
        /// One choice point of a schedule: which choice was taken (0 is ordinary manual mode's), of
        /// how many offered.
        fileprivate struct Choice: Hashable {
            var taken: Int
            var offered: Int
        }

        /// "Item `first` ran before item `then`", items named by ``Identity``: a deviation stated
        /// so that it means the same in every run, wherever it falls.
        fileprivate struct Order: Hashable {
            let first: UInt64
            let then: UInt64
        }

        /// A choice that differs from ordinary manual mode's, kept to explain a failure in words.
        fileprivate struct Deviation {
            let step: Int
            let taken: MockDispatchable.PendingWork
            let instead: MockDispatchable.PendingWork

            /// `offload #2, scheduled at t=0.000s from the test, ran before offload #1`.
            var words: String {
                var text = "\(taken.name), \(taken.origin), ran before \(instead.name)"
                if taken.dueTime > instead.dueTime {
                    text += ", which had been due since t=\(SecondsText.measured(instead.dueTime))"
                }
                return text
            }
        }

        /// How a strategy picks at a choice point: the one seam for a new strategy. Write a type
        /// that conforms, and make ``ExplorationPlan`` hand it out for the schedules it should run.
        fileprivate protocol SchedulePolicy {
            /// Picks among `choices` — ordinary manual mode's choice first — at choice point
            /// `point` (counted from 0 in this run).
            mutating func pick(among choices: [Candidate], at point: Int) -> Int
        }

        /// Ordinary manual mode: always the first choice.
        fileprivate struct FirstChoice: SchedulePolicy {
            func pick(among choices: [Candidate], at point: Int) -> Int { 0 }
        }

        /// Any choice, uniformly.
        fileprivate struct RandomWalk: SchedulePolicy {
            var random: RandomNumbers

            mutating func pick(among choices: [Candidate], at point: Int) -> Int {
                random.next(below: choices.count)
            }
        }

        /// PCT (Burckhardt et al., 2010): every item gets a random priority and the highest runs;
        /// at a few change points the item that would run drops below all others.
        fileprivate struct PriorityPolicy: SchedulePolicy {
            private var random: RandomNumbers
            /// Priorities by sequence number (dense, from 1); 0 while unassigned.
            private var priorities: [UInt64] = []
            /// `depth - 1` change points, drawn with replacement among the first
            /// `expectedChoicePoints`: never more than a run has, whatever the depth.
            private var changePoints: Set<Int> = []
            private var nextLowPriority: UInt64 = 1

            init(depth: Int, expectedChoicePoints: Int, random: RandomNumbers) {
                self.random = random
                priorities.reserveCapacity(64)
                let points = Swift.max(expectedChoicePoints, 1)
                for _ in 0..<Swift.min(Swift.max(depth - 1, 0), points) {
                    changePoints.insert(self.random.next(below: points))
                }
            }

            mutating func pick(among choices: [Candidate], at point: Int) -> Int {
                var best = highestPriority(choices)
                if changePoints.contains(point) {
                    // The change point: the item that would run drops below every other.
                    priorities[choices[best].sequence] = nextLowPriority  // assigned by highestPriority
                    nextLowPriority += 1
                    best = highestPriority(choices)
                }
                return best
            }

            private mutating func highestPriority(_ choices: [Candidate]) -> Int {
                var best = 0
                var bestPriority: UInt64 = 0
                for (index, candidate) in choices.enumerated() {
                    if priorities.count <= candidate.sequence {
                        priorities.append(
                            contentsOf: repeatElement(0, count: candidate.sequence + 1 - priorities.count))
                    }
                    if priorities[candidate.sequence] == 0 {
                        // Initial priorities sit above every lowered one.
                        priorities[candidate.sequence] = random.next() | (1 << 63)
                    }
                    let priority = priorities[candidate.sequence]
                    if priority > bestPriority {
                        best = index
                        bestPriority = priority
                    }
                }
                return best
            }
        }

        /// Ordinary manual mode's choice, unless one of `orders` puts another candidate before it:
        /// how minimisation states a schedule.
        fileprivate struct OrderPolicy: SchedulePolicy {
            let orders: [Order]

            func pick(among choices: [Candidate], at point: Int) -> Int {
                let ordinary = choices[0].identity
                for index in 1..<choices.count
                where orders.contains(Order(first: choices[index].identity, then: ordinary)) {
                    return index
                }
                return 0
            }
        }

        /// One run's choices: a scripted prefix, then a ``SchedulePolicy``'s. It records every
        /// choice it makes (and, for the run a report shows, the deviations in words) and checks a
        /// strict script against what the body offers; it does not decide anything itself.
        fileprivate struct Chooser {
            private let script: [Choice]
            /// Whether a scripted choice point must offer as many choices as when it was recorded.
            private let strict: Bool
            /// Whether to keep the deviations in words: only for the run a failure report shows.
            private let explains: Bool
            private var policy: any SchedulePolicy

            private(set) var made: [Choice] = []
            private(set) var deviations: [Deviation] = []
            /// Every deviation as an order between items named by ``Identity``: what minimisation
            /// drops one at a time.
            private(set) var orders: [Order] = []
            private(set) var mismatch: String?
            private var steps = 0

            init(
                script: [Choice] = [], strict: Bool = false, then policy: any SchedulePolicy = FirstChoice(),
                explains: Bool = false
            ) {
                self.script = script
                self.strict = strict
                self.policy = policy
                self.explains = explains
                made.reserveCapacity(Swift.max(script.count, 32))
            }

            /// Called when the run is over: a strict script whose choice points the body never
            /// reached is a mismatch too (a replayed schedule must be the body's own).
            mutating func finish() {
                guard strict, mismatch == nil, made.count < script.count else { return }
                mismatch =
                    "the schedule has \(script.count) choice point\(script.count == 1 ? "" : "s"), but the body "
                    + "reached only \(made.count). Was it recorded from another body, or does the body depend on "
                    + "randomness, real time or state shared across runs?"
            }

            /// Picks among `choices` (ordinary manual mode's first) and records the pick.
            mutating func choose(
                among choices: [Candidate], describing describe: (Candidate) -> MockDispatchable.PendingWork
            ) -> Int {
                steps += 1
                guard choices.count > 1 else { return 0 }
                let point = made.count
                let index: Int
                if point < script.count {
                    let scripted = script[point]
                    if strict, scripted.offered != choices.count, mismatch == nil {
                        mismatch =
                            "choice point \(point + 1) (step \(steps)) offers \(choices.count) choices, but when the "
                            + "schedule was recorded it offered \(scripted.offered), after the same choices before it. "
                            + "A body must build its objects afresh on every run, and must not depend on randomness, "
                            + "real time or state shared across runs."
                    }
                    index = scripted.taken < choices.count ? scripted.taken : 0
                } else {
                    index = policy.pick(among: choices, at: point)
                }
                made.append(Choice(taken: index, offered: choices.count))
                if index != 0 {
                    orders.append(Order(first: choices[index].identity, then: choices[0].identity))
                    if explains {
                        deviations.append(
                            Deviation(step: steps, taken: describe(choices[index]), instead: describe(choices[0])))
                    }
                }
                return index
            }
        }

        /// A schedule as text: its choice points as `taken/offered`, up to the last one that differs
        /// from ordinary manual mode (`""` is ordinary manual mode itself).
        fileprivate enum ScheduleText {
            static func encode(_ choices: [Choice]) -> String {
                guard let last = choices.lastIndex(where: { $0.taken != 0 }) else { return "" }
                return choices[...last].map { "\($0.taken)/\($0.offered)" }.joined(separator: " ")
            }

            /// The choices of a schedule string, or what is wrong with it: the first bad token, by
            /// position, quoted short.
            static func decode(_ text: String) -> Result<[Choice], ScheduleTextError> {
                var choices: [Choice] = []
                let tokens = text.split(whereSeparator: \.isWhitespace)
                for (position, token) in tokens.enumerated() {
                    let parts = token.split(separator: "/", omittingEmptySubsequences: false)
                    guard parts.count == 2, let taken = Int(parts[0]), let offered = Int(parts[1]),
                        taken >= 0, offered >= 2, taken < offered
                    else {
                        return .failure(
                            ScheduleTextError(
                                description: "token \(position + 1) of \(tokens.count), "
                                    + "\"\(BoundedList.quoted(String(token), limit: 20))\", is not taken/offered with "
                                    + "0 ≤ taken < offered and offered ≥ 2"))
                    }
                    choices.append(Choice(taken: taken, offered: offered))
                }
                return .success(choices)
            }

            struct ScheduleTextError: Error {
                let description: String
            }
        }
    }

    // MARK: - 10. Explorer

    extension MockDispatchable {
        /// Runs one exploration: the body under each schedule, the failure minimised and reported.
        @MainActor
        fileprivate struct Explorer {
            /// What one run of the body chose, and how it ended.
            struct Outcome {
                let choices: [Choice]
                let orders: [Order]
                let deviations: [Deviation]
                let mismatch: String?
                let failure: String?
                let events: TimelineRenderer?

                /// How many choices differ from ordinary manual mode's.
                var deviationCount: Int { choices.reduce(0) { $0 + ($1.taken == 0 ? 0 : 1) } }
            }

            let caller: String
            let fileID: StaticString
            let line: UInt
            let body: @MainActor (MockDispatchable) throws -> Void

            func run(_ chooser: Chooser) -> Outcome {
                let mock = MockDispatchable(mode: .manual)
                mock.install(chooser)
                var failure: String?
                do {
                    try body(mock)
                } catch let error as MockDispatchableError {
                    failure = "\(error.kind): \(error.message)"
                } catch {
                    failure = String(describing: error)
                }
                // A mock kept after its run is an ordinary manual-mode mock from now on.
                var recorded = mock.uninstallChooser() ?? chooser
                recorded.finish()
                let failed = failure != nil || recorded.mismatch != nil
                return Outcome(
                    choices: recorded.made, orders: recorded.orders, deviations: recorded.deviations,
                    mismatch: recorded.mismatch,
                    failure: failure, events: failed ? mock.events : nil)
            }

            func explore(schedules: Int, seed: UInt64, strategy: MockDispatchable.ExplorationStrategy) throws
                -> MockDispatchable.ExplorationReport
            {
                try check(Rules.scheduleCount(schedules, named: "schedules"))
                try check(Rules.strategy(strategy))
                var plan = ExplorationPlan(strategy, seed: seed)
                var seen = Set<UInt64>()
                // Every schedule, depth-first, one step each time the strategy repeats a schedule:
                // when it is done, every distinct schedule has run and exploration stops.
                var depthFirst = DepthFirst()
                var repeated = false
                var longest = 1
                var number = 0
                while number < schedules {
                    number += 1
                    let chooser: Chooser
                    let isDepthFirst = repeated && depthFirst.next != nil
                    if isDepthFirst, let script = depthFirst.next {
                        chooser = Chooser(script: script, strict: true)
                    } else {
                        chooser = plan.chooser(for: number, longestRun: longest)
                    }
                    let outcome = run(chooser)
                    if isDepthFirst, let mismatch = outcome.mismatch { throw nondeterministic(mismatch, outcome) }
                    plan.learn(from: outcome.choices, number: number)
                    repeated = !seen.insert(Self.fingerprint(outcome.choices)).inserted
                    longest = Swift.max(longest, outcome.choices.count)
                    if outcome.failure != nil { throw try failure(minimise(outcome), number: number, found: outcome) }
                    depthFirst.learn(from: outcome.choices, ranItsScript: isDepthFirst)
                    if depthFirst.isDone {
                        return .init(schedulesRun: number, distinctSchedules: seen.count, isExhaustive: true)
                    }
                }
                return .init(schedulesRun: number, distinctSchedules: seen.count, isExhaustive: false)
            }

            func exploreAll(limit: Int) throws -> MockDispatchable.ExplorationReport {
                try check(Rules.scheduleCount(limit, named: "limit"))
                var script: [Choice] = []
                var number = 0
                while number < limit {
                    number += 1
                    let outcome = run(Chooser(script: script, strict: true))
                    if let mismatch = outcome.mismatch { throw nondeterministic(mismatch, outcome) }
                    if outcome.failure != nil { throw try failure(minimise(outcome), number: number, found: outcome) }
                    guard let next = DepthFirst.successor(of: outcome.choices) else {
                        return .init(schedulesRun: number, distinctSchedules: number, isExhaustive: true)
                    }
                    script = next
                }
                return .init(schedulesRun: number, distinctSchedules: number, isExhaustive: false)
            }

            func replay(_ text: String) throws -> MockDispatchable.ExplorationReport {
                let script: [Choice]
                switch ScheduleText.decode(text) {
                case .success(let choices): script = choices
                case .failure(let problem):
                    try check(
                        "\"\(BoundedList.quoted(text))\" is not a schedule: \(problem.description). Expected choice "
                            + "points as taken/offered separated by spaces, such as \"0/2 1/3\", as a failing "
                            + "exploration prints them.")
                    return .init(schedulesRun: 0, distinctSchedules: 0, isExhaustive: false)
                }
                // The replay is the run the user debugs: it explains itself, and is not run twice.
                let outcome = run(Chooser(script: script, strict: true, explains: true))
                if let mismatch = outcome.mismatch { throw nondeterministic(mismatch, outcome) }
                if outcome.failure != nil { throw report(outcome, number: 1, found: outcome) }
                return .init(schedulesRun: 1, distinctSchedules: 1, isExhaustive: false)
            }

            /// Throws `.invalidArgument` for one of the ``Rules``' answers, with an empty timeline:
            /// nothing has run yet.
            private func check(_ problem: String?) throws {
                guard let problem else { return }
                throw MockDispatchableError(
                    kind: .invalidArgument, message: "\(caller): \(problem)",
                    events: TimelineRenderer(log: EventLog(), mode: .manual, now: 0), fileID: fileID, line: line)
            }

            /// A 64-bit FNV-1a fingerprint of a choice sequence, for counting distinct schedules:
            /// cheaper than hashing the array into a set, and a collision among even a million
            /// schedules has odds of about 1 in 3·10⁷.
            private static func fingerprint(_ choices: [Choice]) -> UInt64 {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for choice in choices {
                    hash = (hash ^ UInt64(truncatingIfNeeded: choice.taken)) &* 0x0000_0100_0000_01b3
                    hash = (hash ^ UInt64(truncatingIfNeeded: choice.offered)) &* 0x0000_0100_0000_01b3
                }
                return hash ^ UInt64(truncatingIfNeeded: choices.count)
            }

            /// A failing schedule with the fewest deviations from ordinary manual mode this can find.
            ///
            /// 1. Drops deviations one at a time while the body still fails. Each is stated as an
            ///    ``Order`` between items named by ``Identity`` and re-resolved in every run, so
            ///    dropping one does not shift what the later ones mean (dropping a positional choice
            ///    would: choice indices after it name other items).
            /// 2. Searches upward from ordinary manual mode: every schedule with one deviation, then
            ///    every one with two, within ``searchBudget`` runs, for one with fewer deviations.
            ///    What it finds is the true minimum, and the same whichever schedule failed first.
            private func minimise(_ failing: Outcome) -> Outcome {
                var best = failing
                var runs = 0
                var shrunk = true
                while shrunk, best.deviationCount > 1, runs < Self.droppingBudget {
                    shrunk = false
                    for index in best.orders.indices.reversed() {
                        var orders = best.orders
                        orders.remove(at: index)
                        let candidate = run(Chooser(then: OrderPolicy(orders: orders)))
                        runs += 1
                        if candidate.failure != nil, candidate.deviationCount < best.deviationCount {
                            best = candidate
                            shrunk = true
                            break
                        }
                        if runs >= Self.droppingBudget { break }
                    }
                }
                guard best.deviationCount > 1 else { return best }
                var budget = Self.searchBudget
                let ordinary = run(Chooser())
                if ordinary.failure != nil { return ordinary }
                // One deviation.
                var single = SingleDeviations(from: ordinary.choices)
                while budget > 0, let script = single.next() {
                    budget -= 1
                    let candidate = run(Chooser(script: script))
                    if candidate.failure != nil { return candidate }
                }
                guard best.deviationCount > 2 else { return best }
                // Two: a second deviation after the first, in each one-deviation schedule's run.
                single = SingleDeviations(from: ordinary.choices)
                while budget > 0, let first = single.next() {
                    budget -= 1
                    let run1 = run(Chooser(script: first)).choices
                    var second = SingleDeviations(from: run1, after: first.count)
                    while budget > 0, let script = second.next() {
                        budget -= 1
                        let candidate = run(Chooser(script: script))
                        if candidate.failure != nil { return candidate }
                    }
                }
                return best
            }

            /// The most runs spent dropping deviations from one failure.
            private static let droppingBudget = 500
            /// The most runs spent searching upward for a failure with fewer deviations.
            private static let searchBudget = 20_000

            /// The error for a failing schedule, once its failure recurs: runs it again, keeping its
            /// deviations in words (plain runs skip that work). A failure that does not recur — the
            /// minimised schedule's, nor the one found — is not reported as a schedule at all.
            private func failure(_ failing: Outcome, number: Int, found: Outcome) throws -> MockDispatchableError {
                for candidate in [failing, found] {
                    let again = run(Chooser(script: candidate.choices, strict: true, explains: true))
                    if again.failure != nil, again.mismatch == nil, again.choices == candidate.choices {
                        return report(again, number: number, found: found)
                    }
                    if candidate.choices == found.choices { break }
                }
                return MockDispatchableError(
                    kind: .nondeterministicBody,
                    message: "\(caller): schedule \(number) failed once, but the failure is not reproducible: run "
                        + "again with the same choices, the body passed. The body is not deterministic (randomness, "
                        + "real time, a cold cache or state shared across runs?), so no schedule would replay it.\n"
                        + "  The body threw: \(BoundedList.quoted(found.failure ?? "", limit: 2_000))",
                    events: found.events, fileID: fileID, line: line)
            }

            private func report(_ outcome: Outcome, number: Int, found: Outcome) -> MockDispatchableError {
                let schedule = ScheduleText.encode(outcome.choices)
                var message = "\(caller): schedule \(number) failed.\n  The body threw: \(outcome.failure ?? "")\n"
                message +=
                    "  Schedule: \"\(schedule)\"; run it again with MockDispatchable.replay(\"\(schedule)\") { mock in … }\n"
                let count = outcome.deviations.count
                if count == 0 {
                    message += "  It is ordinary manual mode: the body fails without any change of order."
                } else {
                    message += "  It differs from ordinary manual mode in \(count) choice\(count == 1 ? "" : "s")"
                    if found.deviationCount > count { message += " (minimised from \(found.deviationCount))" }
                    message +=
                        ":\n"
                        + BoundedList.lines(
                            outcome.deviations.prefix(BoundedList.shown).map { "    - step \($0.step): \($0.words)" },
                            total: count, indent: "    ")
                }
                return MockDispatchableError(
                    kind: .scheduleFailed, message: message, events: outcome.events, fileID: fileID, line: line,
                    schedule: schedule)
            }

            private func nondeterministic(_ mismatch: String, _ outcome: Outcome) -> MockDispatchableError {
                MockDispatchableError(
                    kind: .nondeterministicBody, message: "\(caller): the body is not deterministic: \(mismatch)",
                    events: outcome.events, fileID: fileID, line: line)
            }
        }

        /// Which schedule each run of `explore` takes, per strategy. A new strategy is a
        /// ``SchedulePolicy`` and a line here.
        ///
        /// `.mixed` runs ordinary manual mode first, then alternates between the one-deviation
        /// sweep and, in turn, a random walk and PCT of depths 2 and 3.
        fileprivate struct ExplorationPlan {
            private let strategy: MockDispatchable.ExplorationStrategy
            private var random: RandomNumbers
            private var sweep: SingleDeviations?

            init(_ strategy: MockDispatchable.ExplorationStrategy, seed: UInt64) {
                self.strategy = strategy
                random = RandomNumbers(seed: seed)
            }

            /// The chooser for schedule `number` (from 1); `longestRun` counts choice points.
            mutating func chooser(for number: Int, longestRun: Int) -> Chooser {
                switch strategy {
                case .randomWalk:
                    return Chooser(then: RandomWalk(random: random.split()))
                case .pct(let depth):
                    return Chooser(then: pct(depth, longestRun))
                case .mixed:
                    if number == 1 { return Chooser() }
                    if number.isMultiple(of: 2), let script = sweep?.next() { return Chooser(script: script) }
                    switch (number / 2) % 3 {
                    case 0: return Chooser(then: RandomWalk(random: random.split()))
                    case 1: return Chooser(then: pct(2, longestRun))
                    default: return Chooser(then: pct(3, longestRun))
                    }
                }
            }

            /// What schedule `number` chose: `.mixed` sweeps the deviations of the first, ordinary run.
            mutating func learn(from choices: [Choice], number: Int) {
                if strategy == .mixed, number == 1 { sweep = SingleDeviations(from: choices) }
            }

            private mutating func pct(_ depth: Int, _ longestRun: Int) -> PriorityPolicy {
                PriorityPolicy(depth: depth, expectedChoicePoints: longestRun, random: random.split())
            }
        }

        /// Every schedule that deviates from ordinary manual mode at exactly one choice point, made
        /// one at a time from the ordinary run's choices: memory of one run, however long.
        fileprivate struct SingleDeviations {
            private let ordinary: [Choice]
            private var point: Int
            private var taken = 1

            /// The schedules that follow `ordinary` and deviate once, at a choice point from `start` on.
            init(from ordinary: [Choice], after start: Int = 0) {
                self.ordinary = ordinary
                point = start
            }

            mutating func next() -> [Choice]? {
                while point < ordinary.count, taken >= ordinary[point].offered {
                    point += 1
                    taken = 1
                }
                guard point < ordinary.count else { return nil }
                defer { taken += 1 }
                return Array(ordinary[..<point]) + [Choice(taken: taken, offered: ordinary[point].offered)]
            }
        }

        /// Depth-first order over every schedule, as ``exploreAll`` runs it; `explore` follows it
        /// too, a step at a time, to know when it has run every schedule.
        fileprivate struct DepthFirst {
            /// The next script to run; nil when every schedule has run, or before the first.
            private(set) var next: [Choice]? = []
            private(set) var isDone = false

            /// Learns from a run: the depth-first run itself, or ordinary manual mode (the first
            /// depth-first schedule) whichever strategy ran it.
            mutating func learn(from choices: [Choice], ranItsScript: Bool) {
                guard !isDone, ranItsScript || (next?.isEmpty == true && choices.allSatisfy { $0.taken == 0 })
                else { return }
                next = Self.successor(of: choices)
                isDone = next == nil
            }

            /// The next schedule depth-first: the last choice point that has a further choice takes
            /// it; nil when every schedule has run.
            static func successor(of choices: [Choice]) -> [Choice]? {
                var next = choices
                while let last = next.last, last.taken + 1 >= last.offered { next.removeLast() }
                guard !next.isEmpty else { return nil }
                next[next.count - 1].taken += 1
                return next
            }
        }
    }

    // MARK: - 11. Timeline

    extension MockDispatchable {
        /// Draws the event log as lanes: test, main, offload, after. Queuing and cancelling show in
        /// the lane of the thread that did it.
        fileprivate struct TimelineRenderer: Sendable {
            let log: EventLog
            let mode: MockDispatchable.Mode
            let now: Int64

            private static let lanes = ["test", "main", "offload", "after"]
            private static let width = 25

            private static func lane(_ thread: DispatchThread?) -> Int {
                switch thread {
                case nil: return 0
                case .main?: return 1
                case .offload?: return 2
                case .after?: return 3
                }
            }

            func render(limit: Int) -> String {
                let manual = mode == .manual
                let count = log.count
                var header = "MockDispatchable timeline — \(manual ? "manual" : "immediate") mode"
                if manual { header += ", now t=\(SecondsText.measured(Nanoseconds.seconds(now)))" }
                header += ", \(count) event\(count == 1 ? "" : "s")"
                var lines = [header]
                let first = Swift.max(0, count - limit)
                if first > 0 { lines.append("  … \(first) earlier events not shown") }
                lines.append(
                    pad(manual ? "t" : "#", 9, left: true) + " ┆ "
                        + Self.lanes.map { pad($0, Self.width) }.joined(separator: " ┆ "))
                var depth = [0, 0, 0, 0]
                var open: [Int] = []  // lanes of the entered threads, innermost last
                for (index, event) in log.entries.enumerated() {
                    let laneIndex: Int
                    let text: String
                    switch event.kind {
                    case .enter:
                        laneIndex = Self.lane(event.thread)
                        let number = log.number(of: event)
                        if case .after? = event.thread {
                            text = "┌ \(event.thread.map { "\($0)" } ?? "")\(number)"
                        } else {
                            text = number.isEmpty ? "┌ enter" : "┌" + number
                        }
                    case .exit:
                        laneIndex = Self.lane(event.thread)
                        depth[laneIndex] = Swift.max(0, depth[laneIndex] - 1)
                        if let index = open.lastIndex(of: laneIndex) { open.remove(at: index) }
                        text = "└ exit"
                    case .mark:
                        laneIndex = Self.lane(event.thread)
                        text = "◆ " + (log.label(of: event) ?? "")
                    case .schedule:
                        laneIndex = open.last ?? 0
                        text = "+ queued \(event.thread.map { "\($0)" } ?? "")\(log.number(of: event))"
                    case .cancel:
                        laneIndex = open.last ?? 0
                        text = "× cancelled \(event.thread.map { "\($0)" } ?? "")\(log.number(of: event))"
                    case .wake:
                        laneIndex = 0
                        text = "⏰ woke \(event.thread.map { "\($0)" } ?? "")\(log.number(of: event))"
                    }
                    if index >= first {
                        let cells = (0..<4).map { lane -> String in
                            let bars = String(repeating: "│ ", count: depth[lane])
                            return pad(lane == laneIndex ? bars + text : bars, Self.width)
                        }
                        let stamp = manual ? SecondsText.measured(Nanoseconds.seconds(event.time)) : String(index + 1)
                        lines.append(pad(stamp, 9, left: true) + " ┆ " + cells.joined(separator: " ┆ "))
                    }
                    if event.kind == .enter {
                        depth[laneIndex] += 1
                        open.append(laneIndex)
                    }
                }
                return lines.joined(separator: "\n")
            }

            private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
                let count = text.count
                if count > width { return String(text.prefix(width - 1)) + "…" }
                let padding = String(repeating: " ", count: width - count)
                return left ? padding + text : text + padding
            }
        }
    }

    // MARK: - 12. Helpers

    extension MockDispatchable {
        /// A binary min-heap of queued work in (due time, scheduling order): O(log n) insertion and
        /// removal of the first item. It sifts 24-byte keys while the work waits in slots, so large
        /// queues stay cache-friendly. Removing any other item (cancelling, or exploration taking it)
        /// frees its slot at once and leaves its key behind, recognised as stale by its sequence
        /// number and dropped when it reaches the top, or all at once when stale keys outnumber
        /// live ones.
        fileprivate struct WorkHeap {
            private struct Key {
                let due: Int64
                let sequence: Int
                let slot: Int

                @inline(__always)
                func precedes(_ other: Key) -> Bool {
                    Scheduler.runsBefore(due, sequence, other.due, other.sequence)
                }
            }

            /// Whether this heap is the offload lane.
            let isOffloadLane: Bool

            init(isOffloadLane: Bool) { self.isOffloadLane = isOffloadLane }

            private var keys: [Key] = []
            private var slots: [Work?] = []
            /// The sequence number of the work in each slot, or -1: tells live keys from stale
            /// ones without touching the work (and its closure).
            private var sequences: [Int] = []
            /// Whether the work in each slot was sent by offload work: such main-lane work may be
            /// overtaken by a later timer under exploration (its sender may have been slow).
            private var sentByOffload: [Bool] = []
            /// The identity of the work in each slot, for candidates.
            private var identities: [UInt64] = []
            private var freeSlots: [Int] = []
            /// Items queued (stale keys not counted).
            private(set) var count = 0

            /// Adds `work`; returns the slot it waits in.
            mutating func insert(_ work: Work) -> Int {
                var work = work
                let fromOffload = work.scheduledFrom == .offload
                if let free = freeSlots.popLast() {
                    work.slot = free
                    slots[free] = work
                    sequences[free] = work.sequence
                    sentByOffload[free] = fromOffload
                    identities[free] = work.identity
                } else {
                    work.slot = slots.count
                    slots.append(work)
                    sequences.append(work.sequence)
                    sentByOffload.append(fromOffload)
                    identities.append(work.identity)
                }
                count += 1
                keys.append(Key(due: work.due, sequence: work.sequence, slot: work.slot))
                var child = keys.count - 1
                while child > 0 {
                    let parent = (child - 1) / 2
                    guard keys[child].precedes(keys[parent]) else { break }
                    keys.swapAt(child, parent)
                    child = parent
                }
                return work.slot
            }

            /// The work in `slot`, if it is still the item with `sequence`.
            func work(inSlot slot: Int, sequence: Int) -> Work? {
                guard sequences.indices.contains(slot), sequences[slot] == sequence else { return nil }
                return slots[slot]
            }

            /// Removes the item with `sequence` from `slot`; nil if it is no longer queued.
            @discardableResult
            mutating func remove(slot: Int, sequence: Int) -> Work? {
                guard let work = work(inSlot: slot, sequence: sequence) else { return nil }
                slots[slot] = nil
                sequences[slot] = -1
                freeSlots.append(slot)
                count -= 1
                // Stale keys far from the top (work cancelled long before it is due, or never
                // due) would otherwise pile up: drop them once they outnumber the live ones.
                if keys.count > 64, keys.count > 2 * count { dropStaleKeys() }
                return work
            }

            /// The first item, dropping stale keys on the way.
            mutating func first() -> Work? {
                guard let key = firstKey() else { return nil }
                return slots[key.slot]
            }

            /// The first item as a candidate, without copying its work.
            mutating func firstCandidate() -> Candidate? {
                firstKey().map { candidate($0) }
            }

            /// Every queued item due by `time`, as candidates, in no particular order; returns the
            /// earliest due time after `time` (``Nanoseconds/never`` if none).
            @discardableResult
            func appendCandidates(dueBy time: Int64, to candidates: inout [Candidate]) -> Int64 {
                var next = Nanoseconds.never
                for key in keys where isLive(key) {
                    if key.due <= time {
                        candidates.append(candidate(key))
                    } else if key.due < next {
                        next = key.due
                    }
                }
                return next
            }

            /// Every queued item due exactly at `time`, as candidates.
            func appendCandidates(dueAt time: Int64, to candidates: inout [Candidate]) {
                for key in keys where key.due == time && isLive(key) { candidates.append(candidate(key)) }
            }

            /// The first item due after `time` (a timer), and whether every item due by `time` was
            /// sent by offload work.
            func timerAfter(_ time: Int64) -> (timer: Candidate?, dueItemsAreFromOffload: Bool) {
                var timer: Key?
                var fromOffload = true
                for key in keys where isLive(key) {
                    if key.due <= time {
                        if !sentByOffload[key.slot] { fromOffload = false }
                    } else if key.due != Nanoseconds.never, timer.map({ key.precedes($0) }) ?? true {
                        timer = key
                    }
                }
                return (timer.map { candidate($0) }, fromOffload)
            }

            /// Every queued item, in no particular order.
            var all: [Work] { keys.compactMap { isLive($0) ? slots[$0.slot] : nil } }

            @inline(__always)
            private func isLive(_ key: Key) -> Bool { sequences[key.slot] == key.sequence }

            private func candidate(_ key: Key) -> Candidate {
                Candidate(
                    due: key.due, sequence: key.sequence, slot: key.slot, isOffload: isOffloadLane,
                    identity: identities[key.slot])
            }

            private mutating func firstKey() -> Key? {
                while let top = keys.first {
                    if isLive(top) { return top }
                    dropTopKey()
                }
                return nil
            }

            /// Keeps only live keys; a sorted array is a valid heap.
            private mutating func dropStaleKeys() {
                keys = keys.filter { isLive($0) }.sorted { $0.precedes($1) }
            }

            private mutating func dropTopKey() {
                keys.swapAt(0, keys.count - 1)
                keys.removeLast()
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    let right = left + 1
                    var smallest = parent
                    if left < keys.count, keys[left].precedes(keys[smallest]) { smallest = left }
                    if right < keys.count, keys[right].precedes(keys[smallest]) { smallest = right }
                    guard smallest != parent else { return }
                    keys.swapAt(parent, smallest)
                    parent = smallest
                }
            }
        }

        /// Virtual time in whole nanoseconds, like `DispatchTime`, so that sums of decimal delays land
        /// where a reader expects: `after(0.1 + 0.2)` is due at `advance(by: 0.3)`.
        fileprivate enum Nanoseconds {
            /// The due time of work that never runs.
            static let never = Int64.max

            /// A delay as the time from now until the work is due, to the nearest nanosecond:
            /// negative is zero; NaN, `.infinity` and `GCD.neverDelay` or more are never (nil). The
            /// rule `GCD` follows; `MirroredRulesTests` pins the two together.
            static func delay(_ seconds: TimeInterval) -> Int64? {
                if seconds.isNaN || seconds >= GCD.neverDelay { return nil }
                if seconds <= 0 { return 0 }
                return Int64((seconds * 1e9).rounded())
            }

            /// The latest virtual time: the clock never passes it, so that `now` plus any delay that
            /// is not never-due (under `GCD.neverDelay`) still fits below ``never`` — about 260
            /// years. Were the clock to saturate instead, every later timer would be due at once.
            static let end = never - Int64(GCD.neverDelay * 1e9) - 1

            /// The time `advance(by: seconds)` moves `now` to; nil unless `seconds` is finite, not
            /// negative, and lands no later than ``end``.
            static func advancing(_ now: Int64, by seconds: TimeInterval) -> Int64? {
                guard seconds.isFinite, seconds >= 0 else { return nil }
                let nanoseconds = (seconds * 1e9).rounded()
                guard nanoseconds == 0 || nanoseconds <= Double(end - now) else { return nil }
                return Swift.min(now + Int64(nanoseconds), end)
            }

            /// `time + amount`, saturating below ``never``.
            static func adding(_ amount: Int64, to time: Int64) -> Int64 {
                let (sum, overflow) = time.addingReportingOverflow(amount)
                return overflow || sum >= never ? never - 1 : sum
            }

            static func seconds(_ nanoseconds: Int64) -> TimeInterval {
                nanoseconds == never ? .infinity : Double(nanoseconds) / 1e9
            }

            /// A delay as the recorder shows it, to the nanosecond: `after(1 - 0.7 + 0.01)` records
            /// `.after(0.31)`.
            static func recordedDelay(_ seconds: TimeInterval) -> TimeInterval {
                guard seconds.isFinite, abs(seconds) < GCD.neverDelay else { return seconds }
                return (seconds * 1e9).rounded() / 1e9
            }
        }

        /// Names a queued item the same way in every run of an explored body, whatever ran before
        /// it: by its sender (the item whose block queued it, or the test) and its place among the
        /// sender's items — "the 2nd item queued by the 1st item the test queued". Sequence numbers
        /// cannot do that: they follow the order of the run. Minimisation states deviations as
        /// "item X ran before item Y" in these terms, so dropping one deviation does not change
        /// what the others mean.
        fileprivate enum Identity {
            static func child(of parent: UInt64, number: UInt64) -> UInt64 {
                var z = parent &* 0x9E37_79B9_7F4A_7C15 &+ number &+ 0x632B_E59B_D9B4_E019
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }

        /// The one place arguments are checked. Each rule answers what is wrong with a value, in a
        /// sentence that names the argument, or nil; ``Core/check(_:fileID:line:)`` and the
        /// explorer turn an answer into an `.invalidArgument` error.
        fileprivate enum Rules {
            /// Real-time timeouts: zero or more seconds, `.infinity` for ever. The library's
            /// `Poller` keeps the same rule for `waitUntil` (a copied mock cannot call it);
            /// `MirroredRulesTests` pins the two together.
            static func timeout(_ timeout: TimeInterval) -> String? {
                timeout.isNaN || timeout < 0
                    ? "timeout must be zero or more seconds (.infinity waits for ever), not \(timeout)." : nil
            }

            /// `maxSteps`: zero or more; a negative limit is a mistake, not runaway work. (Limits
            /// above ``MockDispatchable/largestStepLimit`` count as it: see ``stepBudget(_:)``.)
            static func stepLimit(_ maxSteps: Int) -> String? {
                maxSteps < 0 ? "maxSteps must be zero or more, not \(maxSteps)." : nil
            }

            /// How many items a stepping call runs at most: `maxSteps`, clamped to
            /// ``MockDispatchable/largestStepLimit`` so that `maxSteps: .max` on work that
            /// reschedules itself forever still ends, in seconds, with an error.
            static func stepBudget(_ maxSteps: Int) -> Int {
                Swift.min(Swift.max(maxSteps, 0), MockDispatchable.largestStepLimit)
            }

            /// How many queued items to wait for: zero or more.
            static func itemCount(_ count: Int) -> String? {
                count < 0 ? "count must be zero or more, not \(count)." : nil
            }

            /// `schedules:` and `limit:`: one or more. Zero or fewer would run nothing and pass
            /// whatever the body does.
            static func scheduleCount(_ count: Int, named name: String) -> String? {
                count < 1
                    ? "\(name) must be 1 or more, not \(count): exploring no schedule would pass any body, failing ones too."
                    : nil
            }

            static func strategy(_ strategy: MockDispatchable.ExplorationStrategy) -> String? {
                guard case .pct(let depth) = strategy, depth < 1 else { return nil }
                return "pct(depth:) needs a depth of 1 or more (the number of ordering constraints a bug needs), "
                    + "not \(depth)."
            }
        }

        /// Keeps messages short however much there is to list: the first ``shown`` lines, then a count.
        fileprivate enum BoundedList {
            static let shown = 20

            static func lines(_ first: [String], total: Int, indent: String) -> String {
                var lines = Array(first.prefix(shown))
                if total > lines.count { lines.append("\(indent)… and \(total - lines.count) more") }
                return lines.joined(separator: "\n")
            }

            /// `text`, or its first `limit` characters and an ellipsis.
            static func quoted(_ text: String, limit: Int = 60) -> String {
                text.count <= limit ? text : String(text.prefix(limit)) + "…"
            }
        }

        /// Seconds as text: `0.300s`, `inf`, `nan`. The library's `SecondsText.measured` rule,
        /// copied because a copied mock can use only the public API; `MirroredRulesTests` pins
        /// the two together.
        fileprivate enum SecondsText {
            static func measured(_ seconds: Double) -> String {
                if seconds.isFinite { return String(format: "%.3fs", seconds) }
                return seconds.isNaN ? "nan" : seconds < 0 ? "-inf" : "inf"
            }
        }

        /// SplitMix64: small, fast, and the same numbers for the same seed on every platform.
        fileprivate struct RandomNumbers {
            private var state: UInt64

            init(seed: UInt64) { state = seed }

            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }

            /// A number in `0..<bound`.
            mutating func next(below bound: Int) -> Int {
                Int(next() % UInt64(bound))
            }

            /// An independent generator, for one run.
            mutating func split() -> RandomNumbers { RandomNumbers(seed: next()) }
        }
    }

#endif
