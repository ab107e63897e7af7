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

    // MARK: - Async run

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// One run of an `async` body: starts the body's task and runs the jobs of its run, one
        /// step at a time through the mock's scheduler (and so through the explorer's run record),
        /// until the body's task is done. Used on one thread, the one that drives the run.
        // joined: fileprivate
        nonisolated final class AsyncRun: Sendable {
            let mock: MockDispatchable
            let capture: any RunCapture
            let inbox: TaskInbox
            let watch: RunWatch
            let fileID: StaticString
            let line: UInt
            /// Where the body task's jobs left queued at the end go (see ``LeftoverJobs``); nil: dropped.
            private let leftovers: LeftoverJobs?
            /// The CPU clock of the thread that runs the run's steps now (noted at each slice), which
            /// tells the watchdog a step that spins from one that is blocked.
            private let drivingClock = Locked<ThreadCPUClock?>(nil)
            /// Whether the run's steps run on the main queue now (see ``drive(_:mayUseMainQueue:)``).
            private let onMainQueueNow = Locked(false)

            init(
                mock: MockDispatchable, capture: any RunCapture, watch: RunWatch,
                leftovers: LeftoverJobs?, fileID: StaticString, line: UInt
            ) {
                self.leftovers = leftovers
                self.mock = mock
                self.capture = capture
                inbox = TaskInbox(
                    mock: mock, executor: capture.preferredExecutor, sleepReadings: watch.sleepReadings,
                    takesMainActorLookups: capture.takesMainActorLookups, mayUseMainQueue: capture.capturesMainActor,
                    recognisesUnseenSleeps: capture.recognisesUnseenSleeps)
                self.watch = watch
                self.fileID = fileID
                self.line = line
            }

            /// ``drive(_:mayUseMainQueue:)`` with the global-enqueue hook ours before and after the run
            /// (#33, C). swift-concurrency-extras' `withMainSerialExecutor` writes its own hook over
            /// ours and leaves it installed when its scope ends: the run's `Task {}`s then become
            /// main-actor work, and the awaiting task a run is started from (`RunSpawner`) can no
            /// longer run while a run holds the main queue — every later exploration hung. A hook
            /// left by other code is put back before the run; one the body installed is put back
            /// after it, and the run is refused with ``MockDispatchableError/Kind/unsupported``.
            func driveKeepingGlobalHook(
                _ start: (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void, mayUseMainQueue: Bool
            ) throws {
                GlobalHook.reinstate()
                let replacements = GlobalHook.replacements
                var failure: (any Error)?
                do {
                    try drive(start, mayUseMainQueue: mayUseMainQueue)
                } catch {
                    failure = error
                }
                // The replaced hook first: what the run did after it (a hop to the main actor, say)
                // followed from it. Replaced while the run ran, even when an exploration starting
                // beside it has put ours back since: the verdict must not hang on which came first.
                let isReplaced = GlobalHook.reinstate()
                guard isReplaced || GlobalHook.replacements != replacements else {
                    if let failure { throw failure }
                    return
                }
                throw mock.error(
                    .unsupported,
                    "the run (or code running beside it in this process) replaced the runtime's "
                        + "swift_task_enqueueGlobal_hook, which the explorer "
                        + "captures unstructured tasks through (swift-concurrency-extras' withMainSerialExecutor "
                        + "and uncheckedUseMainSerialExecutor do: every task then runs on the main actor, one at "
                        + "a time, in the order it was enqueued). The explorer put its hook back. Explore the "
                        + "code without withMainSerialExecutor: exploration runs its tasks in the orders real "
                        + "concurrency allows, of which withMainSerialExecutor picks one.",
                    fileID: fileID, line: line)
            }

            /// Runs the body's task, which `start` starts (preferring the run's executor, and calling
            /// the function it is given with what the body did), to its end; rethrows what it threw.
            /// Returns early, passing, once the watchdog gave the exploration up (see ``RunWatch``).
            ///
            /// The run's steps run on the calling thread until one picks work that needs the main
            /// actor. Then, where `mayUseMainQueue` (the capture runs main-actor jobs on the thread
            /// that drives the run: the executor factory's, the public one's main-executor hook), that
            /// step and every later one run on the main queue, in slices of ``Limits/mainQueueSlice``;
            /// when nothing of the run can run, it waits for work from outside off the main queue, so
            /// that a stuck run — a deadlock, waited for up to ``Limits/firstArrivalGrace`` and then for
            /// the real queues (``Limits/realQueuesGrace``) — never holds the main queue and starves
            /// the process's other main-actor work (a minimised deadlock held it for many such waits in
            /// a row). Which thread runs a job depends only on the schedule, so a schedule replays
            /// alike; a run that never needs the main actor never waits for the main queue (two
            /// thread switches a run, a third of a short run's time).
            func drive(
                _ start: (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void, mayUseMainQueue: Bool
            ) throws {
                guard watch.watch(self) else { return }
                Capture.register(mock: mock, inbox)
                Capture.register(inbox)
                // The body's task may be made on another thread (see `RunSpawner`): its first job
                // is the run's all the same, claimed through the inbox that thread drives meanwhile.
                start { [inbox] outcome in inbox.bodyEnds(outcome) }
                defer {
                    inbox.close()
                    watch.unwatch()
                    // A run given up (a deadlock, a step limit) left its tasks' jobs queued.
                    if let leftovers { leftovers.keep(mock.takeTasks()) }
                }
                var steps = 0
                defer { watch.count(steps: steps) }
                /// Where the current window of steps ends, and the tasks seen when it began (see
                /// ``Limits/newTasksPerStepWindow``).
                var stepWindowEnds = MockDispatchable.defaultStepLimit
                var tasksSeenBeforeWindow = 0
                var onMainQueue = false
                /// A step's work, picked off the main queue, that needs it (see ``RunStep``).
                var pending: Work?

                /// How a slice of steps ended.
                enum Slice { case over, idle, paused, needsMainQueue }
                /// Runs steps while it can: `.over` once the body is done (or the run closed), `.idle`
                /// when nothing can run, `.paused` after ``Limits/mainQueueSlice`` on the main queue,
                /// which then runs what else is queued on it — other tests' main-actor work, or work
                /// the run waits for from there (a foreign hook's tasks) — before the run goes on;
                /// `.needsMainQueue` when a step picked work that needs it (now `pending`).
                func runSteps() throws -> Slice {
                    let began = ContinuousClock.now
                    var sliceSteps = 0
                    if let work = pending.take() {
                        step(running: work)
                        steps += 1
                        sliceSteps += 1
                    }
                    let isOnMainQueue = DispatchThread.isOnMainQueue
                    while let outcome = try step(
                        onMainQueue: isOnMainQueue, mayMoveToMainQueue: mayUseMainQueue && !onMainQueue,
                        onlyIfGoingOn: true)
                    {
                        switch outcome {
                        case .ran: break
                        case .nothing: return .idle
                        case .needsMainQueue(let work):
                            pending = work
                            return .needsMainQueue
                        }
                        steps += 1
                        sliceSteps += 1
                        if steps >= stepWindowEnds {
                            let seen = inbox.tasksSeen
                            guard seen - tasksSeenBeforeWindow >= Limits.newTasksPerStepWindow,
                                steps < Limits.largestSteps
                            else { throw runaway(steps) }
                            tasksSeenBeforeWindow = seen
                            stepWindowEnds = min(steps + MockDispatchable.defaultStepLimit, Limits.largestSteps)
                        }
                        if onMainQueue, sliceSteps % 64 == 0, began.duration(to: .now) > .seconds(Limits.mainQueueSlice)
                        {
                            return .paused
                        }
                    }
                    return .over
                }
                var slice = Slice.over
                var resumedWaiter = false
                while true {
                    try driving(onMainQueue: onMainQueue) {
                        slice = try runSteps()
                        // Idle: a task waiting for that (`waitUntilIdle()`) goes on.
                        resumedWaiter = slice == .idle && inbox.resumeIdleWaiter()
                    }
                    if slice == .over { break }
                    if slice == .needsMainQueue {
                        // From now on, to the end of the run.
                        onMainQueue = true
                        onMainQueueNow.withLock { $0 = true }
                        continue
                    }
                    if resumedWaiter || slice == .paused { continue }
                    // Nothing can run: work resumed from outside the run may still arrive — at once from
                    // a real thread, later from a busy queue (an actor on its own executor, say).
                    let isFirstWait = watch.isFirstStuckRun()
                    if inbox.waitForArrival(seconds: isFirstWait ? Limits.firstArrivalGrace : Limits.arrivalGrace) {
                        continue
                    }
                    // The first stuck run decides how later ones are reported: on a busy machine it
                    // waits, besides, for the real queues to catch up with what is queued on them.
                    if isFirstWait, inbox.waitForRealQueues(seconds: Limits.realQueuesGrace) { continue }
                    // Stuck where an earlier run had work come back from outside: the same cause, late.
                    if let earlier = watch.earlierEscape { throw escape(earlier) }
                    guard !capture.tellsDeadlockFromSleep else { throw refusingABlockedWait(deadlock()) }
                    // Without the main-executor hook, a hop to the main actor comes back (if it does)
                    // once the main queue has run it.
                    if !capture.capturesMainActor, inbox.waitForMainQueue(seconds: Limits.mainQueueGrace) { continue }
                    throw stuck()
                }
                if inbox.isClosed { return }  // the watchdog gave the run up
                // A sleep the capture cannot see began, or work it refuses came back (a wake-up on real
                // time): the run stops here, so that its body does not go on in an order that is neither
                // the schedule's nor virtual time's; its queued jobs go on outside it, on the real
                // executors, where that sleep wakes too — nothing queued is lost, and a test function
                // that awaits them returns.
                let escaped = inbox.escaped
                if inbox.unseenSleep != nil || escaped.map({ capture.refusal(for: $0) != nil }) == true {
                    release(stealers: inbox.close())
                } else {
                    try driving(onMainQueue: onMainQueue) { pending = drain(onMainQueue: onMainQueue) }
                    if let work = pending {
                        try driving(onMainQueue: true) { _ = drain(onMainQueue: true, startingWith: work) }
                    }
                }
                if let sleeper = inbox.unseenSleep {
                    throw mock.error(
                        .unsupported, PublicCapture.unseenSleepRefusal(sleeper), fileID: fileID, line: line)
                }
                if let escaped = escaped ?? inbox.escaped {
                    watch.noteEscape(escaped)
                    throw escape(escaped)
                }
                if case .failure(let error) = inbox.bodyResult {
                    throw watch.blockedWait == nil ? offMainQueue(error) : refusingABlockedWait(error)
                }
            }

            /// Notes that the calling thread runs the run's steps from now on (see ``drivingClock``).
            private func noteDrivingThread() {
                let clock = ThreadCPUClock.ofCallingThread()
                drivingClock.withLock { $0 = clock }
            }

            /// Runs `work` as a slice of the run on the thread that drives it now — the main queue when
            /// `onMainQueue` (waiting for it), else here — with the jobs enqueued meanwhile the run's.
            private func driving(onMainQueue: Bool, _ work: () throws -> Void) throws {
                func slice() throws {
                    try claimingJobs {
                        noteDrivingThread()
                        try work()
                    }
                }
                if onMainQueue { try MainQueueTurn.sync(slice) } else { try slice() }
            }

            /// Runs `body` — which makes the body's task, perhaps on a thread other than the driving
            /// one — with the jobs enqueued on this thread meanwhile claimed as the run's.
            func claimingJobs<Value>(_ body: () throws -> Value) rethrows -> Value {
                try inbox.claimingJobs(body)
            }

            /// Runs what the run left, in ordinary manual-mode order (outside the schedule), from
            /// `work` if given, then drops the tasks' jobs still queued (or keeps the body task's, see
            /// ``LeftoverJobs``). Off the main queue, it stops at work that needs it, and returns that
            /// work, for the caller to go on draining there.
            private func drain(onMainQueue: Bool, startingWith work: Work? = nil) -> Work? {
                let runRecord = mock.uninstallRunRecord()
                defer { if let runRecord { mock.install(runRecord) } }
                var drained = 0
                if let work {
                    step(running: work)
                    drained += 1
                }
                let isOnMainQueue = DispatchThread.isOnMainQueue
                while drained < Limits.asyncRunDrainSteps, !inbox.isClosed {
                    let next = try? step(
                        onMainQueue: isOnMainQueue, mayMoveToMainQueue: capture.capturesMainActor && !onMainQueue)
                    guard case .ran = next else {
                        if case .needsMainQueue(let work) = next { return work }
                        break
                    }
                    drained += 1
                }
                let left = mock.takeTasks()
                leftovers?.keep(left)
                return nil
            }

            /// Runs one step of the run, under the watchdog's eye; `onlyIfGoingOn`, only if the run goes
            /// on (see ``TaskInbox/stepBegins(onlyIfGoingOn:)``): nil if it does not. `onMainQueue`:
            /// the calling thread runs on the main queue, read once for a run of steps: it does not
            /// change between them (docs/performance.md, "Copies read once").
            private func step(onMainQueue: Bool, mayMoveToMainQueue: Bool, onlyIfGoingOn: Bool = false) throws
                -> RunStep?
            {
                // Read once, at every step (docs/performance.md, "Copies read once").
                let inbox = inbox
                guard inbox.stepBegins(onlyIfGoingOn: onlyIfGoingOn) else { return nil }
                defer { inbox.stepEnds() }
                return try mock.runStepOfRun(
                    onMainQueue: onMainQueue, mayMoveToMainQueue: mayMoveToMainQueue, fileID: fileID, line: line)
            }

            /// Runs, as a step of the run, `work`, which a step picked off the main queue: here, on it.
            private func step(running work: Work) {
                inbox.stepBegins()
                defer { inbox.stepEnds() }
                mock.runStepOfRun(work)
            }

            /// The step running now, if any: its number, when it began, and what it runs.
            var runningStep: (number: Int, began: ContinuousClock.Instant, job: String, task: String)? {
                inbox.runningStep
            }

            /// The CPU time the thread that drives the run has used so far; nil if it cannot be read
            /// (see ``ThreadCPUClock``).
            var drivingCPUTime: Duration? { drivingClock.withLock { $0 }?.used }

            /// Whether the run's steps run on the main queue now.
            var isDrivenOnMainQueue: Bool { onMainQueueNow.withLock { $0 } }

            /// Gives the run up, from the watchdog's thread, while step `step`, running `blocked`, keeps
            /// the driving thread: closes the run (its tasks' jobs go to the real executors from now
            /// on), calls `answer` with the error for the exploration's caller, hands the jobs the run
            /// has queued to the real executors, in manual-mode order, which frees the thread when what
            /// it waits for is one of them, and hands `cancelling` the cancellation of the step's task,
            /// which ends a loop that checks for cancellation: the task's cancellation handlers run on
            /// the thread that calls it, and one may block. `busy`: how long the driving thread was on
            /// the CPU of how long the watchdog saw the step run; nil where that cannot be measured.
            func abandon(
                caller: ExplorationPlan.Caller, step: Int, blocked: String, task blockedTask: String,
                busy: (cpu: Duration, of: Duration)?, answering answer: (MockDispatchableError) -> Void,
                cancelling: (_ cancel: @escaping @Sendable () -> Void) -> Void
            ) {
                // Taken before the run closes: from then on the task's next hop leaves the step for
                // the real executors, where it goes on spinning until cancelled.
                let task = inbox.retainedTask(ofStep: step)
                let choices = mock.choicesSoFar
                let stealers = inbox.close()
                let released = mock.takeTasks()
                answer(
                    stuckStepError(
                        caller: caller, job: blocked, task: blockedTask, busy: busy, cancels: task != nil,
                        choices: choices, released: released.count))
                release(released, stealers: stealers)
                // Last, and on the thread `cancelling` chooses: the task's cancellation handlers may block.
                // The retained task crosses to it as its address.
                if let task {
                    let address = UInt(bitPattern: task)
                    cancelling {
                        guard let task = UnsafeMutableRawPointer(bitPattern: address) else { return }
                        RunningTask.cancel(task)
                        RunningTask.release(task)
                    }
                }
            }

            /// Hands `jobs` (by default, the tasks' jobs the run has queued) to the real executors, in
            /// manual-mode order, and then the `stealers` held for its actors' jobs, on the global one.
            private func release(_ jobs: [TaskJob]? = nil, stealers: [UnownedJob]) {
                for job in jobs ?? mock.takeTasks() { job.runOnRealExecutor() }
                for stealer in stealers { globalConcurrentExecutor.enqueue(ExecutorJob(stealer)) }
            }
        }
    }

#endif
