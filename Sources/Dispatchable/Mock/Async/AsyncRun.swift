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
        /// How a run's jobs reach the explorer: one type per mechanism — ``ExecutorFactoryCapture``
        /// (the standard library's executor-factory SPI, Linux 6.3) and ``PublicCapture`` (the
        /// runtime's public hooks, everywhere) — each installed once per process, on the first
        /// exploration that uses it. ``AsyncRun`` asks it what it can see; `MockDispatchable.runCapture(forMainActor:)`
        /// picks the best this process has. A new mechanism is a type that conforms and a line there.
        // joined: fileprivate
        nonisolated protocol RunCapture: AnyObject, Sendable {
            /// The executor a run's tasks prefer (SE-0417): their structured children and actor hops
            /// come to it.
            var preferredExecutor: RunExecutor { get }
            /// Whether a run's main-actor work comes to the run; runs are then driven on the main
            /// queue, where that work runs.
            var capturesMainActor: Bool { get }
            /// Whether a main-actor lookup on the thread that drives a run answers with the run's main
            /// executor (``MainExecutorHook``).
            var takesMainActorLookups: Bool { get }
            /// Whether a run with nothing to run and nothing to wait for is a deadlock: the capture
            /// sees every sleep and every hop of the run, so nothing it waits for can come back unseen.
            var tellsDeadlockFromSleep: Bool { get }
            /// The words of the refusal (``MockDispatchableError/Kind/unsupported``) for work of a run
            /// that came back from outside it, where what came back is what this capture cannot see (a
            /// sleep, a main-actor hop); nil when it is work resumed from outside, which is reported
            /// as a body that is not deterministic.
            func refusal(for escape: TaskInbox.Escape) -> String?
        }

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
            /// What task 1, the body's, ended with; nil while it runs.
            private let result = Locked<Result<Void, any Error>?>(nil)
            /// Where the body task's jobs left queued at the end go (see ``LeftoverJobs``); nil: dropped.
            private let leftovers: LeftoverJobs?
            /// The CPU clock of the thread that runs the run's steps now (noted at each slice), which
            /// tells the watchdog a step that spins from one that is blocked.
            private let drivingClock = Locked<ThreadCPUClock?>(nil)

            init(
                mock: MockDispatchable, capture: any RunCapture, watch: RunWatch,
                leftovers: LeftoverJobs?, fileID: StaticString, line: UInt
            ) {
                self.leftovers = leftovers
                self.mock = mock
                self.capture = capture
                inbox = TaskInbox(
                    mock: mock, executor: capture.preferredExecutor, sleepReadings: watch.sleepReadings,
                    takesMainActorLookups: capture.takesMainActorLookups)
                self.watch = watch
                self.fileID = fileID
                self.line = line
            }

            /// ``drive(_:onMainQueue:)`` with the global-enqueue hook ours before and after the run
            /// (#33, C). swift-concurrency-extras' `withMainSerialExecutor` writes its own hook over
            /// ours and leaves it installed when its scope ends: the run's `Task {}`s then become
            /// main-actor work, and the awaiting task a run is started from (`RunSpawner`) can no
            /// longer run while a run holds the main queue — every later exploration hung. A hook
            /// left by other code is put back before the run; one the body installed is put back
            /// after it, and the run is refused with ``MockDispatchableError/Kind/unsupported``.
            func driveKeepingGlobalHook(
                _ start: (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void, onMainQueue: Bool
            ) throws {
                GlobalHook.reinstate()
                let replacements = GlobalHook.replacements
                var failure: (any Error)?
                do {
                    try drive(start, onMainQueue: onMainQueue)
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
            /// `onMainQueue`: the run's steps run on the main queue (the executor-factory capture runs
            /// main-actor jobs on the driving thread), in slices of ``Limits/mainQueueSlice``; when
            /// nothing of it can, it waits for work from outside off the main queue, so that a stuck
            /// run — a deadlock, waited for up to ``Limits/firstArrivalGrace`` and then for the real
            /// queues (``Limits/realQueuesGrace``) — never holds the main queue and starves the
            /// process's other main-actor work (a minimised deadlock held it for many such waits in a
            /// row).
            func drive(
                _ start: (@escaping @Sendable (Result<Void, any Error>) -> Void) -> Void, onMainQueue: Bool
            ) throws {
                guard watch.watch(self) else { return }
                Capture.register(mock: mock, inbox)
                // The body's task may be made on another thread (see `RunSpawner`): its first job
                // is the run's all the same, claimed through the inbox that thread drives meanwhile.
                start { [result] outcome in result.withLock { $0 = outcome } }
                defer {
                    inbox.close()
                    watch.unwatch()
                    // A run given up (a deadlock, a step limit) left its tasks' jobs queued.
                    if let leftovers { leftovers.keep(mock.takeTasks()) }
                }
                var steps = 0
                defer { watch.count(steps: steps) }

                /// How a slice of steps ended.
                enum Slice { case over, idle, paused }
                /// Runs steps while it can: `.over` once the body is done (or the run closed), `.idle`
                /// when nothing can run, `.paused` after ``Limits/mainQueueSlice`` on the main queue,
                /// which then runs what else is queued on it — other tests' main-actor work, or work
                /// the run waits for from there (a foreign hook's tasks) — before the run goes on.
                func runSteps() throws -> Slice {
                    let began = ContinuousClock.now
                    var sliceSteps = 0
                    while result.withLock({ $0 == nil }), inbox.goesOn {
                        guard try step() else { return .idle }
                        steps += 1
                        sliceSteps += 1
                        if steps >= MockDispatchable.defaultStepLimit { throw runaway(steps) }
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
                    try Self.onDrivingQueue(onMainQueue) {
                        try claimingJobs {
                            noteDrivingThread()
                            slice = try runSteps()
                            // Idle: a task waiting for that (`waitUntilIdle()`) goes on.
                            resumedWaiter = slice == .idle && inbox.resumeIdleWaiter()
                        }
                    }
                    if slice == .over { break }
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
                    guard !capture.tellsDeadlockFromSleep else { throw deadlock() }
                    // Without the main-executor hook, a hop to the main actor comes back (if it does)
                    // once the main queue has run it.
                    if !capture.capturesMainActor, inbox.waitForMainQueue(seconds: Limits.mainQueueGrace) { continue }
                    throw stuck()
                }
                if inbox.isClosed { return }  // the watchdog gave the run up
                try Self.onDrivingQueue(onMainQueue) {
                    claimingJobs {
                        noteDrivingThread()
                        drain()
                    }
                }
                if let escaped = inbox.escaped {
                    watch.noteEscape(escaped)
                    throw escape(escaped)
                }
                if case .failure(let error) = result.withLock({ $0 }) { throw offMainQueue(error) }
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

            /// Runs `work` on the main queue when `onMainQueue` (and waits for it), else here.
            private static func onDrivingQueue(_ onMainQueue: Bool, _ work: () throws -> Void) throws {
                if onMainQueue { try DispatchQueue.main.sync(execute: work) } else { try work() }
            }

            /// Runs `body` — which makes the body's task, perhaps on a thread other than the driving
            /// one — with the jobs enqueued on this thread meanwhile claimed as the run's.
            func claimingJobs<Value>(_ body: () throws -> Value) rethrows -> Value {
                DrivingThread.begin(inbox)
                defer { DrivingThread.end() }
                return try body()
            }

            /// Runs what the run left, in ordinary manual-mode order (outside the schedule), then
            /// drops the tasks' jobs still queued (or keeps the body task's, see ``LeftoverJobs``).
            private func drain() {
                let runRecord = mock.uninstallRunRecord()
                defer { if let runRecord { mock.install(runRecord) } }
                for _ in 0..<Limits.asyncRunDrainSteps {
                    guard (try? step()) == true, !inbox.isClosed else { break }
                }
                let left = mock.takeTasks()
                leftovers?.keep(left)
            }

            /// Runs one step of the run (false if nothing can run), under the watchdog's eye.
            private func step() throws -> Bool {
                inbox.stepBegins()
                defer { inbox.stepEnds() }
                return try mock.runStepOfRun(fileID: fileID, line: line)
            }

            /// The step running now, if any: its number, when it began, and what it runs.
            var runningStep: (number: Int, began: ContinuousClock.Instant, job: String)? { inbox.runningStep }

            /// The CPU time the thread that drives the run has used so far; nil where the platform
            /// cannot read another thread's (see ``ThreadCPUClock``).
            var drivingCPUTime: Duration? { drivingClock.withLock { $0 }?.used }

            /// Whether the run's steps run on the main queue.
            var isDrivenOnMainQueue: Bool { capture.capturesMainActor }

            /// Gives the run up, from the watchdog's thread, while step `step`, running `blocked`, keeps
            /// the driving thread: closes the run (its tasks' jobs go to the real executors from now
            /// on), calls `answer` with the error for the exploration's caller, hands the jobs the run
            /// has queued to the real executors, in manual-mode order, which frees the thread when what
            /// it waits for is one of them, and cancels the step's task, which ends a loop that checks
            /// for cancellation. `busy`: how long the driving thread was on the CPU of how long the
            /// watchdog saw the step run; nil where that cannot be measured.
            func abandon(
                caller: ExplorationPlan.Caller, step: Int, blocked: String, busy: (cpu: Duration, of: Duration)?,
                answering answer: (MockDispatchableError) -> Void
            ) {
                // Taken before the run closes: from then on the task's next hop leaves the step for
                // the real executors, where it goes on spinning until cancelled.
                let task = inbox.retainedTask(ofStep: step)
                let choices = mock.choicesSoFar
                inbox.close()
                let released = mock.takeTasks()
                answer(
                    stuckStepError(
                        caller: caller, job: blocked, busy: busy, cancels: task != nil,
                        choices: choices, released: released.count))
                for job in released { job.runOnRealExecutor() }
                // Last: its cancellation handlers run on this thread, and one may block.
                if let task {
                    RunningTask.cancel(task)
                    RunningTask.release(task)
                }
            }

            /// A step that has not returned for ``Limits/blockedStepGrace``: `.stepLimitExceeded` when
            /// its thread was busy all along (a job that never suspends: the same runaway as a run that
            /// takes ``defaultStepLimit`` steps, in one job), else `.deadlock` (a job that blocked its
            /// thread waiting for work of the run).
            private func stuckStepError(
                caller: ExplorationPlan.Caller, job: String, busy: (cpu: Duration, of: Duration)?, cancels: Bool,
                choices: [Choice], released: Int
            ) -> MockDispatchableError {
                let seconds = Int(Limits.blockedStepGrace)
                // `task 2` of `task 2 @MainActor`; an actor's job or a block of the mock as named.
                let task = job.hasPrefix("task ") ? job.split(separator: " ").prefix(2).joined(separator: " ") : job
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
                            + "a Task.yield() poll for something that never happens, or a poller that never stops? "
                            + "(Every other job of the run got its turn: a job passed over "
                            + "\(Limits.fairness) times in a row runs next.)",
                        fileID: fileID, line: line))
            }
        }

        /// An async exploration's watchdog. A run is driven on one thread, one step at a time, so a
        /// job that blocks its thread on a semaphore, a lock or a synchronous wait for other work
        /// of the run waits forever: that work cannot run, and neither can the exploration answer
        /// its caller. So does a job that spins — a loop that never suspends, until something
        /// another job of the run would do (`while !Task.isCancelled { … }` until the body cancels
        /// it). The watchdog, a thread of its own, looks at the step running now every
        /// ``Limits/watchdogInterval``; once one has not returned for ``Limits/blockedStepGrace``,
        /// it answers the caller naming the job — ``MockDispatchableError/Kind/stepLimitExceeded``
        /// if the driving thread was busy on the CPU (it spins; see ``ThreadCPUClock``), else
        /// ``MockDispatchableError/Kind/deadlock`` — and gives the run up
        /// (``AsyncRun/abandon(caller:step:blocked:busy:answering:)``): its queued jobs go to the
        /// real executors, which frees the thread when what it waits for is one of them, and the
        /// step's task is cancelled, which ends a loop that checks for cancellation. That matters
        /// where runs are driven on the main queue: until the step returns, the main queue is held,
        /// and a `@MainActor` caller cannot take its answer. A thread cannot be stopped from outside:
        /// a step that still has not returned ``Limits/blockedStepGrace`` after the answer is
        /// reported on standard error, and it keeps its thread (and the main queue, if it holds it)
        /// until it returns. Nothing more of the exploration runs after the answer.
        // joined: fileprivate
        nonisolated final class RunWatch: Sendable {
            private let caller: ExplorationPlan.Caller
            private let state = Locked(State())
            private let ended = DispatchSemaphore(value: 0)

            private struct State {
                var run: AsyncRun?
                var isAbandoned = false
                /// Whether a run of this exploration has already waited the first, longer grace.
                var hasWaitedLong = false
                /// The first work of a run of this exploration that came back from outside it.
                var escape: TaskInbox.Escape?
                /// Steps the exploration's runs have taken.
                var steps = 0
                /// The step the watchdog first saw running: which, when, and the CPU time its thread
                /// had used then (how busy the thread was while the step has not returned).
                var sighting: (step: Int, at: ContinuousClock.Instant, cpu: Duration?)?
            }

            /// The readings the exploration's runs gave their sleeps (see ``SleepReadings``).
            let sleepReadings = SleepReadings()

            init(caller: ExplorationPlan.Caller) { self.caller = caller }

            /// Whether the watchdog gave the exploration up (its caller has its answer).
            var isAbandoned: Bool { state.withLock { $0.isAbandoned } }

            /// Watches `run` from now on; false if the exploration was given up.
            func watch(_ run: AsyncRun) -> Bool {
                state.withLock { state in
                    guard !state.isAbandoned else { return false }
                    state.run = run
                    state.sighting = nil
                    return true
                }
            }

            /// Whether this is the first time in the exploration that a run has nothing to run: that
            /// run waits longer for work resumed from outside it (``Limits/firstArrivalGrace``, then
            /// for the real queues to catch up), later ones ``Limits/arrivalGrace``. Once work has
            /// come back from outside (see ``noteEscape(_:)``), later runs that get stuck the same
            /// way are reported as such (``earlierEscape``), so the verdict does not hang on how busy
            /// the machine is.
            func isFirstStuckRun() -> Bool {
                state.withLock { state in
                    defer { state.hasWaitedLong = true }
                    return !state.hasWaitedLong
                }
            }

            /// Notes work of a run that came back from outside it.
            func noteEscape(_ escape: TaskInbox.Escape) {
                state.withLock { if $0.escape == nil { $0.escape = escape } }
            }

            /// Steps the exploration's runs have taken so far (minimisation's budget counts them).
            var stepsRun: Int { state.withLock { $0.steps } }

            /// Counts a run's steps.
            func count(steps: Int) { state.withLock { $0.steps += steps } }

            /// Work that came back from outside an earlier run of this exploration, if any.
            var earlierEscape: TaskInbox.Escape? { state.withLock { $0.escape } }

            /// Stops watching the run: it is over.
            func unwatch() {
                state.withLock { state in
                    state.run = nil
                    state.sighting = nil
                }
            }

            /// Starts the watchdog's thread, which calls `answer` with the error if a step blocks or
            /// spins.
            func start(answering answer: @escaping @Sendable (MockDispatchableError) -> Void) {
                let thread = Thread { [self] in
                    while ended.wait(timeout: .now() + Limits.watchdogInterval) == .timedOut {
                        if let given = abandonIfBlocked(answering: answer) {
                            noteIfStillHeld(given)
                            return
                        }
                    }
                }
                thread.name = "MockDispatchable watchdog"
                thread.start()
            }

            /// Ends the watchdog's thread: the exploration is over.
            func end() { ended.signal() }

            /// What the watchdog gave up: the run, the step that held its thread, and the answer.
            private struct GivenUp {
                let run: AsyncRun
                let step: Int
                let error: MockDispatchableError
            }

            /// Gives the exploration up if the step running now has not returned for
            /// ``Limits/blockedStepGrace`` — blocked, or spinning if its thread was busy on the CPU for
            /// at least ``Limits/spinningShare`` of the time the watchdog saw it run; what it gave up, if
            /// it did.
            private func abandonIfBlocked(answering answer: (MockDispatchableError) -> Void) -> GivenUp? {
                let run = state.withLock { $0.run }
                guard let run, let step = run.runningStep else { return nil }
                let now = ContinuousClock.now
                let seen = state.withLock { state in
                    if let seen = state.sighting, seen.step == step.number { return seen }
                    let seen = (step: step.number, at: now, cpu: run.drivingCPUTime)
                    state.sighting = seen
                    return seen
                }
                guard step.began.duration(to: now) > .seconds(Limits.blockedStepGrace) else { return nil }
                var busy: (cpu: Duration, of: Duration)?
                if let before = seen.cpu, let after = run.drivingCPUTime {
                    busy = (after - before, seen.at.duration(to: now))
                }
                state.withLock { $0.isAbandoned = true }
                var given: MockDispatchableError?
                run.abandon(caller: caller, step: step.number, blocked: step.job, busy: busy) { error in
                    given = error
                    answer(error)
                }
                return given.map { GivenUp(run: run, step: step.number, error: $0) }
            }

            /// After the answer: if the step still has not returned ``Limits/blockedStepGrace`` later
            /// (a loop that ignores cancellation, a wait nothing ends), says so on standard error, with
            /// the answer: a thread cannot be stopped, and a run driven on the main queue holds it —
            /// a `@MainActor` caller cannot take its answer, nor other main-actor work run, meanwhile.
            private func noteIfStillHeld(_ given: GivenUp) {
                let deadline = ContinuousClock.now + .seconds(Limits.blockedStepGrace)
                while ContinuousClock.now < deadline {
                    guard given.run.runningStep?.number == given.step else { return }
                    Thread.sleep(forTimeInterval: Limits.watchdogInterval)
                }
                guard let step = given.run.runningStep, step.number == given.step else { return }
                let held =
                    given.run.isDrivenOnMainQueue
                    ? "; it holds the main queue (the run was driven there), so main-actor work of this process "
                        + "waits — a @MainActor caller of the exploration, which cannot take its answer, among it"
                    : ""
                FileHandle.standardError.write(
                    Data(
                        ("MockDispatchable watchdog: \(caller) gave its answer (below), but \(step.job) still runs on "
                            + "the thread that drove the run, \(Int(Limits.blockedStepGrace)) s later\(held). A thread "
                            + "cannot be stopped from outside: the job ends only when what it waits for happens, or, "
                            + "cancelled, when it checks for cancellation.\n\(given.error.message)\n").utf8))
            }
        }

        /// The task of the job a run's step runs, as the runtime's public entry points see it (a
        /// task's job is the task): retained while the step runs, so that the watchdog can cancel a
        /// task whose job has not returned (`swift_task_cancel`, what `Task.cancel()` calls). Found
        /// with `dlsym`, as ``Capture`` finds the runtime's other functions; where one is missing,
        /// nothing is retained and nothing cancelled.
        // joined: fileprivate
        nonisolated enum RunningTask {
            private typealias Retain = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
            private typealias Release = @convention(c) (UnsafeMutableRawPointer) -> Void
            private typealias Cancel = @convention(thin) (UnsafeMutableRawPointer) -> Void

            private static let functions: (retain: Retain, release: Release, cancel: Cancel)? = {
                guard let retain = Capture.address(of: "swift_retain"),
                    let release = Capture.address(of: "swift_release"),
                    let cancel = Capture.address(of: "swift_task_cancel")
                else { return nil }
                return (
                    unsafeBitCast(retain, to: Retain.self), unsafeBitCast(release, to: Release.self),
                    unsafeBitCast(cancel, to: Cancel.self)
                )
            }()

            /// The task `job` belongs to (a task's own job: it is the task), retained.
            static func retain(_ job: UnownedJob) -> UnsafeMutableRawPointer? {
                retain(unsafeBitCast(job, to: UnsafeMutableRawPointer.self))
            }

            /// `task`, retained once more.
            static func retain(_ task: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
                guard let functions else { return nil }
                return functions.retain(task)
            }

            static func release(_ task: UnsafeMutableRawPointer?) {
                guard let task, let functions else { return }
                functions.release(task)
            }

            /// Cancels `task`, which the caller keeps retained.
            static func cancel(_ task: UnsafeMutableRawPointer) {
                functions?.cancel(task)
            }
        }

        /// The CPU clock of a thread, which another thread can read: whether a step that has not
        /// returned keeps its thread busy (it spins) or asleep (it is blocked). Linux has one per
        /// thread (`pthread_getcpuclockid`); Apple's platforms have none that is public, and there
        /// a stuck step is reported as blocked or spinning, unknown which.
        // joined: fileprivate
        nonisolated struct ThreadCPUClock: Sendable {
            #if canImport(Glibc) || canImport(Musl)
                private let clock: clockid_t
            #endif

            /// The calling thread's clock, if the platform has one.
            static func ofCallingThread() -> ThreadCPUClock? {
                #if canImport(Glibc) || canImport(Musl)
                    var clock = clockid_t()
                    guard pthread_getcpuclockid(pthread_self(), &clock) == 0 else { return nil }
                    return ThreadCPUClock(clock: clock)
                #else
                    return nil
                #endif
            }

            /// The CPU time the thread has used so far; nil if it cannot be read (the thread ended).
            var used: Duration? {
                #if canImport(Glibc) || canImport(Musl)
                    var time = timespec()
                    guard clock_gettime(clock, &time) == 0 else { return nil }
                    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
                #else
                    return nil
                #endif
            }
        }

        /// Makes each run's body task in the task that awaits the exploration, so the body's tasks
        /// inherit that task's task-local values — Swift Testing's current test and configuration
        /// (an `#expect` in a run is the test's), a dependency scope — which a task made on the
        /// explorer's own thread would not. The awaiting task serves requests (``serve()``) while
        /// the explorer's thread asks (``spawn(_:)``) and waits until the task is made; once closed,
        /// a request runs on the asking thread.
        // joined: fileprivate
        nonisolated final class RunSpawner: Sendable {
            private nonisolated struct Request: Sendable {
                let work: @Sendable () -> Void
                let done: DispatchSemaphore
            }

            private nonisolated struct State {
                var waiting: CheckedContinuation<Void, Never>?
                var queued: [Request] = []
                var isClosed = false
            }

            private let state = Locked(State())

            /// Runs `work` in the awaiting task and waits for it; on the calling thread once closed.
            /// The request always passes through the lock (the awaiting task is only woken), so that
            /// what `work` reads was handed over under it — a happens-before Thread Sanitizer sees.
            func spawn(_ work: @escaping @Sendable () -> Void) {
                let request = Request(work: work, done: DispatchSemaphore(value: 0))
                let (waiting, isClosed) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                    if state.isClosed { return (nil, true) }
                    state.queued.append(request)
                    return (state.waiting.take(), false)
                }
                if isClosed { return work() }
                waiting?.resume()
                request.done.wait()
            }

            /// Serves requests until ``close()``; not ended by cancellation, so no request waits for ever.
            /// `@concurrent`: on the global executor, never on the caller's actor, even where
            /// nonisolated async functions run on their caller's (`NonisolatedNonsendingByDefault`) —
            /// a run on the main queue waits for it.
            @concurrent func serve() async {
                while let request = await next() {
                    request.work()
                    request.done.signal()
                }
            }

            private func next() async -> Request? {
                while true {
                    let ready: Request?? = state.withLock { state in
                        if !state.queued.isEmpty { return .some(state.queued.removeFirst()) }
                        if state.isClosed { return .some(nil) }
                        return nil
                    }
                    if let ready { return ready }
                    await withCheckedContinuation { continuation in
                        let isReady = state.withLock { state in
                            if !state.queued.isEmpty || state.isClosed { return true }
                            state.waiting = continuation
                            return false
                        }
                        if isReady { continuation.resume() }
                    }
                }
            }

            func close() {
                let waiting = state.withLock { state in
                    state.isClosed = true
                    return state.waiting.take()
                }
                waiting?.resume()
            }
        }

        /// The run the calling thread drives, if any: a thread-local, set only while a run is
        /// driven. Every job enqueued on that thread belongs to the run.
        // joined: fileprivate
        nonisolated enum DrivingThread {
            private static let key: pthread_key_t = {
                var key = pthread_key_t()
                pthread_key_create(&key, nil)
                return key
            }()

            static var inbox: TaskInbox? {
                guard let pointer = pthread_getspecific(key) else { return nil }
                return Unmanaged<TaskInbox>.fromOpaque(pointer).takeUnretainedValue()
            }

            static func begin(_ inbox: TaskInbox) {
                pthread_setspecific(key, Unmanaged.passRetained(inbox).toOpaque())
            }

            static func end() {
                guard let pointer = pthread_getspecific(key) else { return }
                Unmanaged<TaskInbox>.fromOpaque(pointer).release()
                pthread_setspecific(key, nil)
            }
        }
    }

#endif
