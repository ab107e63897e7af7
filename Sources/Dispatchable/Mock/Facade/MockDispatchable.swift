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

        /// The mock's lock and state (``Core``), without a retain at each lock (see
        /// ``Locked/Unretained``); `coreStorage` keeps them.
        // joined: private
        let core: Core.Unretained

        /// The mock's lock and state; shared with a manual-mode mock that joins its run.
        // joined: private
        let coreStorage: Core

        /// Creates a mock.
        ///
        /// - Parameter mode: ``Mode/immediate`` (the default) runs work at once;
        ///   ``Mode/manual`` queues it until the test runs it.
        init(mode: Mode = .immediate) {
            self.mode = mode
            // Under DispatchableTesting, a manual-mode mock made during a run joins the run.
            if mode == .manual, let run = Self.runToJoin {
                coreStorage = run.coreStorage
            } else {
                coreStorage = Core(State(mode: mode))
            }
            core = coreStorage.unretained
            recorder = Recorder(core: coreStorage)
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
    }

#endif
