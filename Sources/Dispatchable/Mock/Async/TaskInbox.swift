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

    // MARK: - The task inbox

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// What a capture hands a run: the jobs of its tasks, from the driving thread or, named by
        /// task, from elsewhere.
        // joined: fileprivate
        nonisolated final class TaskInbox: OpenRun, TaskJobRunner, @unchecked Sendable {
            // @unchecked: its `let`s are Sendable or locked themselves.
            private let mock: MockDispatchable
            /// The executor the run's tasks prefer.
            private let executor: RunExecutor
            /// What the run's threads share, behind its lock, without a retain at each lock (see
            /// ``Locked/Unretained``): taken several times at every job; `stateStorage` keeps it.
            private let state: Locked<State>.Unretained
            private let stateStorage = Locked(State())
            /// The instants the state's times count from.
            private let epochs = Epochs()
            /// ``Limits/jobSpanGap``, as the state's times count.
            private static let jobSpanGap = Duration.nanoseconds(Int64(Limits.jobSpanGap * 1e9))

            private nonisolated struct Epochs {
                let continuous = ContinuousClock.now
                let suspending = SuspendingClock.now

                func continuous(_ since: Duration) -> ContinuousClock.Instant { continuous.advanced(by: since) }
                func suspending(_ since: Duration) -> SuspendingClock.Instant { suspending.advanced(by: since) }
                func since(_ instant: ContinuousClock.Instant) -> Duration { continuous.duration(to: instant) }
                func since(_ instant: SuspendingClock.Instant) -> Duration { suspending.duration(to: instant) }
            }
            private let arrivals = DispatchSemaphore(value: 0)
            /// The readings the exploration's runs gave their sleeps, by job.
            private let sleepReadings: SleepReadings

            /// What the lock guards: in one value behind a pointer (``Locked``), so that a step's
            /// bookkeeping makes no exclusivity check on a stored `var` of the inbox
            /// (docs/performance.md, "Pointers, not stored references").
            private nonisolated struct State {
                /// The run's tasks, in the order the run first saw them (task `n` at `n - 1`).
                var tasks = SeenTasks()
                /// How many steps of the run have begun.
                var steps = 0
                /// When the job running now started.
                var started: Start?
                /// The real time in which the run's latest jobs ran, at each virtual time: where a
                /// deadline read off a real clock in an earlier job is placed (see ``Span``). Jobs
                /// that follow one another closely share one span; a wait between them (for the main
                /// queue, a preempted thread) starts another, so that no span holds real time in
                /// which no job of the run ran.
                var spans: [Span] = []
                /// Whether a job started in the step running now: then the step's end ends its span.
                var stepRanJob = false
                /// Whether a sleep was read inexactly (see ``sleepReading(fits:inferred:)``).
                var readInexactly = false
                /// How many jobs of actors (not of tasks) the run has seen.
                var actorJobs = 0
                /// The actors' processing jobs queued in the run, and the stealers held for them.
                var actorJobsPending = ActorJobs.Pending()
                var firstEscape: Escape?
                /// The task that suspended in a sleep the capture cannot see (see ``UnseenSleep``).
                var unseenSleep: String?
                var lastTask: String?
                /// The step running now: its number in the run, when it began, the name of the job it
                /// runs (nil for a block of the mock), and that job's task (nil for an actor's own job).
                var step: Step?
                /// Whether the step running now waits for the main queue (see ``runOnMainQueue(_:)``).
                var waitsForMainQueue = false
                /// The task of the job running now, retained (see ``RunningTask``): the watchdog may
                /// cancel it while the step has not returned. Released when the step ends.
                var runningTask: UnsafeMutableRawPointer?
                var isOpen = true
                /// The task whose own job runs now on the driving thread, off the main actor, and what
                /// it enqueued of itself for the global executor while it ran (see
                /// ``runOwnJob(_:of:on:)``).
                var ownJob: OwnJob?
                /// The job running now, and how many sleeps it has asked for so far (see
                /// ``sleepReading``).
                var running: Running?
                /// Tasks of the run waiting until nothing else of it can run (``waitUntilIdle()``), in
                /// the order they began to wait, by id.
                var idleWaiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
                var idleWaitersSoFar = 0
                /// How the run's body ended, once it has (see ``bodyEnds(_:)``).
                var bodyResult: Result<Void, any Error>?

                // Structs, not optional tuples, and times as `Duration`s since the inbox's
                // ``Epochs``, not clocks' instants (resilient types): layouts known at compile time,
                // read at every job (docs/performance.md, "Fixed layouts").
                struct Start {
                    let continuous: Duration
                    let suspending: Duration
                }

                struct Span {
                    let virtual: TimeInterval
                    let start: Start
                    var end: Start
                }

                struct Step {
                    let number: Int
                    var began: Duration
                    var job: String?
                    var task: String?
                }

                struct OwnJob {
                    let task: UInt64
                    var hop: UnownedJob?
                }

                struct Running {
                    let key: CandidateKey
                    var sleeps: Int
                }
            }

            /// Whether a main-actor lookup on the thread that drives the run answers with the run's
            /// main executor (the public capture's ``MainExecutorHook``).
            let takesMainActorLookups: Bool
            /// Whether the run's steps may move to the main queue: its capture runs main-actor jobs
            /// on the thread that drives it (see ``AsyncRun/drive(_:mayUseMainQueue:)``).
            private let mayUseMainQueue: Bool
            /// Where a task in a sleep the capture cannot see resumes (see ``UnseenSleep``): a task whose
            /// job returns at one of them is recognised then. Empty where the capture sees every sleep.
            private let unseenSleepResumePoints: [UInt]

            init(
                mock: MockDispatchable, executor: RunExecutor, sleepReadings: SleepReadings,
                takesMainActorLookups: Bool, mayUseMainQueue: Bool, recognisesUnseenSleeps: Bool
            ) {
                self.mock = mock
                self.executor = executor
                self.sleepReadings = sleepReadings
                self.takesMainActorLookups = takesMainActorLookups
                self.mayUseMainQueue = mayUseMainQueue
                unseenSleepResumePoints = recognisesUnseenSleeps ? UnseenSleep.resumePoints : []
                state = stateStorage.unretained
            }

            var reachesMainQueue: Bool {
                mayUseMainQueue && DrivingThread.inbox === self && !DispatchThread.isOnMainQueue
            }

            /// Runs `work` on the main queue, with the jobs enqueued there meanwhile the run's, and
            /// waits for it: the calling thread, which drives the run, is blocked until it returns.
            /// The wait for the main queue is no part of the step the watchdog sees (XCTest holds the
            /// main thread for the whole of each of its tests): the step is watched from when `work`
            /// begins.
            func runOnMainQueue(_ work: @Sendable () -> Void) {
                state.withLock { state in state.waitsForMainQueue = true }
                MainQueueTurn.sync {
                    let now = epochs.since(ContinuousClock.now)
                    state.withLock { state in
                        state.waitsForMainQueue = false
                        state.step?.began = now
                    }
                    claimingJobs(work)
                }
            }

            /// Runs `body` with the jobs enqueued on the calling thread meanwhile claimed as the
            /// run's: the thread drives the run (see ``DrivingThread``).
            func claimingJobs<Value>(_ body: () throws -> Value) rethrows -> Value {
                DrivingThread.begin(self)
                defer { DrivingThread.end() }
                return try body()
            }

            /// Queues `job`, of the task with `id`, in the run's mock: false when the run is over.
            func accept(
                _ job: UnownedJob, id: UInt64, isMainActor: Bool, after delay: TimeInterval?, onDrivingThread: Bool,
                prefersRun: Bool, hasTaskID: Bool
            ) -> Bool {
                var keepsPreference = false
                var isHop = false
                var isStealer = false
                var key = CandidateKey.item(0)
                var jobStep = 0
                let named: (name: String, task: String?)? = state.withLock { state in
                    guard state.isOpen else { return nil }
                    jobStep = state.steps
                    // The task of the job running now leaves it for the global executor: a hop the
                    // runtime makes only because the job runs on the run's executor (see
                    // `runOwnJob`). It goes on in the same step, as it would on the global executor.
                    if onDrivingThread, delay == nil, !prefersRun, !isMainActor, hasTaskID, let running = state.ownJob,
                        running.task == id, running.hop == nil
                    {
                        state.ownJob?.hop = job
                        isHop = true
                        return nil
                    }
                    guard hasTaskID else {
                        // A default actor's own job, which runs the tasks waiting for the actor; a second
                        // one while the first is queued is a stealer (see ``ActorJobs``), held.
                        if let actor = ActorJobs.actor(drainedBy: job) {
                            if state.actorJobsPending.arrives(job, draining: actor) {
                                isStealer = true
                                return nil
                            }
                        }
                        state.actorJobs += 1
                        key = .actorJob(state.actorJobs)
                        return ("actor job \(state.actorJobs)", nil)
                    }
                    // One lookup of the task per job, and one update in place.
                    let index = state.tasks.index(of: id) ?? state.tasks.add(id)
                    let counted = state.tasks.countJob(
                        ofTaskAt: index, prefersRun: prefersRun, isMainActor: isMainActor)
                    keepsPreference = counted.prefersRun
                    key = .job(counted.number, ofTask: index + 1)
                    if !onDrivingThread, state.firstEscape == nil {
                        state.firstEscape = Escape(
                            task: counted.name, fromMainQueue: DispatchThread.isOnMainQueue,
                            queue: Capture.currentQueueLabel)
                    }
                    return (counted.name, counted.taskName)
                }
                if isHop || isStealer { return true }
                guard let (name, taskName) = named else { return false }
                mock.enqueue(
                    TaskJob(
                        job: job, runner: self, taskID: id, keepsPreference: keepsPreference, name: name,
                        taskName: taskName, isMainActor: isMainActor, isWakeUp: delay != nil, key: key, step: jobStep,
                        isFromOutside: !onDrivingThread),
                    after: delay ?? 0)
                if !onDrivingThread { arrivals.signal() }
                return true
            }

            /// Notes that `taskJob` starts, and runs it. A task that prefers the run's executor runs
            /// its main-actor jobs there too; one that does not (an unstructured `Task {}`) on the
            /// main actor alone: either way the job does not hop again just to match its
            /// preference. A task's other jobs run on the run's executor, where what they enqueue on
            /// `Task.currentExecutor` (a `Task.yield()`) comes back to the run.
            func run(_ taskJob: TaskJob) {
                let job = taskJob.job
                let executor = executor.asUnownedTaskExecutor()
                if taskJob.isMainActor {
                    jobStarts(taskJob.name, task: taskJob.taskName, key: taskJob.key, job: job)
                    if taskJob.keepsPreference {
                        job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: executor)
                    } else {
                        job.runSynchronously(on: MainActor.sharedUnownedExecutor)
                    }
                } else if taskJob.taskID != 0 {
                    jobStarts(taskJob.name, task: taskJob.taskName, key: taskJob.key, job: job, ownTask: taskJob.taskID)
                    runOwnJob(job, of: taskJob.taskID, on: executor)
                } else {
                    let stealers = jobStarts(
                        taskJob.name, task: taskJob.taskName, key: taskJob.key, job: job,
                        drainedActor: ActorJobs.actor(drainedBy: job))
                    job.runSynchronously(on: executor)
                    // Each finds the actor drained (or drains what reached it since), and ends.
                    for stealer in stealers { stealer.runSynchronously(on: executor) }
                }
            }

            /// Whether a processing job of `actor` is queued in the run: a stealer of it, enqueued on
            /// another thread, is the run's (``Capture`` asks).
            func holdsJob(drainingActor actor: UInt) -> Bool {
                state.withLock { state in state.isOpen && state.actorJobsPending.isQueued(actor) }
            }

            /// Runs `job`, of the task `id`, on the run's executor, and then, in the same step, the
            /// task's hops that only that executor caused.
            ///
            /// A `Task {}` prefers no executor: the runtime runs its jobs on no task executor, and
            /// its `swift_task_switch` goes on inline at every call of a nonisolated async function
            /// (the closure of `withUnsafeContinuation` runs at once, so code may hold a lock
            /// across it, as swift-async-algorithms' `merge` does). Here the job runs on the run's
            /// executor, so that what it enqueues on `Task.currentExecutor` (a `Task.yield()` on
            /// Swift 6.2 and later, which no public hook sees) comes back to the run; the switch
            /// then finds a task executor the task does not prefer, and leaves the job for the
            /// global executor. No job of the runtime's ends there, so the task goes on here,
            /// before anything else runs: the run's choice points are the runtime's. Only a hop of
            /// the task's own job, to the global executor, on the driving thread, is one of these;
            /// a hop to an actor or to the main actor goes to that executor, and ends the job.
            private func runOwnJob(_ job: UnownedJob, of id: UInt64, on executor: UnownedTaskExecutor) {
                // However many hops: the runtime runs them in one job. A task that hops for ever spins
                // in it, and the watchdog ends the run (see `RunWatch`); ending the step after some
                // number of hops hid that from it, and a run then took up to `Limits.fairness` such
                // steps each time another job was chosen instead (RealWorld finding 5).
                // `jobStarts` noted the first as the task's own job; each hop is noted as the one
                // before ends, in the same lock.
                var current = job
                while true {
                    current.runSynchronously(on: executor)
                    let hop: UnownedJob? = state.withLock { state in
                        let hop = state.ownJob?.hop
                        state.ownJob = hop == nil ? nil : State.OwnJob(task: id, hop: nil)
                        return hop
                    }
                    guard let hop else { return }
                    current = hop
                }
            }

            /// Whether the run has seen a job of the task with `id` (``Capture`` asks, for a job
            /// enqueued on a thread that drives no run).
            func knowsTask(_ id: UInt64) -> Bool {
                state.withLock { state in state.isOpen && state.tasks.index(of: id) != nil }
            }

            /// When the job running now started, on both clocks a sleep may use.
            var jobStarted: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)? {
                let started = state.withLock { state in state.started }
                guard let started else { return nil }
                return (epochs.continuous(started.continuous), epochs.suspending(started.suspending))
            }

            /// The reading of the next sleep of the job running now: the one an earlier run of the
            /// exploration gave the same sleep of the same job (its task and job number, the same in
            /// every run that made the same choices before it) when `fits` it — what this run
            /// measured allows it; else `inferred`, remembered. A sleep is read off real time (see
            /// ``SleepDeadline``), and a machine under load widens what a run measures: the reading
            /// given once stays, so the run's choice points do not change with the load.
            func sleepReading(
                fits: (SleepReadings.Reading) -> Bool, inferred: () -> SleepReadings.Reading
            ) -> SleepReadings.Reading {
                let key: SleepReadings.Key? = state.withLock { state in
                    guard let job = state.running else { return nil }
                    state.running?.sleeps += 1
                    return SleepReadings.Key(job: job.key, sleep: job.sleeps + 1)
                }
                guard let key else { return inferred() }
                let reading = sleepReadings.reading(for: key, fits: fits, inferred: inferred)
                // Inexact, and not kept: the run goes on to its end (a run stopped midway would leave
                // its tasks waiting for good, and the test function of a trait with them), and is
                // run again; what it did is not kept.
                if reading.inexact != nil, !sleepReadings.acceptsInexact {
                    state.withLock { state in state.readInexactly = true }
                }
                return reading
            }

            /// Whether a sleep of the run was read inexactly off the real clock, not to be kept: the run
            /// is run again once it has ended.
            var readInexactly: Bool { state.withLock { state in state.readInexactly } }

            /// The run's virtual time now.
            var virtualNow: TimeInterval { mock.now }

            /// The real time in which the run's latest jobs ran, latest first (see `State.spans`).
            var jobSpans: [Span] {
                state.withLock { state in
                    state.spans.reversed().map { span in
                        Span(
                            virtual: span.virtual,
                            start: (epochs.continuous(span.start.continuous), epochs.suspending(span.start.suspending)),
                            end: (epochs.continuous(span.end.continuous), epochs.suspending(span.end.suspending)))
                    }
                }
            }

            /// Notes that the job `name` starts now (a sleep's delay is read from it), a job of the task
            /// `task` (`task 2`); nil for an actor's own job (then `job` is not a task). `ownTask`, the
            /// task's id when the job runs as its own on the run's executor (see `runOwnJob`);
            /// `drainedActor`, the actor an actor's processing job drains: the stealers held for it
            /// (see ``ActorJobs``), to run right after it.
            @discardableResult
            func jobStarts(
                _ name: String, task taskName: String?, key: CandidateKey, job: UnownedJob, ownTask: UInt64? = nil,
                drainedActor: UInt? = nil
            ) -> [UnownedJob] {
                let isTask = taskName != nil
                let virtual = mock.now
                let now = (ContinuousClock.now, SuspendingClock.now)
                let sinceEpochs = (epochs.since(now.0), epochs.since(now.1))
                let task = isTask ? RunningTask.retain(job) : nil
                var stealers: [UnownedJob] = []
                let released: UnsafeMutableRawPointer? = state.withLock { state in
                    if let ownTask { state.ownJob = State.OwnJob(task: ownTask, hop: nil) }
                    if let drainedActor { stealers = state.actorJobsPending.runs(draining: drainedActor) }
                    state.started = State.Start(continuous: sinceEpochs.0, suspending: sinceEpochs.1)
                    state.running = State.Running(key: key, sleeps: 0)
                    if isTask { state.lastTask = name }
                    state.stepRanJob = true
                    let count = state.spans.count
                    if count == 0 || state.spans[count - 1].virtual != virtual
                        || sinceEpochs.0 - state.spans[count - 1].end.continuous > Self.jobSpanGap
                    {
                        if count >= Limits.jobSpans { state.spans.removeFirst(Limits.jobSpans / 2) }
                        let start = State.Start(continuous: sinceEpochs.0, suspending: sinceEpochs.1)
                        state.spans.append(State.Span(virtual: virtual, start: start, end: start))
                    }
                    // A job of a run given up runs on the real executors, beside the step that kept
                    // the driving thread: not that step's job.
                    guard state.isOpen else { return task }
                    state.step?.job = name
                    state.step?.task = taskName
                    defer { state.runningTask = task }
                    return state.runningTask
                }
                RunningTask.release(released)
                return stealers
            }

            /// Notes that a step of the run begins now, on the driving thread; `onlyIfGoingOn`, only if
            /// the run goes on — its body has not ended, it is open, and no work of it was resumed
            /// from outside it — in the same lock. Whether the step began.
            @discardableResult
            func stepBegins(onlyIfGoingOn: Bool = false) -> Bool {
                let now = epochs.since(ContinuousClock.now)
                return state.withLock { state in
                    if onlyIfGoingOn,
                        state.bodyResult != nil || !state.isOpen || state.firstEscape != nil || state.unseenSleep != nil
                    {
                        return false
                    }
                    state.steps += 1
                    state.step = State.Step(number: state.steps, began: now, job: nil, task: nil)
                    return true
                }
            }

            /// Notes how the run's body ended: from now on the run does not go on.
            func bodyEnds(_ result: Result<Void, any Error>) {
                state.withLock { state in state.bodyResult = result }
            }

            /// How the run's body ended, if it has.
            var bodyResult: Result<Void, any Error>? { state.withLock { state in state.bodyResult } }

            /// Notes that the step running now has returned: the span of the job it ran, if it ran
            /// one, ends now; and, where the capture cannot see sleeps, whether the job's task
            /// suspended in one (the run then stops: see ``unseenSleep``).
            func stepEnds() {
                let now = (epochs.since(ContinuousClock.now), epochs.since(SuspendingClock.now))
                let (task, taskName): (UnsafeMutableRawPointer?, String?) = state.withLock { state in
                    let taskName = state.step?.task
                    state.step = nil
                    if state.stepRanJob {
                        state.stepRanJob = false
                        let count = state.spans.count
                        if count > 0 { state.spans[count - 1].end = State.Start(continuous: now.0, suspending: now.1) }
                    }
                    return (state.runningTask.take(), taskName)
                }
                if !unseenSleepResumePoints.isEmpty, let task, let taskName,
                    UnseenSleep.isSleeping(task, resumingAtOneOf: unseenSleepResumePoints)
                {
                    state.withLock { state in
                        if state.unseenSleep == nil { state.unseenSleep = taskName }
                    }
                }
                RunningTask.release(task)
            }

            /// The task of the run that suspended in a sleep its capture cannot see, if one did: the
            /// run stops there, and is refused naming it.
            var unseenSleep: String? { state.withLock { state in state.unseenSleep } }

            /// The step running now, if any: its number in the run, when it began, what it runs (a
            /// job's name, or "a block of the mock"), and who runs it (the job's task, else the same).
            var runningStep: (number: Int, began: ContinuousClock.Instant, job: String, task: String)? {
                state.withLock { state in
                    guard !state.waitsForMainQueue else { return nil }
                    return state.step.map { current in
                        let job = current.job ?? "a block of the mock"
                        return (current.number, epochs.continuous(current.began), job, current.task ?? job)
                    }
                }
            }

            /// The task whose job step `number` runs, retained for the caller (who releases it), if
            /// that step has not returned: the watchdog cancels it after giving the run up, when the
            /// task may already go on elsewhere (a hop to the real executors ends the step).
            func retainedTask(ofStep number: Int) -> UnsafeMutableRawPointer? {
                // Retained under the lock: the step's own reference is released only after
                // `stepEnds` has taken it, so the task is alive here even if the step returns now.
                state.withLock { state in
                    guard state.step?.number == number, let runningTask = state.runningTask else { return nil }
                    return RunningTask.retain(runningTask)
                }
            }

            /// The task whose job ran last (actors' own jobs aside).
            var lastTaskRun: String? { state.withLock { state in state.lastTask } }

            /// The first task resumed from outside the run, if any.
            var escaped: Escape? { state.withLock { state in state.firstEscape } }

            /// Whether the run is closed: over, or given up by the watchdog while it is driven.
            var isClosed: Bool { state.withLock { state in !state.isOpen } }

            /// How many tasks the run has seen.
            var tasksSeen: Int { state.withLock { state in state.tasks.tasks.count } }

            /// `task 1, task 2`: every task the run has seen.
            var taskNames: [String] {
                state.withLock { state in state.tasks.tasks.map(\.name) }
            }

            /// Waits up to `seconds` for a job from outside the driving thread; true if one came.
            func waitForArrival(seconds: TimeInterval) -> Bool {
                arrivals.wait(timeout: .now() + seconds) == .success
            }

            /// Suspends the calling task, a task of the run, until nothing else of the run can run:
            /// the run then resumes it (``resumeIdleWaiter()``), as a step of its schedule. Throws
            /// `CancellationError` when the task is cancelled or the run ends first.
            func waitUntilIdle() async throws {
                let id = state.withLock { state in
                    state.idleWaitersSoFar += 1
                    return state.idleWaitersSoFar
                }
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        let waits = state.withLock { state in
                            guard state.isOpen, !Task.isCancelled else { return false }
                            state.idleWaiters.append((id, continuation))
                            return true
                        }
                        if !waits { continuation.resume(throwing: CancellationError()) }
                    }
                } onCancel: {
                    let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                        guard let index = state.idleWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                        return state.idleWaiters.remove(at: index).continuation
                    }
                    waiter?.resume(throwing: CancellationError())
                }
            }

            /// Resumes the task that began to wait first until the run is idle, if any: nothing else
            /// of the run can run. Called on the driving thread, so its job comes to the run.
            func resumeIdleWaiter() -> Bool {
                let waiter = state.withLock { state in
                    state.idleWaiters.isEmpty ? nil : state.idleWaiters.removeFirst().continuation
                }
                waiter?.resume()
                return waiter != nil
            }

            /// Notes a block queued in the run's mock on a thread that drives no run: work of the run
            /// resumed from outside it, as surely as a task's job would be (an actor on a custom
            /// executor, say, whose method starts a `Task {}` that awaits `performOffloaded`). Wakes
            /// a run waiting for work from outside: what it waits for may be this very block.
            func blockQueued(_ thread: DispatchThread) {
                guard DrivingThread.inbox == nil else { return }
                let queue = Capture.currentQueueLabel
                let fromMainQueue = DispatchThread.isOnMainQueue
                let noted = state.withLock { state in
                    guard state.isOpen else { return false }
                    if state.firstEscape == nil {
                        state.firstEscape = Escape(
                            task: "a block queued in the run's mock (\(thread))", fromMainQueue: fromMainQueue,
                            queue: queue, isBlock: true)
                    }
                    return true
                }
                if noted { arrivals.signal() }
            }

            /// Ends the run: from now on its tasks' jobs go to the real executors. Tasks waiting until
            /// the run is idle get `CancellationError`. Returns the stealers held for actor jobs still
            /// queued (see ``ActorJobs``): they share those jobs' fate, run or dropped.
            @discardableResult
            func close() -> [UnownedJob] {
                let (waiters, stealers) = state.withLock { state in
                    state.isOpen = false
                    defer { state.idleWaiters = [] }
                    return (state.idleWaiters.map(\.continuation), state.actorJobsPending.takeAll())
                }
                Capture.unregister(self)
                Capture.unregister(mock: mock, self)
                for waiter in waiters { waiter.resume(throwing: CancellationError()) }
                return stealers
            }
        }
    }

#endif
