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

    // MARK: - Job capture

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// What a capture hands a run: the jobs of its tasks, from the driving thread or, named by
        /// task, from elsewhere.
        // joined: fileprivate
        nonisolated final class TaskInbox: OpenRun, @unchecked Sendable {
            // @unchecked: every `var` is read and written only with `lock` held.
            private let mock: MockDispatchable
            /// The executor the run's tasks prefer.
            private let executor: RunExecutor
            private let lock = NSLock()
            /// The run's tasks, by id.
            private var tasks: [UInt64: SeenTask] = [:]

            /// A task of the run, as its jobs name it.
            private struct SeenTask {
                /// Its number in the run, from 1, in the order the run first saw its tasks.
                let ordinal: Int
                /// `task 2`: made once, not for each job.
                let name: String
                /// How many of its jobs the run has queued so far.
                var jobs = 0
                /// Whether it was seen preferring the run's executor (SE-0417).
                var prefersRun = false
            }
            /// How many steps of the run have begun.
            private var steps = 0
            private var started: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)?
            /// When virtual time last took each of its latest values, on both real clocks: where a
            /// deadline read off a real clock in an earlier job is placed (see ``Moment``).
            private var epochs: [Moment] = []
            /// How many jobs of actors (not of tasks) the run has seen.
            private var actorJobs = 0
            private var firstEscape: Escape?
            private var lastTask: String?
            /// The step running now: its number in the run, when it began, and the name of the job it
            /// runs (nil for a block of the mock).
            private var step: (number: Int, began: ContinuousClock.Instant, job: String?)?
            /// The task of the job running now, retained (see ``RunningTask``): the watchdog may
            /// cancel it while the step has not returned. Released when the step ends.
            private var runningTask: UnsafeMutableRawPointer?
            private var isOpen = true
            private let arrivals = DispatchSemaphore(value: 0)
            /// The task whose own job runs now on the driving thread, off the main actor, and what
            /// it enqueued of itself for the global executor while it ran (see ``runOwnJob(_:of:on:)``).
            private var ownJob: (task: UInt64, hop: UnownedJob?)?
            /// The job running now, and how many sleeps it has asked for so far (see ``sleepReading``).
            private var running: (key: CandidateKey, sleeps: Int)?
            /// The readings the exploration's runs gave their sleeps, by job.
            private let sleepDelays: SleepDelays
            /// Tasks of the run waiting until nothing else of it can run (``waitUntilIdle()``), in the
            /// order they began to wait, by id.
            private var idleWaiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
            private var idleWaitersSoFar = 0

            /// The first task of the run resumed from outside it.
            struct Escape {
                let task: String
                /// Whether it was resumed on the main queue: it had hopped to the main actor.
                let fromMainQueue: Bool
                /// The label of the dispatch queue it was resumed on, if any: an actor's executor
                /// that bridges a queue runs the actor's jobs there.
                let queue: String?
                /// Whether it is a block queued in the run's mock from outside the run (code the run
                /// started, running elsewhere, calling `offload` or `performOffloaded`), not a job of
                /// one of its tasks.
                var isBlock = false

                /// ` on the dispatch queue "database"`, or nothing.
                var onQueue: String { queue.map { " on the dispatch queue \"\($0)\"" } ?? "" }
            }

            /// Whether a main-actor lookup on the thread that drives the run answers with the run's
            /// main executor (the public capture's ``MainExecutorHook``).
            let takesMainActorLookups: Bool

            init(mock: MockDispatchable, executor: RunExecutor, sleepDelays: SleepDelays, takesMainActorLookups: Bool) {
                self.mock = mock
                self.executor = executor
                self.sleepDelays = sleepDelays
                self.takesMainActorLookups = takesMainActorLookups
            }

            /// Queues `job`, of the task with `id`, in the run's mock: false when the run is over.
            func accept(
                _ job: UnownedJob, id: UInt64, isMainActor: Bool, after delay: TimeInterval?, onDrivingThread: Bool,
                prefersRun: Bool, hasTaskID: Bool
            ) -> Bool {
                let executor = executor.asUnownedTaskExecutor()
                var keepsPreference = false
                var isHop = false
                var key = CandidateKey.item(0)
                var step = 0
                let name: String? = lock.withLock {
                    guard isOpen else { return nil }
                    step = steps
                    // The task of the job running now leaves it for the global executor: a hop the
                    // runtime makes only because the job runs on the run's executor (see
                    // `runOwnJob`). It goes on in the same step, as it would on the global executor.
                    if onDrivingThread, delay == nil, !prefersRun, !isMainActor, hasTaskID, let running = ownJob,
                        running.task == id, running.hop == nil
                    {
                        ownJob?.hop = job
                        isHop = true
                        return nil
                    }
                    guard hasTaskID else {
                        // A default actor's own job, which runs the tasks waiting for the actor.
                        actorJobs += 1
                        key = .actorJob(actorJobs)
                        return "actor job \(actorJobs)"
                    }
                    // One lookup of the task per job.
                    let index: Dictionary<UInt64, SeenTask>.Index
                    if let seen = tasks.index(forKey: id) {
                        index = seen
                    } else {
                        let ordinal = tasks.count + 1
                        tasks[id] = SeenTask(ordinal: ordinal, name: "task \(ordinal)")
                        Capture.register(id, self)
                        index = tasks.index(forKey: id)!
                    }
                    tasks.values[index].jobs += 1
                    if prefersRun { tasks.values[index].prefersRun = true }
                    let task = tasks.values[index]
                    keepsPreference = task.prefersRun
                    key = .job(task.jobs, ofTask: task.ordinal)
                    let name = isMainActor ? task.name + " @MainActor" : task.name
                    if !onDrivingThread, firstEscape == nil {
                        firstEscape = Escape(
                            task: name, fromMainQueue: DispatchThread.isOnMainQueue, queue: Capture.currentQueueLabel)
                    }
                    return name
                }
                if isHop { return true }
                guard let name else { return false }
                // A task that prefers the run's executor runs its main-actor jobs there too; one that
                // does not (an unstructured `Task {}`) on the main actor alone: either way the job
                // does not hop again just to match its preference. A task's other jobs run on the
                // run's executor, where what they enqueue on `Task.currentExecutor` (a
                // `Task.yield()`) comes back to the run.
                let runJob: @Sendable () -> Void
                if isMainActor, keepsPreference {
                    runJob = {
                        job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: executor)
                    }
                } else if isMainActor {
                    runJob = { job.runSynchronously(on: MainActor.sharedUnownedExecutor) }
                } else if hasTaskID {
                    runJob = { [self] in runOwnJob(job, of: id, on: executor) }
                } else {
                    runJob = { job.runSynchronously(on: executor) }
                }
                let run: @Sendable () -> Void = { [self, key] in
                    jobStarts(name, isTask: hasTaskID, key: key, job: job)
                    runJob()
                }
                mock.enqueue(
                    TaskJob(
                        run: run, name: name, isMainActor: isMainActor, isWakeUp: delay != nil, key: key, step: step),
                    after: delay ?? 0)
                if !onDrivingThread { arrivals.signal() }
                return true
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
                var next: UnownedJob? = job
                while let current = next {
                    lock.withLock { ownJob = (id, nil) }
                    current.runSynchronously(on: executor)
                    next = lock.withLock {
                        defer { ownJob = nil }
                        return ownJob?.hop
                    }
                }
            }

            /// A moment of the run: its virtual time, and when it was on both real clocks.
            struct Moment {
                let virtual: TimeInterval
                let continuous: ContinuousClock.Instant
                let suspending: SuspendingClock.Instant
            }

            /// When the job running now started, on both clocks a sleep may use.
            var jobStarted: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)? {
                lock.withLock { started }
            }

            /// The reading of the next sleep of the job running now: the one an earlier run of the
            /// exploration gave the same sleep of the same job (its task and job number, the same in
            /// every run that made the same choices before it) when `fits` it — what this run
            /// measured allows it; else `inferred`, remembered. A sleep is read off real time (see
            /// ``SleepDeadline``), and a machine under load widens what a run measures: the reading
            /// given once stays, so the run's choice points do not change with the load.
            func sleepReading(
                fits: (SleepDelays.Reading) -> Bool, inferred: () -> SleepDelays.Reading
            ) -> SleepDelays.Reading {
                let key: SleepDelays.Key? = lock.withLock {
                    guard let job = running else { return nil }
                    running?.sleeps += 1
                    return SleepDelays.Key(job: job.key, sleep: job.sleeps + 1)
                }
                guard let key else { return inferred() }
                return sleepDelays.reading(for: key, fits: fits, inferred: inferred)
            }

            /// The run's virtual time now.
            var virtualNow: TimeInterval { mock.now }

            /// The real moments at which virtual time took its latest values, latest first.
            var virtualTimeEpochs: [Moment] { lock.withLock { epochs.reversed() } }

            /// Notes that the job `name` starts now (a sleep's delay is read from it); `isTask` unless
            /// it is an actor's own job (then `job` is not a task).
            func jobStarts(_ name: String, isTask: Bool, key: CandidateKey, job: UnownedJob) {
                let virtual = mock.now
                let now = (ContinuousClock.now, SuspendingClock.now)
                let task = isTask ? RunningTask.retain(job) : nil
                let released: UnsafeMutableRawPointer? = lock.withLock {
                    started = now
                    running = (key, 0)
                    if isTask { lastTask = name }
                    if epochs.last?.virtual != virtual {
                        if epochs.count >= Limits.virtualTimeEpochs { epochs.removeFirst(Limits.virtualTimeEpochs / 2) }
                        epochs.append(Moment(virtual: virtual, continuous: now.0, suspending: now.1))
                    }
                    // A job of a run given up runs on the real executors, beside the step that kept
                    // the driving thread: not that step's job.
                    guard isOpen else { return task }
                    step?.job = name
                    defer { runningTask = task }
                    return runningTask
                }
                RunningTask.release(released)
            }

            /// Notes that a step of the run begins now, on the driving thread.
            func stepBegins() {
                let now = ContinuousClock.now
                lock.withLock {
                    steps += 1
                    step = (steps, now, nil)
                }
            }

            /// Notes that the step running now has returned.
            func stepEnds() {
                let task: UnsafeMutableRawPointer? = lock.withLock {
                    step = nil
                    return runningTask.take()
                }
                RunningTask.release(task)
            }

            /// The step running now, if any: its number in the run, when it began, and what it runs
            /// (a job's name, or "a block of the mock").
            var runningStep: (number: Int, began: ContinuousClock.Instant, job: String)? {
                lock.withLock { step.map { ($0.number, $0.began, $0.job ?? "a block of the mock") } }
            }

            /// The task whose job step `number` runs, retained for the caller (who releases it), if
            /// that step has not returned: the watchdog cancels it after giving the run up, when the
            /// task may already go on elsewhere (a hop to the real executors ends the step).
            func retainedTask(ofStep number: Int) -> UnsafeMutableRawPointer? {
                // Retained under the lock: the step's own reference is released only after
                // `stepEnds` has taken it, so the task is alive here even if the step returns now.
                lock.withLock {
                    guard step?.number == number, let runningTask else { return nil }
                    return RunningTask.retain(runningTask)
                }
            }

            /// The task whose job ran last (actors' own jobs aside).
            var lastTaskRun: String? { lock.withLock { lastTask } }

            /// The first task resumed from outside the run, if any.
            var escaped: Escape? { lock.withLock { firstEscape } }

            /// Whether the run is closed: over, or given up by the watchdog while it is driven.
            var isClosed: Bool { lock.withLock { !isOpen } }

            /// Whether the run's driving goes on: it is open, and no work of it was resumed from
            /// outside it. One lock, read at every step.
            var goesOn: Bool { lock.withLock { isOpen && firstEscape == nil } }

            /// `task 1, task 2`: every task the run has seen.
            var taskNames: [String] {
                lock.withLock { tasks.values.map(\.ordinal).sorted().map { "task \($0)" } }
            }

            /// Waits up to `seconds` for a job from outside the driving thread; true if one came.
            func waitForArrival(seconds: TimeInterval) -> Bool {
                arrivals.wait(timeout: .now() + seconds) == .success
            }

            /// Waits up to `seconds` for the real queues that work which left the run may wait on —
            /// dispatch's global queues and the runtime's global executor, at every priority — to
            /// run what is queued on them now, then up to ``Limits/arrivalGrace`` for a job from
            /// outside the driving thread; true if one came. On a busy machine those queues can be
            /// seconds behind (other tests' jobs hold their threads), and a wait in seconds alone
            /// then reads late work as none.
            func waitForRealQueues(seconds: TimeInterval) -> Bool {
                let ran = DispatchGroup()
                let classes: [DispatchQoS.QoSClass] = [.background, .utility, .default, .userInitiated]
                let priorities: [TaskPriority] = [.background, .utility, .medium, .high]
                for (qos, priority) in zip(classes, priorities) {
                    ran.enter()
                    ran.enter()
                    DispatchQueue.global(qos: qos).async {
                        ran.leave()
                        // Made on a thread that drives no run, by a task no run registered: it goes
                        // to the real global executor, behind what is queued there.
                        Task.detached(priority: priority) { ran.leave() }
                    }
                }
                guard ran.wait(timeout: .now() + seconds) == .success else { return waitForArrival(seconds: 0) }
                return waitForArrival(seconds: Limits.arrivalGrace)
            }

            /// Waits up to `seconds` for the main queue to run what is queued on it now, then for a job
            /// from outside the driving thread; true if one came. Not for a run driven on the main queue.
            func waitForMainQueue(seconds: TimeInterval) -> Bool {
                let ran = DispatchSemaphore(value: 0)
                DispatchQueue.main.async { ran.signal() }
                _ = ran.wait(timeout: .now() + seconds)
                return waitForArrival(seconds: 0)
            }

            /// Suspends the calling task, a task of the run, until nothing else of the run can run:
            /// the run then resumes it (``resumeIdleWaiter()``), as a step of its schedule. Throws
            /// `CancellationError` when the task is cancelled or the run ends first.
            func waitUntilIdle() async throws {
                let id = lock.withLock {
                    idleWaitersSoFar += 1
                    return idleWaitersSoFar
                }
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        let waits = lock.withLock {
                            guard isOpen, !Task.isCancelled else { return false }
                            idleWaiters.append((id, continuation))
                            return true
                        }
                        if !waits { continuation.resume(throwing: CancellationError()) }
                    }
                } onCancel: {
                    let waiter = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                        guard let index = idleWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                        return idleWaiters.remove(at: index).continuation
                    }
                    waiter?.resume(throwing: CancellationError())
                }
            }

            /// Resumes the task that began to wait first until the run is idle, if any: nothing else
            /// of the run can run. Called on the driving thread, so its job comes to the run.
            func resumeIdleWaiter() -> Bool {
                let waiter = lock.withLock { idleWaiters.isEmpty ? nil : idleWaiters.removeFirst().continuation }
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
                let noted = lock.withLock {
                    guard isOpen else { return false }
                    if firstEscape == nil {
                        firstEscape = Escape(
                            task: "a block queued in the run's mock (\(thread))", fromMainQueue: fromMainQueue,
                            queue: queue, isBlock: true)
                    }
                    return true
                }
                if noted { arrivals.signal() }
            }

            /// Ends the run: from now on its tasks' jobs go to the real executors. Tasks waiting until
            /// the run is idle get `CancellationError`.
            func close() {
                let (ids, waiters) = lock.withLock {
                    isOpen = false
                    defer { idleWaiters = [] }
                    return (Array(tasks.keys), idleWaiters.map(\.continuation))
                }
                Capture.unregister(ids)
                Capture.unregister(mock: mock, self)
                for waiter in waiters { waiter.resume(throwing: CancellationError()) }
            }
        }

        /// What every capture shares: the runs open now, by task, and the runtime's public
        /// functions, found with `dlsym` as swift-concurrency-extras finds them.
        // joined: fileprivate
        nonisolated enum Capture {
            /// Tasks of open runs, for jobs enqueued on threads that drive no run.
            private static let registry = Locked<[UInt64: TaskInbox]>([:])

            static func register(_ id: UInt64, _ inbox: TaskInbox) { registry.withLock { $0[id] = inbox } }
            static func unregister(_ ids: [UInt64]) { registry.withLock { for id in ids { $0[id] = nil } } }

            /// Opens `inbox`'s run in `mock`: blocks queued in the mock on a thread that drives no run
            /// are noted by that run (``TaskInbox/blockQueued(_:)``).
            static func register(mock: MockDispatchable, _ inbox: TaskInbox) {
                mock.core.withLock { $0.openRun = inbox }
            }

            static func unregister(mock: MockDispatchable, _ inbox: TaskInbox) {
                mock.core.withLock { state in
                    if state.openRun === inbox { state.openRun = nil }
                }
            }

            /// Hands `job` to the run it belongs to; false if it belongs to none. A job whose task id
            /// reads 0 belongs to no task — a default actor's own job, or the continuation job of a
            /// `Task.yield()` — and so to a run only when it is enqueued on the run's driving thread:
            /// task id 0 is never registered (it would claim such jobs of every other test).
            static func claim(
                _ job: UnownedJob, isMainActor: Bool, after delay: TimeInterval? = nil, prefersRun: Bool = false
            ) -> Bool {
                let id = taskID(of: job)
                let hasTaskID = id != 0
                let onDrivingThread: Bool
                let inbox: TaskInbox
                if let driven = DrivingThread.inbox {
                    (inbox, onDrivingThread) = (driven, true)
                } else if hasTaskID, let owner = registry.withLock({ $0.isEmpty ? nil : $0[id] }) {
                    (inbox, onDrivingThread) = (owner, false)
                } else {
                    return false
                }
                return inbox.accept(
                    job, id: id, isMainActor: isMainActor, after: delay, onDrivingThread: onDrivingThread,
                    prefersRun: prefersRun, hasTaskID: hasTaskID)
            }

            /// The id of the task a job belongs to; 0 for a job that is not a task's (an actor's).
            static func taskID(of job: UnownedJob) -> UInt64 {
                guard let address = taskIDFunction else { return 0 }
                return unsafeBitCast(address, to: (@convention(thin) (UnownedJob) -> UInt64).self)(job)
            }

            /// The label of the dispatch queue running the calling code, if it has one (libdispatch's
            /// `dispatch_queue_get_label(NULL)`, found with `dlsym`: Swift's overlay hides it).
            static var currentQueueLabel: String? {
                guard let address = queueLabelFunction else { return nil }
                let label = unsafeBitCast(address, to: (@convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?).self)(
                    nil)
                guard let label, label.pointee != 0 else { return nil }
                return String(cString: label)
            }

            private static let queueLabelFunction = address(of: "dispatch_queue_get_label")

            /// The runtime's `swift_task_getJobTaskId`, as an address.
            private static let taskIDFunction = address(of: "swift_task_getJobTaskId")

            /// The address of the runtime's public symbol `name`, if it has one.
            static func address(of name: String) -> UInt? {
                dlsym(dlopen(nil, 0), name).map { UInt(bitPattern: $0) }
            }

            /// The runtime's hook variable `name`, of type `Hook?`, if it has one.
            static func hook<Hook>(_: Hook.Type, named name: String) -> UnsafeMutablePointer<Hook?>? {
                address(of: name).flatMap { UnsafeMutablePointer<Hook?>(bitPattern: $0) }
            }

            /// Installs the runtime hooks both captures use, once per process.
            static func installHooks() {
                GlobalHook.install()
                SleepHooks.install()
            }

            /// What the public capture needs and this runtime lacks, if anything.
            static var missing: String? {
                let needed = ["swift_task_getJobTaskId", "swift_task_enqueueGlobal_hook"]
                let absent = needed.filter { address(of: $0) == nil }
                return absent.isEmpty ? nil : "the runtime has no \(absent.joined(separator: " and "))"
            }
        }

        /// The executor a run's tasks prefer (SE-0417): their structured children and actor hops
        /// come here. A job that belongs to no open run (a task left over from a finished run,
        /// resumed from outside) goes to the global concurrent executor.
        // joined: fileprivate
        nonisolated class RunExecutor: TaskExecutor, @unchecked Sendable {
            // @unchecked: no stored state (a class so the executor-factory capture can add sleeps).
            func enqueue(_ job: consuming ExecutorJob) {
                let job = UnownedJob(job)
                if !Capture.claim(job, isMainActor: false, prefersRun: true) {
                    globalConcurrentExecutor.enqueue(ExecutorJob(job))
                }
            }
        }

        /// A value behind a lock: the captures' shared state (registry, hook). The library's
        /// `Locked` again, under the same name, because a copied mock can use only the public API.
        // joined: fileprivate
        nonisolated final class Locked<Value>: @unchecked Sendable {
            // @unchecked: `value` is read and written only with `lock` held.
            private let lock = NSLock()
            private var value: Value

            init(_ value: Value) { self.value = value }

            func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
                lock.withLock { body(&value) }
            }
        }
    }

#endif
