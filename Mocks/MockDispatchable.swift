// MockDispatchable.swift — the test double for `Dispatchable`.
//
// This one file is the single source of truth, and it reaches your tests two ways:
//
// 1. `@testable import Dispatchable` in debug builds. The module compiles this file (through a
//    symlink) with `DISPATCHABLE_LIBRARY` defined, so everything below is `internal` and exists
//    only under `#if DEBUG`: a release build of your app contains no trace of it.
// 2. Copied into a test target next to `import Dispatchable`. Without `DISPATCHABLE_LIBRARY` it
//    imports the module and uses only its public API, so it compiles there unchanged.

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
    /// Use manual mode to test it. `after(d)` runs at once too, recorded as `.after(d)`.
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
    /// `offload` work is due at once; `after(d)` is due at ``now`` + max(d, 0); `.infinity` and
    /// `.nan` delays are never due. Items run in order of due time, then scheduling order.
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
    /// The `async` stepping calls such as ``runNextMain(timeout:fileID:line:)`` hop to the main
    /// actor themselves, so they work from every context.
    ///
    /// Hooks and work may dispatch more work. No internal lock is held while your code runs, and
    /// several threads may drive one mock at once without losing an event.
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

        private let storage: Storage

        /// Creates a mock.
        ///
        /// - Parameter mode: ``Mode/immediate`` (the default) runs work at once;
        ///   ``Mode/manual`` queues it until the test runs it.
        init(mode: Mode = .immediate) {
            self.mode = mode
            storage = Storage(mode: mode)
            recorder = Recorder(storage: storage)
        }

        /// Called when the mock enters a logical thread, before the work runs, on the thread that
        /// drives the mock. Inside it, `recorder.threadStack.last == thread`.
        ///
        /// A plain closure: it may capture and mutate test locals.
        var didEnterThread: ((DispatchThread) -> Void)? {
            get { storage.withLock { $0.didEnterThread } }
            set { storage.withLock { $0.didEnterThread = newValue } }
        }

        /// Called when the mock is about to leave a logical thread, after the work ran. Exit
        /// hooks of nested work fire innermost first.
        var didExitThread: ((DispatchThread) -> Void)? {
            get { storage.withLock { $0.didExitThread } }
            set { storage.withLock { $0.didExitThread = newValue } }
        }

        /// Virtual time, in seconds since the mock was made. Moves only in manual mode, when the
        /// test runs delayed work or advances.
        var now: TimeInterval { storage.withLock { $0.now } }

        /// Adds a checkpoint to the timeline, on the logical thread that is current.
        ///
        /// ```swift
        /// mock.mark("request sent")
        /// ```
        func mark(_ label: String) {
            storage.withLock { $0.record(.mark, thread: $0.stack.last?.thread, label: label) }
        }

        // MARK: Dispatchable

        func offload(_ work: @escaping @Sendable () -> Void) {
            if mode == .immediate {
                perform(.offload, work)
            } else {
                enqueue(.offload, delay: 0, .offload(work))
            }
        }

        func main(_ work: @escaping @MainActor @Sendable () -> Void) {
            if mode == .immediate, DispatchThread.isOnMainQueue {
                perform(.main) { Self.callOnMainQueue(work) }
            } else {
                enqueue(.main, delay: 0, .main(work))
            }
        }

        @discardableResult
        func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
            if mode == .immediate, !Self.isNeverDue(delay), DispatchThread.isOnMainQueue {
                perform(.after(delay)) { Self.callOnMainQueue(work) }
                return DelayedWork()
            }
            let handle = enqueue(.after(delay), delay: delay, .main(work))
            return DelayedWork { [weak storage] in if let handle { storage?.cancel(handle) } }
        }

        func performOffloaded<Value: Sendable, Failure: Error>(
            _ work: @escaping @Sendable () throws(Failure) -> Value
        ) async throws(Failure) -> Value {
            let result: Result<Value, Failure>
            if mode == .immediate {
                var immediate: Result<Value, Failure>?
                perform(.offload) { immediate = Result { () throws(Failure) in try work() } }
                result = immediate!
            } else {
                result = await withCheckedContinuation { continuation in
                    enqueue(
                        .offload, delay: 0,
                        .offload { continuation.resume(returning: Result { () throws(Failure) in try work() }) })
                }
            }
            return try result.get()
        }

        func performOnMain<Value: Sendable, Failure: Error>(
            _ work: @escaping @MainActor @Sendable () throws(Failure) -> Value
        ) async throws(Failure) -> Value {
            let result: Result<Value, Failure>
            if mode == .immediate {
                // Awaiting callers may hop: run on the main actor from any context.
                result = await MainActor.run {
                    var immediate: Result<Value, Failure>?
                    perform(.main) { immediate = Result { () throws(Failure) in try work() } }
                    return immediate!
                }
            } else {
                result = await withCheckedContinuation { continuation in
                    enqueue(
                        .main, delay: 0,
                        .main { continuation.resume(returning: Result { () throws(Failure) in try work() }) })
                }
            }
            return try result.get()
        }

        /// Immediate mode returns at once. Manual mode suspends until the test advances virtual
        /// time past the deadline; the wake-up needs no main actor and shows in the timeline.
        func sleep(for delay: TimeInterval) async throws {
            try Task.checkCancellation()
            if mode == .immediate, !Self.isNeverDue(delay) {
                storage.withLock { $0.record(.wake, thread: .after(delay)) }
                return
            }
            let storage = self.storage
            let sleeper = storage.withLock { $0.newSleeper() }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    guard let ready = storage.withLock({ $0.suspend(sleeper, continuation, delay: delay) }) else {
                        return continuation.resume(throwing: CancellationError())
                    }
                    for wakeup in ready { wakeup.fire() }
                }
            } onCancel: {
                storage.withLock { $0.cancelSleeper(sleeper) }?.resume(throwing: CancellationError())
            }
        }

        // MARK: Stepping

        /// Runs the next queued item of any kind, in order of due time then scheduling order,
        /// moving ``now`` forward to its due time.
        ///
        /// - Throws: ``MockDispatchableError`` when nothing runnable is queued, or the item is
        ///   main-actor work and the caller is not on the main queue (the item stays queued).
        func runNext(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try step(.any, limit: .infinity, fileID: fileID, line: line)
        }

        /// Runs the oldest queued `offload` work.
        ///
        /// - Throws: ``MockDispatchableError`` when no offload work is queued.
        func runNextOffload(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try step(.offload, limit: .infinity, fileID: fileID, line: line)
        }

        /// Runs the next queued main-thread work (`main`, or `after` in due-time order), moving
        /// ``now`` forward to its due time.
        ///
        /// - Throws: ``MockDispatchableError`` when no main-thread work is queued, or the caller
        ///   is not on the main queue (the item stays queued).
        func runNextMain(fileID: StaticString = #fileID, line: UInt = #line) throws {
            try step(.main, limit: .infinity, fileID: fileID, line: line)
        }

        /// Moves virtual time forward by `seconds`, running every item due by then — including
        /// items scheduled while it runs — each at its own due time, and leaves ``now`` at the
        /// target. Runs at most ``defaultStepLimit`` items; see ``advance(by:maxSteps:fileID:line:)``.
        ///
        /// - Throws: ``MockDispatchableError`` for a negative, NaN or infinite amount (nothing
        ///   runs), for work that needs the main actor off the main queue, and past the step
        ///   limit. Unrun work stays queued.
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
            guard seconds.isFinite, seconds >= 0 else {
                throw storage.error(
                    .invalidAdvance,
                    "advance(by: \(seconds)) needs a finite, non-negative number of seconds. Nothing ran; "
                        + "now is still \(storage.withLock { Storage.seconds($0.now) }).",
                    fileID: fileID, line: line)
            }
            let target = storage.withLock { $0.now + seconds }
            try runLoop(
                limit: target, maxSteps: maxSteps, caller: "advance(by: \(seconds))", fileID: fileID, line: line)
            storage.withLock { $0.now = Swift.max($0.now, target) }
        }

        /// Runs everything queued, advancing virtual time as needed, until nothing runnable is
        /// left. Work with an infinite or NaN delay is never due and stays queued.
        ///
        /// - Parameter maxSteps: How many items it may run before it decides the work reschedules
        ///   itself forever and throws. Defaults to ``defaultStepLimit``.
        func runUntilIdle(maxSteps: Int = defaultStepLimit, fileID: StaticString = #fileID, line: UInt = #line) throws {
            try runLoop(limit: .infinity, maxSteps: maxSteps, caller: "runUntilIdle()", fileID: fileID, line: line)
        }

        /// Throws if any work is still queued, listing each item.
        func assertNoPendingWork(fileID: StaticString = #fileID, line: UInt = #line) throws {
            let pending = pendingWork
            guard !pending.isEmpty else { return }
            let list = pending.map { "  - \($0)" }.joined(separator: "\n")
            throw storage.error(
                .pendingWork, "\(pending.count) item\(pending.count == 1 ? " is" : "s are") still queued:\n\(list)",
                fileID: fileID, line: line)
        }

        /// The work still queued, in the order it would run.
        var pendingWork: [PendingWork] { storage.withLock { $0.pendingWork() } }

        /// The order queued work runs in: due time, then scheduling order. Spelled out rather than
        /// as a tuple comparison, which measured 5–10 % slower in the heap's sift.
        @inline(__always)
        fileprivate static func runsBefore(
            _ due: TimeInterval, _ sequence: Int, _ otherDue: TimeInterval, _ otherSequence: Int
        ) -> Bool {
            due < otherDue || (due == otherDue && sequence < otherSequence)
        }

        /// Whether work after `delay` is never due: `.infinity` and `.nan`, as with `GCD`.
        fileprivate static func isNeverDue(_ delay: TimeInterval) -> Bool {
            delay.isNaN || delay == .infinity
        }

        /// How many items ``advance(by:maxSteps:fileID:line:)`` and
        /// ``runUntilIdle(maxSteps:fileID:line:)`` run before deciding that work reschedules
        /// itself forever: 100,000.
        static let defaultStepLimit = 100_000

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
        /// - Throws: ``MockDispatchableError`` of kind ``MockDispatchableError/Kind/timedOut``
        ///   when the work is not queued within `timeout` seconds of real time.
        func waitForPendingWork(
            _ kind: WorkKind = .any, count: Int = 1, timeout: TimeInterval = 5,
            fileID: StaticString = #fileID, line: UInt = #line
        ) async throws {
            let waiter = Waiter(kind: kind, count: count)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let satisfied = storage.withLock { state -> Bool in
                    if state.pendingCount(kind) >= count { return true }
                    waiter.continuation = continuation
                    state.waiters.append(waiter)
                    return false
                }
                if satisfied { return continuation.resume() }
                let storage = self.storage
                let nanoseconds = UInt64(Swift.max(0, Swift.min(timeout, 1e9)) * 1e9)
                let timer = Task {
                    try? await Task.sleep(nanoseconds: nanoseconds)
                    guard !Task.isCancelled, let continuation = storage.removeWaiter(waiter) else { return }
                    continuation.resume(
                        throwing: storage.error(
                            .timedOut,
                            "waited \(Storage.seconds(timeout)) for \(count) queued \(kind) item\(count == 1 ? "" : "s"); "
                                + "\(storage.withLock { $0.pendingCount(kind) }) arrived. Is the code under test "
                                + "dispatching through this mock?",
                            fileID: fileID, line: line))
                }
                // Satisfied already? Then nobody will cancel the timer but us.
                let stillWaiting = storage.withLock { state -> Bool in
                    guard state.waiters.contains(where: { $0 === waiter }) else { return false }
                    waiter.timer = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
            }
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

        /// Runs everything queued on the main actor, like ``runUntilIdle(maxSteps:fileID:line:)``.
        /// Use it from nonisolated async tests to run main-actor work that immediate mode had to
        /// keep queued.
        @MainActor
        func runUntilIdleOnMainActor(
            maxSteps: Int = defaultStepLimit, fileID: StaticString = #fileID, line: UInt = #line
        )
            throws
        {
            try runUntilIdle(maxSteps: maxSteps, fileID: fileID, line: line)
        }

        // MARK: Running work

        @inline(__always)
        private func perform(_ thread: DispatchThread, _ body: () -> Void) {
            let (frame, enter, exit) = storage.withLock { state in
                (state.enter(thread), state.didEnterThread, state.didExitThread)
            }
            enter?(thread)
            body()
            exit?(thread)
            storage.withLock { $0.exit(frame) }
        }

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

        private func execute(_ item: Item) {
            switch item.job {
            case .offload(let work): perform(item.thread, work)
            case .main(let work): perform(item.thread) { Self.callOnMainQueue(work) }
            case .wake(let sleeper):
                storage.withLock { $0.wake(sleeper, thread: item.thread) }?.resume()
            }
        }

        /// Queues a job; returns a handle that can cancel it, for main-thread work.
        @discardableResult
        private func enqueue(_ thread: DispatchThread, delay: TimeInterval, _ job: Job) -> Handle? {
            let (handle, ready) = storage.withLock { $0.enqueue(thread, delay: delay, job) }
            for wakeup in ready { wakeup.fire() }
            if mode == .immediate, job.needsMainActor, !Self.isNeverDue(delay) {
                storage.warnMainActorRequiredOnce()
            }
            return handle
        }

        private func step(_ kind: WorkKind, limit: TimeInterval, fileID: StaticString, line: UInt) throws {
            switch storage.takeNext(kind, limit: limit) {
            case .item(let item): execute(item)
            case .nothing:
                throw storage.error(
                    .noPendingWork, storage.withLock { $0.nothingToRun(kind) }, fileID: fileID, line: line)
            case .needsMainActor:
                throw storage.error(.mainActorRequired, Storage.mainActorAdvice, fileID: fileID, line: line)
            }
        }

        private func runLoop(limit: TimeInterval, maxSteps: Int, caller: String, fileID: StaticString, line: UInt)
            throws
        {
            for _ in 0..<Swift.max(maxSteps, 0) {
                switch storage.takeNext(.any, limit: limit) {
                case .item(let item): execute(item)
                case .nothing: return
                case .needsMainActor:
                    throw storage.error(.mainActorRequired, Storage.mainActorAdvice, fileID: fileID, line: line)
                }
            }
            // The budget is spent: only work still due makes that a runaway.
            if storage.withLock({ $0.peek(.any, limit: limit) != nil }) {
                throw storage.error(
                    .stepLimitExceeded,
                    "\(caller) ran \(maxSteps) items and work is still due: it looks like work that reschedules "
                        + "itself forever (a poller that never stops?). Nothing was dropped; pass a larger "
                        + "maxSteps if this is expected.",
                    fileID: fileID, line: line)
            }
        }
    }

    // MARK: - Errors

    /// A misuse of ``MockDispatchable``: thrown, so that the test framework reports it as a
    /// failure, never a crash. Its description explains the problem and ends with the timeline.
    /// Nothing queued is lost when one is thrown.
    struct MockDispatchableError: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        enum Kind: Sendable, Equatable {
            /// A stepping call found nothing it could run.
            case noPendingWork
            /// `advance(by:)` got a negative, NaN or infinite amount.
            case invalidAdvance
            /// `runUntilIdle()` or `advance(by:)` ran its step limit and work was still due.
            case stepLimitExceeded
            /// `assertNoPendingWork()` found queued work.
            case pendingWork
            /// Main-actor work was to run, but the caller is not on the main queue.
            case mainActorRequired
            /// `waitForPendingWork` saw too little work queued before its timeout.
            case timedOut
        }

        /// What went wrong.
        let kind: Kind
        /// The explanation, without the timeline.
        let message: String
        /// The mock's timeline when the error was thrown.
        let timeline: String
        /// Where the failing call was made.
        let fileID: String
        /// Where the failing call was made.
        let line: UInt

        var description: String {
            "MockDispatchable: \(message)\n  (at \(fileID):\(line))\n\n\(timeline)"
        }
    }

    // MARK: - Pending work

    extension MockDispatchable {
        /// Which queued work a call is about.
        enum WorkKind: Sendable, Equatable, CustomStringConvertible {
            /// Work of any kind.
            case any
            /// Work sent with `offload`.
            case offload
            /// Main-thread work: `main` and `after`.
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
        struct PendingWork: Sendable, CustomStringConvertible {
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

            var description: String {
                let what = isSleep ? "sleep(for: \(thread.delayText)) wake-up" : "\(thread) work"
                let due = dueTime.isFinite ? "due at t=\(Storage.seconds(dueTime))" : "never due"
                return "#\(sequence) \(what), \(due), scheduled at t=\(Storage.seconds(scheduledAt)) from "
                    + (scheduledFrom.map { "\($0)" } ?? "the test")
            }
        }

        enum Job {
            case offload(@Sendable () -> Void)
            case main(@MainActor @Sendable () -> Void)
            case wake(sleeper: Int)

            var needsMainActor: Bool {
                if case .main = self { return true }
                return false
            }
        }

        struct Item {
            let sequence: Int
            let due: TimeInterval
            let thread: DispatchThread
            let scheduledAt: TimeInterval
            let scheduledFrom: DispatchThread?
            let job: Job
            var isCancelled = false

            func precedes(_ other: Item) -> Bool {
                MockDispatchable.runsBefore(due, sequence, other.due, other.sequence)
            }

            var pending: PendingWork {
                var isSleep = false
                if case .wake = job { isSleep = true }
                return PendingWork(
                    sequence: sequence, thread: thread, dueTime: due, scheduledAt: scheduledAt,
                    scheduledFrom: scheduledFrom, isSleep: isSleep)
            }
        }

        /// Names one item in the heap of main-thread work, so that it can be cancelled without
        /// an allocation per item: the slot it waits in, and its sequence number, which tells it
        /// apart from a later item reusing the slot.
        struct Handle: Sendable {
            let slot: Int
            let sequence: Int
        }

        /// A test suspended in `waitForPendingWork`.
        fileprivate final class Waiter: @unchecked Sendable {
            // @unchecked: `continuation` and `timer` are only read or written while the owning
            // `Storage`'s lock is held; `kind` and `count` never change.
            let kind: WorkKind
            let count: Int
            var continuation: CheckedContinuation<Void, any Error>?
            var timer: Task<Void, Never>?

            init(kind: WorkKind, count: Int) {
                self.kind = kind
                self.count = count
            }
        }

        /// What resumes a satisfied waiter, taken out of the lock to run after it.
        fileprivate struct Wakeup {
            let continuation: CheckedContinuation<Void, any Error>
            let timer: Task<Void, Never>?

            func fire() {
                timer?.cancel()
                continuation.resume()
            }
        }
    }

    extension DispatchThread {
        fileprivate var delayText: String {
            if case .after(let delay) = self { return "\(delay)" }
            return "0"
        }
    }

    // MARK: - Recorder

    extension MockDispatchable {
        /// What a ``MockDispatchable`` ran, where and when.
        struct Recorder: Sendable {
            fileprivate let storage: Storage

            /// True when the innermost entered thread is `.main` or `.after`, or when no thread
            /// is entered (the test itself runs on the main thread).
            var isMainThread: Bool { storage.withLock { $0.stack.last?.thread.isMain ?? true } }

            /// The logical threads entered right now, innermost last.
            var threadStack: [DispatchThread] { storage.withLock { $0.stack.map(\.thread) } }

            /// Every thread entered so far, in order.
            var enteredThreads: [DispatchThread] {
                storage.withLock { $0.log.compactMap { $0.kind == .enter ? $0.thread : nil } }
            }

            /// Every recorded event, in order.
            var events: [Event] { storage.withLock { $0.events } }

            /// The checkpoint labels passed to `mark(_:)`, in order.
            var marks: [String] {
                storage.withLock { state in
                    state.log.compactMap { $0.kind == .mark ? state.labels[Int($0.label)] : nil }
                }
            }

            /// A picture of what ran where: one lane per thread kind, one row per event, nesting
            /// drawn with `┌ │ └`, checkpoints as `◆`, lanes divided by `┆`. In manual mode each row shows virtual time.
            ///
            /// ```
            /// MockDispatchable timeline — immediate mode, 5 events
            ///         # ┆ test         ┆ main         ┆ offload      ┆ after
            ///         1 ┆              ┆              ┆ ┌ enter      ┆
            ///         2 ┆              ┆ ┌ enter      ┆ │            ┆
            ///         3 ┆              ┆ │ ◆ done     ┆ │            ┆
            ///         4 ┆              ┆ └ exit       ┆ │            ┆
            ///         5 ┆              ┆              ┆ └ exit       ┆
            /// ```
            var timeline: String { storage.timeline() }
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

        /// How the recorder keeps an ``Event``: 24 bytes, the label in a side table.
        struct Entry {
            var time: TimeInterval
            var thread: DispatchThread?
            var kind: Event.Kind
            /// Index into the labels, or -1.
            var label: Int32
        }
    }

    // MARK: - Storage

    extension MockDispatchable {
        fileprivate struct Frame {
            let id: Int
            let thread: DispatchThread
        }

        /// Everything the mock knows, behind one lock. No user code ever runs while it is held.
        fileprivate final class Storage: @unchecked Sendable {
            // @unchecked: `state` is only touched between `pthread_mutex_lock` and
            // `pthread_mutex_unlock` of `mutex`. It lives behind a pointer rather than in a stored
            // `var` because the mutex already makes access exclusive, and the runtime's dynamic
            // exclusivity check on a class's stored property cost a third of every dispatch.
            private let mutex: UnsafeMutablePointer<pthread_mutex_t>
            private let state: UnsafeMutablePointer<State>

            init(mode: Mode) {
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

            /// Cancels the item behind `handle`; true if it was still queued.
            @discardableResult
            func cancel(_ handle: Handle) -> Bool {
                withLock { $0.cancel(handle) }
            }

            func removeWaiter(_ waiter: Waiter) -> CheckedContinuation<Void, any Error>? {
                withLock { state in
                    guard let index = state.waiters.firstIndex(where: { $0 === waiter }) else { return nil }
                    defer { waiter.continuation = nil }
                    return state.waiters.remove(at: index).continuation
                }
            }

            enum Next {
                /// Nothing of the kind is due by the limit.
                case nothing
                /// Taken off the queue; `now` moved to its due time.
                case item(Item)
                /// The next item needs the main actor and the caller is not on the main queue; it
                /// stays queued.
                case needsMainActor
            }

            /// Takes the next runnable item of `kind` due no later than `limit`.
            func takeNext(_ kind: WorkKind, limit: TimeInterval) -> Next {
                let onMainQueue = DispatchThread.isOnMainQueue
                return withLock { state in
                    guard let item = state.peek(kind, limit: limit) else { return .nothing }
                    state.now = Swift.max(state.now, item.due)
                    if item.job.needsMainActor, !onMainQueue { return .needsMainActor }
                    state.remove(item)
                    return .item(item)
                }
            }

            func error(_ kind: MockDispatchableError.Kind, _ message: String, fileID: StaticString, line: UInt)
                -> MockDispatchableError
            {
                MockDispatchableError(
                    kind: kind, message: message, timeline: timeline(limit: 60), fileID: "\(fileID)", line: line)
            }

            func warnMainActorRequiredOnce() {
                let first = withLock { state -> Bool in
                    defer { state.warnedMainActorRequired = true }
                    return !state.warnedMainActorRequired
                }
                if first {
                    FileHandle.standardError.write(Data(("MockDispatchable: " + Self.mainActorAdvice + "\n").utf8))
                }
            }

            static let mainActorAdvice = """
                main-actor work (main or after) is queued, and the caller is not on the main queue \
                (an XCTest async test, a nonisolated Swift Testing test, or a background thread), so the \
                mock cannot run it synchronously without racing the main actor. It stays queued; nothing is \
                lost. Drive the mock from the main actor instead: mark the Swift Testing test or suite \
                @MainActor; in an XCTest async test wrap the code in `await MainActor.run { ... }`; or use \
                `try await mock.runNextMain(timeout:)` / `mock.runUntilIdleOnMainActor()`, which hop there.
                """

            /// Seconds with millisecond precision: `0.300s`.
            static func seconds(_ value: TimeInterval) -> String {
                guard value.isFinite else { return "\(value)" }
                return String(format: "%.3fs", value)
            }

            func timeline(limit: Int = .max) -> String {
                let (entries, labels, mode, now) = withLock { (Array($0.log), $0.labels, $0.mode, $0.now) }
                return TimelineRenderer(entries: entries, labels: labels, mode: mode, now: now).render(limit: limit)
            }
        }

        fileprivate struct State {
            let mode: Mode
            var now: TimeInterval = 0
            /// The recorder's events, compact: labels live in `labels`.
            var log = EventLog()
            var labels: [String] = []
            var stack: [Frame] = []
            var nextFrameID = 0
            var nextSequence = 1
            var offloadQueue = Queue()
            var mainHeap = Heap()
            /// Items in `mainHeap` that are cancelled: skipped when they reach the top.
            var cancelledCount = 0
            var waiters: [Waiter] = []
            var didEnterThread: ((DispatchThread) -> Void)?
            var didExitThread: ((DispatchThread) -> Void)?
            var warnedMainActorRequired = false
            var sleepers: [Int: Sleeper] = [:]
            var nextSleeper = 0

            init(mode: Mode) { self.mode = mode }

            enum Sleeper {
                case created
                case cancelledBeforeSuspending
                case suspended(CheckedContinuation<Void, any Error>, Handle)
            }

            mutating func newSleeper() -> Int {
                nextSleeper += 1
                sleepers[nextSleeper] = .created
                return nextSleeper
            }

            /// Queues the wake-up; nil if the task was cancelled before it suspended.
            mutating func suspend(
                _ sleeper: Int, _ continuation: CheckedContinuation<Void, any Error>, delay: TimeInterval
            )
                -> [Wakeup]?
            {
                guard case .created? = sleepers[sleeper] else {
                    sleepers[sleeper] = nil
                    return nil
                }
                let (handle, ready) = enqueue(.after(delay), delay: delay, .wake(sleeper: sleeper))
                sleepers[sleeper] = handle.map { .suspended(continuation, $0) }
                return ready
            }

            /// The continuation to resume with `CancellationError`, if the sleeper is suspended.
            mutating func cancelSleeper(_ sleeper: Int) -> CheckedContinuation<Void, any Error>? {
                switch sleepers[sleeper] {
                case .created?:
                    sleepers[sleeper] = .cancelledBeforeSuspending
                    return nil
                case .suspended(let continuation, let handle)?:
                    sleepers[sleeper] = nil
                    _ = cancel(handle)
                    return continuation
                case .cancelledBeforeSuspending?, nil:
                    return nil
                }
            }

            /// The continuation to resume because the sleeper's deadline came.
            mutating func wake(_ sleeper: Int, thread: DispatchThread) -> CheckedContinuation<Void, any Error>? {
                guard case .suspended(let continuation, _)? = sleepers.removeValue(forKey: sleeper) else { return nil }
                record(.wake, thread: thread)
                return continuation
            }

            mutating func record(_ kind: Event.Kind, thread: DispatchThread?, label: String? = nil) {
                var labelIndex: Int32 = -1
                if let label {
                    labelIndex = Int32(truncatingIfNeeded: labels.count)
                    labels.append(label)
                }
                log.append(Entry(time: now, thread: thread, kind: kind, label: labelIndex))
            }

            var events: [Event] {
                log.map { entry in
                    Event(
                        time: entry.time, label: entry.label < 0 ? nil : labels[Int(entry.label)],
                        thread: entry.thread, kind: entry.kind)
                }
            }

            mutating func enter(_ thread: DispatchThread) -> Int {
                nextFrameID &+= 1
                stack.append(Frame(id: nextFrameID, thread: thread))
                record(.enter, thread: thread)
                return nextFrameID
            }

            mutating func exit(_ frame: Int) {
                // The innermost frame, unless several threads drive the mock at once.
                let thread: DispatchThread
                if stack.last?.id == frame {
                    thread = stack.removeLast().thread
                } else {
                    thread = stack.remove(at: stack.lastIndex { $0.id == frame } ?? (stack.count - 1)).thread
                }
                record(.exit, thread: thread)
            }

            /// Queues a job; returns its handle (for main-thread work) and the waiters it satisfies.
            mutating func enqueue(_ thread: DispatchThread, delay: TimeInterval, _ job: Job)
                -> (Handle?, [Wakeup])
            {
                let sequence = nextSequence
                nextSequence += 1
                let due = MockDispatchable.isNeverDue(delay) ? .infinity : now + Swift.max(delay, 0)
                let item = Item(
                    sequence: sequence, due: due, thread: thread, scheduledAt: now,
                    scheduledFrom: stack.last?.thread, job: job)
                var handle: Handle?
                if case .offload = job {
                    offloadQueue.append(item)
                } else {
                    handle = Handle(slot: mainHeap.insert(item), sequence: sequence)
                }
                record(.schedule, thread: thread)
                guard !waiters.isEmpty else { return (handle, []) }
                var ready: [Wakeup] = []
                var waiting = waiters
                waiting.removeAll { waiter in
                    guard pendingCount(waiter.kind) >= waiter.count, let continuation = waiter.continuation else {
                        return false
                    }
                    ready.append(Wakeup(continuation: continuation, timer: waiter.timer))
                    waiter.continuation = nil
                    waiter.timer = nil
                    return true
                }
                waiters = waiting
                return (handle, ready)
            }

            mutating func cancel(_ handle: Handle) -> Bool {
                guard let thread = mainHeap.cancel(handle) else { return false }
                cancelledCount += 1
                record(.cancel, thread: thread)
                return true
            }

            func pendingCount(_ kind: WorkKind) -> Int {
                let main = mainHeap.count - cancelledCount
                switch kind {
                case .any: return offloadQueue.count + main
                case .offload: return offloadQueue.count
                case .main: return main
                }
            }

            /// The next item of `kind` due no later than `limit`, skipping cancelled ones.
            mutating func peek(_ kind: WorkKind, limit: TimeInterval) -> Item? {
                while let top = mainHeap.min, top.isCancelled {
                    cancelledCount -= 1
                    _ = mainHeap.popMin()
                }
                var best: Item?
                if kind != .main, let first = offloadQueue.first { best = first }
                if kind != .offload, let top = mainHeap.min, best.map({ top.precedes($0) }) ?? true { best = top }
                guard let best, best.due.isFinite, best.due <= limit else { return nil }
                return best
            }

            mutating func remove(_ item: Item) {
                if case .offload = item.job { _ = offloadQueue.popFirst() } else { _ = mainHeap.popMin() }
            }

            func pendingWork() -> [PendingWork] {
                let timed = mainHeap.unorderedItems.filter { !$0.isCancelled }
                return (offloadQueue.items + timed).sorted { $0.precedes($1) }.map(\.pending)
            }

            func nothingToRun(_ kind: WorkKind) -> String {
                let never = mainHeap.unorderedItems.filter {
                    !$0.due.isFinite && !$0.isCancelled
                }
                var message = "there is no queued \(kind) to run."
                if kind == .offload, pendingCount(.main) > 0 {
                    message += " \(pendingCount(.main)) main-thread item(s) are queued: use runNextMain() or runNext()."
                } else if kind == .main, pendingCount(.offload) > 0 {
                    message +=
                        " \(pendingCount(.offload)) offload item(s) are queued: use runNextOffload() or runNext()."
                }
                if !never.isEmpty {
                    message += " \(never.count) item(s) have an infinite or NaN delay and never run."
                }
                if mode == .immediate {
                    message +=
                        " (The mock is in immediate mode, which runs work at once; "
                        + "use MockDispatchable(mode: .manual) to queue it.)"
                }
                return message
            }
        }
    }

    // MARK: - Event log

    extension MockDispatchable {
        /// The recorder's entries in fixed-size chunks: appending never copies what is already
        /// recorded (a growing array copies everything at each doubling), so recording stays
        /// cheap however long a test runs.
        struct EventLog: Sequence {
            static let chunkSize = 4096

            private var sealed: [[Entry]] = []
            private var current: [Entry] = []

            @inline(__always)
            mutating func append(_ entry: Entry) {
                if current.count == Self.chunkSize {
                    sealed.append(current)
                    current = []
                }
                if current.isEmpty { current.reserveCapacity(Self.chunkSize) }
                current.append(entry)
            }

            func makeIterator() -> FlattenSequence<[[Entry]]>.Iterator {
                (sealed + [current]).joined().makeIterator()
            }
        }
    }

    // MARK: - Queues

    extension MockDispatchable {
        /// First-in, first-out storage for offloaded work: O(1) append and removal.
        struct Queue {
            private var storage: [Item] = []
            private var head = 0

            var count: Int { storage.count - head }
            var first: Item? { head < storage.count ? storage[head] : nil }
            var items: ArraySlice<Item> { storage[head...] }

            mutating func append(_ item: Item) { storage.append(item) }

            mutating func popFirst() -> Item? {
                guard head < storage.count else { return nil }
                let item = storage[head]
                head += 1
                if head > 64, head * 2 > storage.count {
                    storage.removeFirst(head)
                    head = 0
                }
                return item
            }
        }

        /// A binary min-heap of main-thread work, ordered by due time then scheduling order:
        /// O(log n) insertion and removal. It sifts 24-byte keys while the items wait in slots,
        /// so large queues stay cache-friendly, and a slot plus a sequence number lets an item be
        /// cancelled without an allocation per item.
        struct Heap {
            private struct Key {
                let due: TimeInterval
                let sequence: Int
                let slot: Int

                func precedes(_ other: Key) -> Bool {
                    MockDispatchable.runsBefore(due, sequence, other.due, other.sequence)
                }
            }

            private var keys: [Key] = []
            private var slots: [Item?] = []
            private var freeSlots: [Int] = []

            var count: Int { keys.count }
            var min: Item? { keys.first.map { slots[$0.slot]! } }
            var unorderedItems: [Item] { keys.map { slots[$0.slot]! } }

            /// Adds `item`; returns the slot it waits in.
            @discardableResult
            mutating func insert(_ item: Item) -> Int {
                let slot: Int
                if let free = freeSlots.popLast() {
                    slot = free
                    slots[slot] = item
                } else {
                    slot = slots.count
                    slots.append(item)
                }
                keys.append(Key(due: item.due, sequence: item.sequence, slot: slot))
                var child = keys.count - 1
                while child > 0 {
                    let parent = (child - 1) / 2
                    guard keys[child].precedes(keys[parent]) else { break }
                    keys.swapAt(child, parent)
                    child = parent
                }
                return slot
            }

            /// Marks the item `handle` names as cancelled; returns its thread, or nil if it is no
            /// longer queued or was already cancelled.
            mutating func cancel(_ handle: Handle) -> DispatchThread? {
                guard slots.indices.contains(handle.slot), let item = slots[handle.slot],
                    item.sequence == handle.sequence, !item.isCancelled
                else { return nil }
                slots[handle.slot]?.isCancelled = true
                return item.thread
            }

            mutating func popMin() -> Item? {
                guard !keys.isEmpty else { return nil }
                keys.swapAt(0, keys.count - 1)
                let slot = keys.removeLast().slot
                let item = slots[slot]
                slots[slot] = nil
                freeSlots.append(slot)
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    let right = left + 1
                    var smallest = parent
                    if left < keys.count, keys[left].precedes(keys[smallest]) { smallest = left }
                    if right < keys.count, keys[right].precedes(keys[smallest]) { smallest = right }
                    guard smallest != parent else { return item }
                    keys.swapAt(parent, smallest)
                    parent = smallest
                }
            }
        }
    }

    // MARK: - Timeline

    extension MockDispatchable {
        /// Draws the recorder's events as lanes: test, main, offload, after. Queuing and
        /// cancelling show in the lane of the thread that did it.
        fileprivate struct TimelineRenderer {
            let entries: [Entry]
            let labels: [String]
            let mode: Mode
            let now: TimeInterval

            private static let lanes = ["test", "main", "offload", "after"]
            private static let width = 22

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
                var header = "MockDispatchable timeline — \(manual ? "manual" : "immediate") mode"
                if manual { header += ", now t=\(Storage.seconds(now))" }
                header += ", \(entries.count) event\(entries.count == 1 ? "" : "s")"
                var lines = [header]
                let first = Swift.max(0, entries.count - limit)
                if first > 0 { lines.append("  … \(first) earlier events not shown") }
                let stamp = manual ? "t" : "#"
                lines.append(
                    pad(stamp, 9, left: true) + " ┆ " + Self.lanes.map { pad($0, Self.width) }.joined(separator: " ┆ "))
                var depth = [0, 0, 0, 0]
                var open: [Int] = []  // lanes of the entered threads, innermost last
                for (index, event) in entries.enumerated() {
                    let laneIndex: Int
                    let text: String
                    switch event.kind {
                    case .enter:
                        laneIndex = Self.lane(event.thread)
                        text = "┌ " + (event.thread.map { $0 == .main || $0 == .offload ? "enter" : "\($0)" } ?? "")
                    case .exit:
                        laneIndex = Self.lane(event.thread)
                        depth[laneIndex] = Swift.max(0, depth[laneIndex] - 1)
                        if let index = open.lastIndex(of: laneIndex) { open.remove(at: index) }
                        text = "└ exit"
                    case .mark:
                        laneIndex = Self.lane(event.thread)
                        text = "◆ " + (event.label < 0 ? "" : labels[Int(event.label)])
                    case .schedule:
                        laneIndex = open.last ?? 0
                        text = "+ queued \(event.thread.map { "\($0)" } ?? "")"
                    case .cancel:
                        laneIndex = open.last ?? 0
                        text = "× cancelled \(event.thread.map { "\($0)" } ?? "")"
                    case .wake:
                        laneIndex = 0
                        text = "⏰ woke \(event.thread.map { "\($0)" } ?? "")"
                    }
                    if index >= first {
                        let cells = (0..<4).map { lane -> String in
                            let bars = String(repeating: "│ ", count: depth[lane])
                            return pad(lane == laneIndex ? bars + text : bars, Self.width)
                        }
                        let time = manual ? String(format: "%.3f", event.time) : String(index + 1)
                        lines.append(pad(time, 9, left: true) + " ┆ " + cells.joined(separator: " ┆ "))
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

#endif
