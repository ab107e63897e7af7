#if DEBUG
    import Dispatch
    import Foundation
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    #endif

    // MARK: - A run's intake: the jobs its tasks enqueue, and work resumed from outside it

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// Queues `job`, of the task with `id`, in the run's mock: false when the run is over.
        func accept(
            _ job: UnownedJob, id: UInt64, isMainActor: Bool, after delay: TimeInterval?, onDrivingThread: Bool,
            prefersRun: Bool, hasTaskID: Bool
        ) -> Bool {
            var keepsPreference = false
            var isHop = false
            var isStealer = false
            var key = MockDispatchable.CandidateKey.item(0)
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
                    if let actor = MockDispatchable.ActorJobs.actor(drainedBy: job) {
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
                        queue: MockDispatchable.Capture.currentQueueLabel)
                }
                return (counted.name, counted.taskName)
            }
            if isHop || isStealer { return true }
            guard let (name, taskName) = named else { return false }
            mock.enqueue(
                MockDispatchable.TaskJob(
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
        func run(_ taskJob: MockDispatchable.TaskJob) {
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
                    drainedActor: MockDispatchable.ActorJobs.actor(drainedBy: job))
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

        /// Notes a block queued in the run's mock on a thread that drives no run: work of the run
        /// resumed from outside it, as surely as a task's job would be (an actor on a custom
        /// executor, say, whose method starts a `Task {}` that awaits `performOffloaded`). Wakes
        /// a run waiting for work from outside: what it waits for may be this very block.
        func blockQueued(_ thread: DispatchThread) {
            guard MockDispatchable.DrivingThread.inbox == nil else { return }
            let queue = MockDispatchable.Capture.currentQueueLabel
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

        /// Waits up to `seconds` for a job from outside the driving thread; true if one came.
        func waitForArrival(seconds: TimeInterval) -> Bool {
            arrivals.wait(timeout: .now() + seconds) == .success
        }

        /// The first task resumed from outside the run, if any.
        var escaped: Escape? { state.withLock { state in state.firstEscape } }
    }

#endif
