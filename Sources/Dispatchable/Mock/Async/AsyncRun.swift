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
            private let mock: MockDispatchable
            private let capture: any RunCapture
            private let inbox: TaskInbox
            private let watch: RunWatch
            private let fileID: StaticString
            private let line: UInt
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

            /// `failure`, or, after a step of the run blocked its thread (a wait that timed out, and
            /// the body went on from there), the refusal that names that wait.
            private func refusingABlockedWait(_ failure: any Error) -> any Error {
                guard let blocked = watch.blockedWait else { return failure }
                return blockedWaitRefusal(blocked, failure: failure)
            }

            /// The refusal of a run that failed after one of its steps blocked its thread, not
            /// computing: the failure may be that wait's own (its timeout), in every schedule, and
            /// says nothing about orders. `failure` is the run's error, or the first issue the test
            /// recorded in it.
            func blockedWaitRefusal(_ blocked: RunWatch.BlockedWait, failure: any Error) -> MockDispatchableError {
                let failed = (failure as? MockDispatchableError)?.message ?? String(describing: failure)
                return mock.error(
                    .unsupported,
                    "\(blocked.job) blocked its thread for at least \(String(format: "%.1f", blocked.seconds)) s "
                        + "without computing, then the run failed (\(failed)). One thread drives a run's jobs, so a "
                        + "job that waits on its thread for other work of the run — XCTest's wait(for:timeout:), a "
                        + "semaphore, DispatchGroup.wait — waits in vain until its timeout, in every schedule: the "
                        + "failure says nothing about orders. Await instead (await fulfillment(of:), a continuation, "
                        + "an AsyncStream), or leave that wait out of the explored test.",
                    fileID: fileID, line: line)
            }

            /// `error`, or a refusal where it is the mock's `.mainActorRequired` under the public
            /// capture: its runs are driven off the main queue (its main-actor jobs are not captured),
            /// so the body's synchronous stepping cannot run the mock's main work in any schedule —
            /// what the platform does not give, not a failing schedule.
            private func offMainQueue(_ error: any Error) -> any Error {
                guard !capture.capturesMainActor, let error = error as? MockDispatchableError,
                    error.kind == .mainActorRequired
                else { return error }
                return mock.error(
                    .unsupported,
                    "the body stepped the mock's main-actor work (main or after) synchronously, and under the "
                        + "public capture a run is driven off the main queue, so that work cannot run in it: "
                        + "\(error.message) Explore such code with the executor-factory capture (Linux, Swift "
                        + "6.3), or keep the body's main-actor work out of the explored part.",
                    fileID: fileID, line: line)
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
            /// the calling thread runs on the main queue, read once for a run of steps (it does not
            /// change between them, and a debug build spends some hundred instructions reading it).
            private func step(onMainQueue: Bool, mayMoveToMainQueue: Bool, onlyIfGoingOn: Bool = false) throws
                -> RunStep?
            {
                // Read once: a debug build retains and releases a class reference (an atomic
                // operation each) at every read of a stored one, and this runs at every step.
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
            /// it waits for is one of them, and cancels the step's task, which ends a loop that checks
            /// for cancellation. `busy`: how long the driving thread was on the CPU of how long the
            /// watchdog saw the step run; nil where that cannot be measured.
            func abandon(
                caller: ExplorationPlan.Caller, step: Int, blocked: String, task blockedTask: String,
                busy: (cpu: Duration, of: Duration)?, answering answer: (MockDispatchableError) -> Void
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
                // Last: its cancellation handlers run on this thread, and one may block.
                if let task {
                    RunningTask.cancel(task)
                    RunningTask.release(task)
                }
            }

            /// Hands `jobs` (by default, the tasks' jobs the run has queued) to the real executors, in
            /// manual-mode order, and then the `stealers` held for its actors' jobs, on the global one.
            private func release(_ jobs: [TaskJob]? = nil, stealers: [UnownedJob]) {
                for job in jobs ?? mock.takeTasks() { job.runOnRealExecutor() }
                for stealer in stealers { globalConcurrentExecutor.enqueue(ExecutorJob(stealer)) }
            }

            /// A step that has not returned for ``Limits/blockedStepGrace``: `.stepLimitExceeded` when
            /// its thread was busy all along (a job that never suspends: the same runaway as a run that
            /// takes ``defaultStepLimit`` steps, in one job), else `.deadlock` (a job that blocked its
            /// thread waiting for work of the run).
            private func stuckStepError(
                caller: ExplorationPlan.Caller, job: String, task: String, busy: (cpu: Duration, of: Duration)?,
                cancels: Bool, choices: [Choice], released: Int
            ) -> MockDispatchableError {
                let seconds = Int(Limits.blockedStepGrace)
                let freed =
                    "Exploration stopped here; to free the thread, the run's \(released) queued "
                    + "job\(released == 1 ? "" : "s") went to the real executors"
                    + (cancels ? " and \(task) was cancelled (a loop that checks Task.isCancelled ends)." : ".")
                // Spinning: the thread was on the CPU for a share of the time a blocked thread never
                // uses (see `Limits.spinningShare`).
                let spinning = busy.map { $0.cpu >= $0.of * Limits.spinningShare }
                let measured =
                    busy.map { " (on the CPU \(Self.seconds($0.cpu)) of the \(Self.seconds($0.of)) watched)" } ?? ""
                let message: String
                let kind: MockDispatchableError.Kind
                if spinning == true {
                    kind = .stepLimitExceeded
                    message =
                        "\(caller): a run's job never suspended: a step running \(job) has not returned for \(seconds) s, "
                        + "and the thread that drives the run was busy\(measured): \(task) is spinning, not "
                        + "blocked — a loop that never reaches an await that suspends (an iterator whose next() never "
                        + "suspends, a busy-wait for something another task of the run would do). The run runs one job "
                        + "at a time on one thread, so nothing else of it can run until that job returns; on a "
                        + "cooperative pool of width 1 it starves every other task the same way. Add `await "
                        + "Task.yield()` (or another suspension) in the loop, or await what it waits for. \(freed)"
                } else {
                    kind = .deadlock
                    let spinsToo =
                        spinning == nil
                        ? " Or it spins: a loop that never suspends holds the thread the same way (add `await "
                            + "Task.yield()` in it); this platform cannot tell the two apart."
                        : ""
                    message =
                        "\(caller): a run deadlocked: a step running \(job) has not returned for \(seconds) s\(measured). "
                        + "It blocked the one thread that drives the run (on a semaphore, a lock, DispatchGroup.wait "
                        + "or a synchronous queue call, waiting for work of the run?), and the run runs one job at a "
                        + "time on that thread, so what it waits for cannot run. Swift concurrency asks the same of "
                        + "real code: never block a thread waiting for async work (the cooperative pool may have no "
                        + "thread to spare).\(spinsToo) \(freed)"
                }
                let because = spinning == true ? "spins for \(seconds) s" : "blocks for \(seconds) s"
                return MockDispatchableError(
                    kind: kind,
                    message: message + "\n  "
                        + ScheduleText.unminimised(choices, because: "every run of it \(because)", after: caller),
                    snapshot: mock.snapshot, fileID: fileID, line: line, schedule: ScheduleText.encode(choices))
            }

            /// `4.93 s`.
            private static func seconds(_ duration: Duration) -> String {
                let milliseconds = duration / .milliseconds(1)
                return String(format: "%.2f s", milliseconds / 1_000)
            }

            private var tasks: String { BoundedList.quoted(inbox.taskNames.joined(separator: ", "), limit: 400) }

            private func deadlock() -> MockDispatchableError {
                mock.error(
                    .deadlock,
                    "the run deadlocked: nothing can run, no timer is pending, and task 1 (the body) is still "
                        + "suspended. Tasks of this run: \(tasks) (any that did not finish is waiting too). A "
                        + "continuation that is never resumed, or work awaited that nothing runs?",
                    fileID: fileID, line: line)
            }

            private func stuck() -> MockDispatchableError {
                let hop =
                    capture.capturesMainActor
                    ? ""
                    : "a hop to the main actor that has not come back (this runtime has no "
                        + "swift_task_getMainExecutor_hook\(MockDispatchable.mainExecutorHookTurnedOffNote)), "
                return mock.error(
                    .unsupported,
                    "the run is stuck: nothing of it can run and task 1 (the body) is still suspended. Tasks of "
                        + "this run: \(tasks). The public capture cannot tell what they wait for: "
                        + "\(SleepHooks.possibleCause("a Task.sleep"))\(hop)or a deadlock. \(PublicCapture.sleepAdvice)",
                    fileID: fileID, line: line)
            }

            private func escape(_ escape: TaskInbox.Escape) -> any Error {
                if let refusal = capture.refusal(for: escape) {
                    return mock.error(.unsupported, refusal, fileID: fileID, line: line)
                }
                return EscapedWork(
                    message: "work of the run was resumed from outside it: \(escape.task) was resumed on a "
                        + "thread the run does not drive\(escape.onQueue) (an actor with a custom executor, or a "
                        + "continuation resumed by real GCD, a real thread or a timer?). Inject the mock there, or "
                        + "resume on its queues; an actor on its own executor runs outside the run.")
            }

            private func runaway(_ steps: Int) -> RunawayRun {
                RunawayRun(
                    error: mock.error(
                        .stepLimitExceeded,
                        "the run took \(steps) steps and task 1 (the body) has not finished; the last task to run "
                            + "was \(inbox.lastTaskRun ?? "task 1"). It looks like work that reschedules itself forever: "
                            + "a Task.yield() poll for something that never happens, a poller that never stops, or a "
                            + "loop on a timer that never ends (a refresh loop sleeping on virtual time: waitUntilIdle() "
                            + "waits for every task of the run, that loop too, so await what the test checks instead)? "
                            + "(Every other job of the run got its turn: a job passed over "
                            + "\(Limits.fairness) times in a row runs next. A run that keeps making new tasks — "
                            + "\(Limits.newTasksPerStepWindow) or more in each \(MockDispatchable.defaultStepLimit) "
                            + "steps — goes on up to \(Limits.largestSteps) steps.)",
                        fileID: fileID, line: line))
            }
        }
    }

#endif
