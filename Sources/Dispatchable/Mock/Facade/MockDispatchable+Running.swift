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

    // MARK: - Running work

    nonisolated extension MockDispatchable {
        // MARK: Running work

        @inline(__always)
        // joined: private
        func perform(_ thread: DispatchThread, sequence: Int = -1, identity: UInt64 = 0, _ body: () -> Void) {
            let driver = Driver.current
            let hooks = core.withLock { $0.enter(thread, sequence: sequence, identity: identity, driver: driver) }
            runEntered(body, in: thread, hooks: hooks, driver: driver)
        }

        /// Immediate mode's dispatch: runs `body` nested inside the caller, unless the caller is
        /// already ``nestingLimit`` logical threads deep — then it returns false and the work is
        /// queued instead. Work that dispatches itself again (a poller, a hook that dispatches)
        /// would otherwise recurse until the stack overflows and the test process dies.
        @inline(__always)
        // joined: private
        func performImmediately(_ thread: DispatchThread, _ body: () -> Void) -> Bool {
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
        // joined: private
        static func callOnMainQueue(_ work: @escaping @MainActor @Sendable () -> Void) {
            unsafeBitCast(work, to: (@Sendable () -> Void).self)()
        }

        // joined: private
        func execute(_ work: Work) {
            // Picked off the main queue by a stepping call in a job of an async run driven there,
            // which may use the main queue (see `OpenRun.reachesMainQueue`): it runs there.
            if work.needsMainActor, !DispatchThread.isOnMainQueue, let run = core.withLock({ $0.openRun }),
                run.reachesMainQueue
            {
                return run.runOnMainQueue { executeHere(work) }
            }
            executeHere(work)
        }

        // joined: private
        func executeHere(_ work: Work) {
            switch work.job {
            case .offload(let body): perform(work.thread, sequence: work.sequence, identity: work.identity, body)
            case .main(let body):
                perform(work.thread, sequence: work.sequence, identity: work.identity) { Self.callOnMainQueue(body) }
            case .wake(let resume):
                core.withLock { $0.record(.wake, thread: work.thread, sequence: work.sequence) }
                resume()
            case .task(let job): perform(work.thread, sequence: work.sequence, identity: work.identity) { job.run() }
            }
        }

        /// The one admission rule — run now, or queue? Immediate mode runs work at once, nested in
        /// the caller, unless its delay is never due or it needs the main actor and the caller is
        /// not on the main queue (then it warns once); ``performImmediately(_:_:)`` also queues
        /// work past ``nestingLimit``. Manual mode queues everything.
        @inline(__always)
        // joined: private
        func runsAtOnce(needingMainActor: Bool, after delay: TimeInterval) -> Bool {
            guard mode == .immediate, delay == 0 || Nanoseconds.delay(delay) != nil else { return false }
            if needingMainActor, !DispatchThread.isOnMainQueue {
                warnOnce(.mainActorRequired)
                return false
            }
            return true
        }

        @discardableResult
        // joined: private
        func enqueue(_ job: Job, on thread: DispatchThread, after delay: TimeInterval) -> Handle {
            queue(block: job.isTask ? nil : thread) { $0.enqueue(job, on: thread, after: delay, driver: $1) }
        }

        /// Queues an item with `enqueue` (given the state and the calling driver) under the lock,
        /// then, the lock let go: resumes the suspensions it satisfied; runs it when the mock's work
        /// is released (``releaseQueuedWork()``); and tells the async run the mock is open in, if
        /// any, of a `block` queued (not a task's job).
        @inline(__always)
        // joined: private
        func queue(
            block thread: DispatchThread?, _ enqueue: (inout State, Int) -> (Handle, [Resumption])
        ) -> Handle {
            let driver = Driver.current
            let (handle, ready, isReleased, openRun) = core.withLock { state in
                let (handle, ready) = enqueue(&state, driver)
                return (handle, ready, state.isReleased, state.openRun)
            }
            // Index loops on the per-item paths, not `for … in` (docs/performance.md, "Index loops").
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

        // joined: private
        func cancellable(_ handle: Handle) -> DelayedWork {
            DelayedWork { [weak coreStorage] in coreStorage?.withLock { $0.cancel(handle) } }
        }

        /// Dequeues the next item `kind` allows, due by `limit`; nil when there is none. Swift tasks'
        /// jobs only for the async explorer's own steps (`includingTasks`).
        private func dequeueNext(
            _ kind: WorkKind, until limit: Int64, includingTasks: Bool = false, onMainQueue: Bool? = nil,
            fileID: StaticString, line: UInt
        ) throws -> Work? {
            let isOnMainQueue = onMainQueue ?? DispatchThread.isOnMainQueue
            var pause: (nanoseconds: Int64, run: (any OpenRun)?)?
            switch core.withLock({ state in
                // A stepping call in a job of an async run driven off the main queue may pick main-actor
                // work when the run can reach the main queue: `execute` runs it there. Read under the
                // lock the dequeue takes anyway (`reachesMainQueue` takes no lock).
                let onMainQueue = isOnMainQueue || (onMainQueue == nil && state.openRun?.reachesMainQueue == true)
                let next = state.dequeueNext(
                    kind, until: limit, onMainQueue: onMainQueue, includingTasks: includingTasks)
                if state.pause > 0 {
                    pause = (state.pause, state.openRun)
                    state.pause = 0
                }
                return next
            }) {
            case .work(let work):
                if let pause { Self.wait(pause.nanoseconds, in: pause.run) }
                return work
            case .nothing: return nil
            case .needsMainActor:
                throw error(.mainActorRequired, MockDispatchable.mainActorAdvice, fileID: fileID, line: line)
            case .nondeterministic(let message):
                throw error(.nondeterministicBody, message, fileID: fileID, line: line)
            }
        }

        /// Waits `nanoseconds` of real time before a paced run's work runs (see
        /// ``RunRecord/pacesRealTime``): through `run`, the async run it is a step of, if any.
        private static func wait(_ nanoseconds: Int64, in run: (any OpenRun)?) {
            if let run {
                run.pause(nanoseconds: nanoseconds)
            } else {
                Thread.sleep(forTimeInterval: Nanoseconds.seconds(nanoseconds))
            }
        }

        /// Dequeues the next item `kind` allows, whenever it is due, or says what is queued instead.
        // joined: private
        func dequeueOrExplain(_ kind: WorkKind, fileID: StaticString, line: UInt) throws -> Work {
            guard let work = try dequeueNext(kind, until: Nanoseconds.never, fileID: fileID, line: line) else {
                throw error(.noPendingWork, core.withLock { $0.nothingToRun(kind) }, fileID: fileID, line: line)
            }
            return work
        }

        /// What a step of an async run did.
        // joined: fileprivate
        nonisolated enum RunStep {
            /// It ran the next item.
            case ran
            /// Nothing can run.
            case nothing
            /// It picked an item that needs the main actor, off the main queue, and did not run it:
            /// the caller runs it there (``runStepOfRun(_:)``), and the run's later steps with it.
            case needsMainQueue(Work)
        }

        /// The async explorer's step: runs the next item — the run record's pick under exploration, Swift
        /// tasks' jobs included — moving virtual time to it.
        ///
        /// `onMainQueue`: the caller runs on the main queue (``DispatchThread/isOnMainQueue``, which
        /// the caller reads once for all its steps). `mayMoveToMainQueue`: the run may move to the
        /// main queue (its capture runs main-actor jobs on the thread that drives the run), so an
        /// item that needs the main actor, picked off it, is handed back instead of refused with
        /// ``MockDispatchableError/Kind/mainActorRequired``.
        // joined: fileprivate
        func runStepOfRun(onMainQueue: Bool, mayMoveToMainQueue: Bool, fileID: StaticString, line: UInt) throws
            -> RunStep
        {
            guard
                let work = try dequeueNext(
                    .any, until: Nanoseconds.never, includingTasks: true,
                    onMainQueue: onMainQueue || mayMoveToMainQueue,
                    fileID: fileID, line: line)
            else { return .nothing }
            if work.needsMainActor, !onMainQueue { return .needsMainQueue(work) }
            executeHere(work)
            return .ran
        }

        /// Runs `work`, which ``runStepOfRun(onMainQueue:mayMoveToMainQueue:fileID:line:)`` picked and handed back,
        /// on the main queue.
        // joined: fileprivate
        func runStepOfRun(_ work: Work) {
            executeHere(work)
        }

        /// Queues a Swift task's job that an async exploration captured: a main-actor job in the
        /// main-thread lane, any other as concurrent work.
        // joined: fileprivate
        func enqueue(_ job: TaskJob, after delay: TimeInterval) {
            var thread = DispatchThread.offload
            if job.isMainActor { thread = delay > 0 ? .after(Nanoseconds.recordedDelay(delay)) : .main }
            _ = queue(block: nil) { $0.enqueue(task: job, on: thread, after: delay, driver: $1) }
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
            core.withLock { $0.runRecord?.made ?? [] }
        }

        // joined: private
        func runOne(_ kind: WorkKind, fileID: StaticString, line: UInt) throws {
            execute(try dequeueOrExplain(kind, fileID: fileID, line: line))
        }

        // joined: private
        func runAll(
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

        // joined: private
        func advance(to target: Int64, maxSteps: Int, caller: String, fileID: StaticString, line: UInt) throws {
            try runAll(.any, until: target, maxSteps: maxSteps, caller: caller, fileID: fileID, line: line)
            core.withLock { $0.queue.moveClock(to: target) }
        }

        /// The virtual time `advance(by: seconds)` moves to, or the error for a bad amount.
        // joined: private
        func advanceTarget(_ seconds: TimeInterval, fileID: StaticString, line: UInt) throws -> Int64 {
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
