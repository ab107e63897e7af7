// MockDispatchable, part 12 of 14: Async exploration.
//
// Edit the parts in Sources/Dispatchable/Mock; `make mock` joins them, in order, into the one
// file users copy, Mocks/MockDispatchable.swift (`make test` fails when that file is stale).
// Here, in the module, the part is compiled under `#if DEBUG` for `@testable import`; a line
// `// joined: fileprivate` (or `private`) gives the next declaration that access in the joined file.

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

    // MARK: - 12. Async exploration

    nonisolated extension MockDispatchable {
        /// Runs an `async` body once per schedule — Tasks, actors, `@MainActor` code and
        /// `Task.sleep` in one schedule space with the mock's blocks — and throws at the first
        /// schedule that fails.
        ///
        /// An actor that checks its state, awaits, and trusts the state afterwards (actor
        /// reentrancy) fails only when another call slips in during the `await`: ordinary runs hit
        /// that a few times in 10,000. Exploration runs it on purpose, and replays it:
        ///
        /// ```swift
        /// @Test func theCacheFetchesOnce() async throws {
        ///     try await MockDispatchable.explore(schedules: 1_000, seed: 42) { mock in
        ///         let cache = ImageCache(loader: Loader(dispatch: mock))    // an actor
        ///         async let a = cache.image(for: "cat")
        ///         async let b = cache.image(for: "cat")
        ///         _ = try await (a, b)
        ///         guard await cache.fetchCount == 1 else { throw FetchedTwice() }
        ///     }
        /// }
        /// ```
        ///
        /// **The model.** The tasks of a run are the body's own task (task 1), its structured
        /// children and every `Task {}` or `Task.detached` that code of the run starts. Every job
        /// of theirs that is not main-actor work is a choice, like a due offload item; main-actor
        /// jobs and the mock's `main`/`after` items are one serial lane, as on a real main queue.
        /// `Task.sleep` and `Clock.sleep` on `ContinuousClock` and `SuspendingClock` sleep on the
        /// mock's virtual clock (``now``): a sleep's deadline is read off the real clock, so its
        /// delay is taken as the roundest duration between the start of the job that slept and now
        /// (`.milliseconds(300)` exactly, unless the job ran a millisecond before it slept). The rest
        /// is the synchronous model
        /// (see ``explore(schedules:seed:strategy:fileID:line:_:)-(_,_,_,_,_,(MockDispatchable)->Void)``):
        /// the first schedule runs everything in the order it became runnable, and the explorer
        /// itself runs the mock's queued work when it picks it, as real GCD would, so code that
        /// awaits `performOffloaded` or `sleep(for:)` needs no stepping call. A stepping call made
        /// inside the body runs the mock's blocks only; tasks' jobs run when the body awaits.
        ///
        /// **A synchronous body** (a closure with no `await`) picks the synchronous form, even in an
        /// `async` test — this form is `@_disfavoredOverload` — and means what it means there;
        /// `Task {}`s it starts are not explored. Add an `await` to explore them.
        ///
        /// **Failures.** The body throws: ``MockDispatchableError/Kind/scheduleFailed``. Nothing can
        /// run, no timer is pending, and the body's task still waits:
        /// ``MockDispatchableError/Kind/deadlock``, naming the run's tasks. Both carry the schedule
        /// for ``replay(_:fileID:line:_:)-(_,_,_,(MockDispatchable)->Void)``. Work of the run resumed
        /// from outside it (a continuation resumed on real GCD or a real thread):
        /// ``MockDispatchableError/Kind/nondeterministicBody``, naming the task.
        ///
        /// **When a run ends**, the explorer runs what it left — queued blocks and jobs of tasks
        /// the body did not await — in ordinary manual-mode order, for up to
        /// ``asyncRunDrainSteps`` steps, and then drops the jobs still left: those tasks are never
        /// resumed, so nothing of one run runs during another or after it.
        ///
        /// **Scope and limits.** Only the tasks of the run are controlled: other tests' tasks run on
        /// the real executors meanwhile, untouched. The exploration runs on the main actor and
        /// never blocks a thread of the cooperative pool. Synchronous code inside a job is atomic
        /// (data races are Thread Sanitizer's job); actors with custom executors, real I/O and real
        /// GCD queues are outside the run.
        ///
        /// **Toolchain.** Controlling main-actor jobs needs the standard library's
        /// `@_spi(ExperimentalCustomExecutors)` executor factory, which Swift 6.3 has; the
        /// interception is installed once per process, on the first `async` exploration, and
        /// forwards every job that is not a run's to the executors it replaced. On other toolchains, and on systems older than
        /// macOS, iOS, tvOS and watchOS 26.4, this throws ``MockDispatchableError/Kind/unsupported``,
        /// saying what is missing.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func explore(
            schedules: Int = 1_000, seed: Int = 0, strategy: ExplorationStrategy = .mixed,
            fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try asyncExplorer(
                caller: "explore(schedules: \(schedules), seed: \(seed))", fileID: fileID, line: line, body: body
            )
            .explore(schedules: schedules, seed: UInt64(bitPattern: Int64(seed)), strategy: strategy)
        }

        /// Runs an `async` body under every distinct schedule, depth-first from the order in which
        /// its jobs became runnable; see ``explore(schedules:seed:strategy:fileID:line:_:)-(_,_,_,_,_,(MockDispatchable)async->Void)``.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func exploreAll(
            limit: Int = 100_000, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try asyncExplorer(caller: "exploreAll(limit: \(limit))", fileID: fileID, line: line, body: body)
                .exploreAll(limit: limit, shard: nil)
        }

        /// Runs one shard of the schedules of an `async` body; see
        /// ``exploreAll(limit:shard:fileID:line:_:)-(_,_,_,_,(MockDispatchable)->Void)``.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func exploreAll(
            limit: Int = 100_000, shard: ExplorationShard, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try asyncExplorer(
                caller: "exploreAll(limit: \(limit), shard: \(shard))", fileID: fileID, line: line, body: body
            )
            .exploreAll(limit: limit, shard: shard)
        }

        /// Runs an `async` body once under `schedule`, a string from a failure that an `async`
        /// exploration threw.
        @MainActor
        @discardableResult
        @_disfavoredOverload
        static func replay(
            _ schedule: String, fileID: StaticString = #fileID, line: UInt = #line,
            _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> ExplorationReport {
            try asyncExplorer(
                caller: "replay(\"\(BoundedList.quoted(schedule))\")", fileID: fileID, line: line, body: body
            )
            .replay(schedule)
        }

        /// How many steps the explorer runs, after an async run's body returned, to finish what the
        /// run left: 10,000.
        static let asyncRunDrainSteps = 10_000

        /// Thrown by an async run whose work was resumed from outside it; the explorer reports it as
        /// a body that is not deterministic, at once.
        // joined: fileprivate
        nonisolated struct EscapedWork: Error {
            let message: String
        }

        /// The explorer for an `async` body: each run drives the body's task and the jobs of its
        /// run on the calling thread, which is on the main actor.
        @MainActor
        private static func asyncExplorer(
            caller: String, fileID: StaticString, line: UInt,
            body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
        ) throws -> Explorer {
            let forcedPublic = ProcessInfo.processInfo.environment[asyncCaptureVariable] == "public"
            #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
                if !forcedPublic {
                    _ = Interception.shared
                    return Explorer(caller: caller, fileID: fileID, line: line) { mock in
                        try AsyncRun(mock: mock, fileID: fileID, line: line).drive(body)
                    }
                }
            #endif
            let missing =
                forcedPublic
                ? "the executor-factory capture, which \(asyncCaptureVariable)=public turns off to show what "
                    + "Apple platforms get"
                : "the standard library's executor factory (@_spi(ExperimentalCustomExecutors)), which only Linux "
                    + "toolchains of Swift 6.3 ship (Apple's SDKs have no SPI; other compilers are not yet shown "
                    + "to have it)"
            throw MockDispatchableError(
                kind: .unsupported,
                message: "\(caller): exploring async code needs \(missing). Without it the run's @MainActor jobs "
                    + "(the body's own, here) cannot be captured: the runtime never calls "
                    + "swift_task_enqueueMainExecutor_hook for main-actor hops (swiftlang/swift #63104). The "
                    + "synchronous forms (a body without await) work everywhere.",
                snapshot: nil, fileID: fileID, line: line)
        }

        /// The environment variable that forces the public capture backend (`public`) where the
        /// SPI one exists, so that what Apple platforms get can be tested on Linux.
        static let asyncCaptureVariable = "DISPATCHABLE_ASYNC_CAPTURE"
    }

    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        nonisolated extension MockDispatchable {
            /// One run of an `async` body: starts the body's task and runs the jobs of its run, one
            /// step at a time through the mock's scheduler (and so through the explorer's chooser),
            /// until the body's task is done.
            @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
            @MainActor
            // joined: fileprivate
            final class AsyncRun {
                private let mock: MockDispatchable
                private let inbox: TaskInbox
                private let fileID: StaticString
                private let line: UInt
                private var isFinished = false
                private var thrown: (any Error)?

                init(mock: MockDispatchable, fileID: StaticString, line: UInt) {
                    self.mock = mock
                    inbox = TaskInbox(mock: mock)
                    self.fileID = fileID
                    self.line = line
                }

                /// Runs `body` as task 1 of the run, to its end; rethrows what it threw.
                func drive(_ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void) throws {
                    let interception = Interception.shared
                    DrivingThread.begin(inbox)
                    defer {
                        DrivingThread.end()
                        inbox.close()
                    }
                    Self.start(self, body, mock, on: interception.runExecutor)
                    var steps = 0
                    while !isFinished, inbox.escaped == nil {
                        if try mock.runStepOfRun(fileID: fileID, line: line) {
                            steps += 1
                            if steps >= MockDispatchable.defaultStepLimit { throw runaway(steps) }
                            continue
                        }
                        // Nothing can run: work resumed from outside the run may still arrive.
                        if inbox.waitForArrival(seconds: Self.arrivalGrace) { continue }
                        throw deadlock()
                    }
                    drain()
                    if let escaped = inbox.escaped { throw escape(escaped) }
                    if let thrown { throw thrown }
                }

                /// Starts task 1, the body's, preferring `executor`; its first job is on the main actor.
                private static func start(
                    _ run: AsyncRun, _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void,
                    _ mock: MockDispatchable, on executor: RunExecutor
                ) {
                    Task(executorPreference: executor) { @Sendable @MainActor in
                        run.finish(await outcome(of: body, mock))
                    }
                }

                private static func outcome(
                    of body: @MainActor @Sendable (MockDispatchable) async throws -> Void, _ mock: MockDispatchable
                ) async -> Result<Void, any Error> {
                    do {
                        try await body(mock)
                        return .success(())
                    } catch {
                        return .failure(error)
                    }
                }

                private func finish(_ result: Result<Void, any Error>) {
                    if case .failure(let error) = result { thrown = error }
                    isFinished = true
                }

                /// How long a run with nothing to run waits for work resumed from outside it before
                /// it calls the state a deadlock.
                private static let arrivalGrace: TimeInterval = 0.1

                /// Runs what the run left, in ordinary manual-mode order (outside the schedule), then
                /// drops the tasks' jobs still queued.
                private func drain() {
                    let chooser = mock.uninstallChooser()
                    defer { if let chooser { mock.install(chooser) } }
                    for _ in 0..<MockDispatchable.asyncRunDrainSteps {
                        guard (try? mock.runStepOfRun(fileID: fileID, line: line)) == true else { break }
                    }
                    mock.dropTasks()
                }

                private func deadlock() -> MockDispatchableError {
                    let tasks = inbox.taskNames
                    return mock.error(
                        .deadlock,
                        "the run deadlocked: nothing can run, no timer is pending, and task 1 (the body) is still "
                            + "suspended. Tasks of this run: \(BoundedList.quoted(tasks.joined(separator: ", "), limit: 400)) "
                            + "(any that did not finish is waiting too). A continuation that is never resumed, or "
                            + "work awaited that nothing runs?",
                        fileID: fileID, line: line)
                }

                private func escape(_ task: String) -> EscapedWork {
                    EscapedWork(
                        message: "work of the run was resumed from outside it: \(task) was resumed on a thread the "
                            + "run does not drive (a continuation resumed by real GCD, a real thread or a timer?). "
                            + "Inject the mock there, or resume on its queues.")
                }

                private func runaway(_ steps: Int) -> MockDispatchableError {
                    mock.error(
                        .stepLimitExceeded,
                        "the run took \(steps) steps and task 1 (the body) has not finished: it looks like work "
                            + "that reschedules itself forever (a poller that never stops?).",
                        fileID: fileID, line: line)
                }
            }

            /// What the interception hands a run: the jobs of its tasks, from the driving thread or,
            /// named by task, from elsewhere.
            // joined: fileprivate
            nonisolated final class TaskInbox: @unchecked Sendable {
                // @unchecked: every `var` is read and written only with `lock` held.
                private let mock: MockDispatchable
                private let lock = NSLock()
                private var ordinals: [UInt64: Int] = [:]
                private var started: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)?
                /// How many jobs of actors (not of tasks) the run has seen.
                private var actorJobs = 0
                /// Tasks seen preferring the run's executor (SE-0417).
                private var preferring: Set<UInt64> = []
                private var firstEscape: String?
                private var isOpen = true
                private let arrivals = DispatchSemaphore(value: 0)

                init(mock: MockDispatchable) { self.mock = mock }

                /// Queues `job` in the run's mock: false when the run is over.
                func accept(
                    _ job: UnownedJob, isMainActor: Bool, after delay: TimeInterval?, onDrivingThread: Bool,
                    prefersRun: Bool, isTask: Bool, executor: UnownedTaskExecutor
                ) -> Bool {
                    let id = taskID(of: job)
                    var keepsPreference = false
                    let name: String? = lock.withLock {
                        guard isOpen else { return nil }
                        if prefersRun { preferring.insert(id) }
                        keepsPreference = preferring.contains(id)
                        guard isTask else {
                            // A default actor's own job, which runs the tasks waiting for the actor.
                            actorJobs += 1
                            return "actor job \(actorJobs)"
                        }
                        let ordinal = ordinals[id] ?? (ordinals.count + 1)
                        if ordinals[id] == nil {
                            ordinals[id] = ordinal
                            Interception.register(id, self)
                        }
                        let name = "task \(ordinal)\(isMainActor ? " @MainActor" : "")"
                        if !onDrivingThread, firstEscape == nil { firstEscape = name }
                        return name
                    }
                    guard let name else { return false }
                    // A task that prefers the run's executor runs its main-actor jobs there too; one that
                    // does not (an unstructured `Task {}`) on the main actor alone: either way the job
                    // does not hop again just to match its preference.
                    let runJob: @Sendable () -> Void
                    if isMainActor, keepsPreference {
                        runJob = {
                            job.runSynchronously(isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: executor)
                        }
                    } else if isMainActor {
                        runJob = { job.runSynchronously(on: MainActor.sharedUnownedExecutor) }
                    } else {
                        runJob = { job.runSynchronously(on: executor) }
                    }
                    let run: @Sendable () -> Void = { [self] in
                        jobStarts()
                        runJob()
                    }
                    mock.enqueue(
                        TaskJob(run: run, name: name, isMainActor: isMainActor, isWakeUp: delay != nil),
                        after: delay ?? 0)
                    if !onDrivingThread { arrivals.signal() }
                    return true
                }

                /// When the job running now started, on both clocks a sleep may use.
                var jobStarted: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)? {
                    lock.withLock { started }
                }

                /// Notes that a job starts now (see ``Interception/delay(until:clock:)``).
                func jobStarts() {
                    let now = (ContinuousClock.now, SuspendingClock.now)
                    lock.withLock { started = now }
                }

                /// The first task resumed from outside the run, if any.
                var escaped: String? { lock.withLock { firstEscape } }

                /// `task 1, task 2`: every task the run has seen.
                var taskNames: [String] {
                    lock.withLock { ordinals.values.sorted().map { "task \($0)" } }
                }

                /// Waits up to `seconds` for a job from outside the driving thread; true if one came.
                func waitForArrival(seconds: TimeInterval) -> Bool {
                    arrivals.wait(timeout: .now() + seconds) == .success
                }

                /// Ends the run: from now on its tasks' jobs go to the real executors.
                func close() {
                    let ids = lock.withLock {
                        isOpen = false
                        return Array(ordinals.keys)
                    }
                    Interception.unregister(ids)
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

            /// The interception, installed once per process on the first `async` exploration:
            /// forwarding wrappers around the real main and default executors (the standard
            /// library's executor factory), the global-enqueue hook, and the task executor that a
            /// run's tasks prefer. Each passes every job that is not a run's to what it replaced.
            @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
            // joined: fileprivate
            nonisolated final class Interception: Sendable {
                let previousMain: any MainExecutor
                let previousDefault: any TaskExecutor
                let runExecutor: RunExecutor

                static let shared = Interception()

                private init() {
                    previousMain = MainActor.executor
                    previousDefault = Task.defaultExecutor
                    runExecutor = RunExecutor()
                    InterceptingFactory.handOff(
                        main: MainInterceptor(previous: previousMain),
                        default: DefaultInterceptor(previous: previousDefault))
                    _createExecutors(factory: InterceptingFactory.self)
                    GlobalHook.install()
                }

                /// Tasks of open runs, for jobs enqueued on other threads.
                private static let registry = Guarded<[UInt64: TaskInbox]>([:])

                static func register(_ id: UInt64, _ inbox: TaskInbox) { registry.withLock { $0[id] = inbox } }
                static func unregister(_ ids: [UInt64]) { registry.withLock { for id in ids { $0[id] = nil } } }

                /// Hands `job` to the run it belongs to; false if it belongs to none.
                static func claim(
                    _ job: UnownedJob, isMainActor: Bool, after delay: TimeInterval? = nil, prefersRun: Bool = false,
                    isTask: Bool = true
                ) -> Bool {
                    let executor = shared.runExecutor.asUnownedTaskExecutor()
                    let onDrivingThread: Bool
                    let inbox: TaskInbox
                    if let driven = DrivingThread.inbox {
                        (inbox, onDrivingThread) = (driven, true)
                    } else if let owner = registry.withLock({ $0.isEmpty ? nil : $0[taskID(of: job)] }) {
                        (inbox, onDrivingThread) = (owner, false)
                    } else {
                        return false
                    }
                    return inbox.accept(
                        job, isMainActor: isMainActor, after: delay, onDrivingThread: onDrivingThread,
                        prefersRun: prefersRun, isTask: isTask, executor: executor)
                }

                /// A sleep's delay in virtual seconds, from its deadline on the real clock; nil (never due)
                /// past what virtual time holds.
                ///
                /// The deadline is the moment the task called `sleep` plus the duration asked for. That
                /// moment is not known exactly, but it lies between the start of the job that slept and
                /// now; the delay is the roundest duration within those bounds — whole seconds, then
                /// tenths, hundredths, … down to nanoseconds — which is the one asked for unless the
                /// job ran longer than the gap between round durations (`.milliseconds(300)` is found
                /// whenever the job took less than a millisecond to reach its sleep).
                static func delay<C: Clock>(until instant: C.Instant, clock: C) -> TimeInterval? {
                    let shortest = clock.now.duration(to: instant)
                    var longest = shortest
                    if let started = DrivingThread.inbox?.jobStarted {
                        if let deadline = instant as? ContinuousClock.Instant,
                            let duration = started.continuous.duration(to: deadline) as? C.Duration
                        {
                            longest = duration
                        } else if let deadline = instant as? SuspendingClock.Instant,
                            let duration = started.suspending.duration(to: deadline) as? C.Duration
                        {
                            longest = duration
                        }
                    }
                    guard let low = nanoseconds(shortest), let high = nanoseconds(longest) else { return nil }
                    return Double(roundest(from: Swift.max(0, low), to: Swift.max(0, high))) / 1e9
                }

                /// The multiple of the largest power of ten (nanoseconds, at most a second) in `low...high`.
                static func roundest(from low: Int64, to high: Int64) -> Int64 {
                    var step: Int64 = 1_000_000_000
                    while step > 1 {
                        let multiple = (low / step + (low % step == 0 ? 0 : 1)) * step
                        if multiple <= high { return multiple }
                        step /= 10
                    }
                    return low
                }

                /// Whole nanoseconds of a `Duration`; 0 for other duration types; nil beyond ~290 years.
                private static func nanoseconds<D: DurationProtocol>(_ duration: D) -> Int64? {
                    guard let duration = duration as? Swift.Duration else { return 0 }
                    let (seconds, attoseconds) = duration.components
                    guard seconds < 9_000_000_000 else { return nil }
                    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
                }

                /// Schedules `job` at `instant` on `executor` if it can, else on the real default executor,
                /// else now.
                static func schedule<C: Clock>(
                    _ job: UnownedJob, on executor: any Executor, at instant: C.Instant, tolerance: C.Duration?,
                    clock: C
                ) {
                    if let scheduling = executor as? any SchedulingExecutor {
                        scheduling.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
                    } else if let scheduling = shared.previousDefault as? any SchedulingExecutor {
                        scheduling.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
                    } else {
                        executor.enqueue(ExecutorJob(job))
                    }
                }

                /// A sleep's job, due at `instant`: to its run, as a timer; if it belongs to none, to
                /// `executor` (the one the interceptor replaced).
                static func claimOrSchedule<C: Clock>(
                    _ job: UnownedJob, isMainActor: Bool, prefersRun: Bool = false, at instant: C.Instant,
                    tolerance: C.Duration?, clock: C, otherwise executor: any Executor
                ) {
                    let delay = delay(until: instant, clock: clock) ?? .infinity
                    if !claim(job, isMainActor: isMainActor, after: delay, prefersRun: prefersRun) {
                        schedule(job, on: executor, at: instant, tolerance: tolerance, clock: clock)
                    }
                }
            }

            /// A value behind a lock: the interception's shared state (registry, hand-off, hook).
            // joined: fileprivate
            nonisolated final class Guarded<Value>: @unchecked Sendable {
                // @unchecked: `value` is read and written only with `lock` held.
                private let lock = NSLock()
                private var value: Value

                init(_ value: Value) { self.value = value }

                func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
                    lock.withLock { body(&value) }
                }
            }

            /// The executor every run's tasks prefer (SE-0417): their structured children, actor hops
            /// and sleeps come here. A job that belongs to no open run (a task left over from a
            /// finished run, resumed from outside) goes to the real default executor.
            @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
            // joined: fileprivate
            nonisolated final class RunExecutor: TaskExecutor, SchedulingExecutor {
                func enqueue(_ job: consuming ExecutorJob) {
                    let isTask = job.kind == .task
                    let job = UnownedJob(job)
                    if !Interception.claim(job, isMainActor: false, prefersRun: isTask, isTask: isTask) {
                        Interception.shared.previousDefault.enqueue(ExecutorJob(job))
                    }
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    Interception.claimOrSchedule(
                        UnownedJob(job), isMainActor: false, prefersRun: true, at: instant, tolerance: tolerance,
                        clock: clock, otherwise: Interception.shared.previousDefault)
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
                ) {
                    enqueue(job, at: clock.now.advanced(by: delay), tolerance: tolerance, clock: clock)
                }
            }

            /// Wraps the real main executor: claims the main-actor jobs of a run, forwards every other.
            /// It keeps the real executor's identity, so isolation checks see the main actor as before.
            @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
            // joined: fileprivate
            nonisolated final class MainInterceptor: MainExecutor, SchedulingExecutor {
                let previous: any MainExecutor

                init(previous: any MainExecutor) { self.previous = previous }

                func enqueue(_ job: consuming ExecutorJob) {
                    let job = UnownedJob(job)
                    if !Interception.claim(job, isMainActor: true) { previous.enqueue(ExecutorJob(job)) }
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    Interception.claimOrSchedule(
                        UnownedJob(job), isMainActor: true, at: instant, tolerance: tolerance, clock: clock,
                        otherwise: previous)
                }

                func run() throws { try previous.run() }
                func runUntil(_ condition: () -> Bool) throws { try previous.runUntil(condition) }
                func stop() { previous.stop() }
                func asUnownedSerialExecutor() -> UnownedSerialExecutor { previous.asUnownedSerialExecutor() }
                func checkIsolated() { previous.checkIsolated() }
                func isIsolatingCurrentContext() -> Bool? { previous.isIsolatingCurrentContext() }
            }

            /// Wraps the real default executor: claims the jobs of a run's unstructured tasks.
            @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
            // joined: fileprivate
            nonisolated final class DefaultInterceptor: TaskExecutor, SchedulingExecutor {
                let previous: any TaskExecutor

                init(previous: any TaskExecutor) { self.previous = previous }

                func enqueue(_ job: consuming ExecutorJob) {
                    let job = UnownedJob(job)
                    if !Interception.claim(job, isMainActor: false) { previous.enqueue(ExecutorJob(job)) }
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    Interception.claimOrSchedule(
                        UnownedJob(job), isMainActor: false, at: instant, tolerance: tolerance, clock: clock,
                        otherwise: previous)
                }
            }

            /// The factory `_createExecutors` reads the wrappers from, once.
            @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
            // joined: fileprivate
            nonisolated enum InterceptingFactory: ExecutorFactory {
                private static let wrappers = Guarded<(main: MainInterceptor, default: DefaultInterceptor)?>(nil)

                static func handOff(main: MainInterceptor, default: DefaultInterceptor) {
                    wrappers.withLock { $0 = (main, `default`) }
                }

                static var mainExecutor: any MainExecutor { wrappers.withLock { $0!.main } }
                static var defaultExecutor: any TaskExecutor { wrappers.withLock { $0!.default } }
            }

            /// The runtime's public `swift_task_enqueueGlobal_hook` (found with `dlsym`, as
            /// swift-concurrency-extras does): unstructured tasks of a run enqueue here first.
            @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
            // joined: fileprivate
            nonisolated enum GlobalHook {
                typealias Original = @convention(thin) (UnownedJob) -> Void
                typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

                static func install() {
                    guard let symbol = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook") else { return }
                    let hook = symbol.assumingMemoryBound(to: Hook?.self)
                    let before = hook.pointee
                    previous.withLock { $0 = before }
                    hook.pointee = { job, original in
                        if Interception.claim(job, isMainActor: false) { return }
                        if let previous = GlobalHook.previous.withLock({ $0 }) {
                            previous(job, original)
                        } else {
                            original(job)
                        }
                    }
                }

                /// A hook installed before ours (swift-concurrency-extras'), called for jobs not ours.
                private static let previous = Guarded<Hook?>(nil)
            }
        }

        /// The id of the task a job belongs to (the runtime's `swift_task_getJobTaskId`).
        @_silgen_name("swift_task_getJobTaskId")
        // joined: private
        nonisolated func taskID(of job: UnownedJob) -> UInt64
    #endif

#endif
