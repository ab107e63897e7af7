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

    // MARK: - The watchdog

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// An async exploration's watchdog. A run is driven on one thread, one step at a time, so a
        /// job that blocks its thread on a semaphore, a lock or a synchronous wait for other work
        /// of the run waits forever: that work cannot run, and neither can the exploration answer
        /// its caller. So does a job that spins — a loop that never suspends, until something
        /// another job of the run would do (`while !Task.isCancelled { … }` until the body cancels
        /// it). The watchdog (one thread for the process, ``Watchdog``) looks at the step running now every
        /// ``Limits/watchdogInterval``; once one has not returned for ``Limits/blockedStepGrace``,
        /// it answers the caller naming the job — ``MockDispatchableError/Kind/stepLimitExceeded``
        /// if the driving thread was busy on the CPU (it spins; see ``ThreadCPUClock``), else
        /// ``MockDispatchableError/Kind/deadlock`` — and gives the run up
        /// (``AsyncRun/abandon(caller:step:blocked:task:busy:answering:cancelling:)``): its queued jobs go to the
        /// real executors, which frees the thread when what it waits for is one of them, and the
        /// step's task is cancelled, which ends a loop that checks for cancellation. That matters
        /// where a run is driven on the main queue: until the step returns, the main queue is held,
        /// and a `@MainActor` caller cannot take its answer. A thread cannot be stopped from outside:
        /// a step that still has not returned ``Limits/blockedStepGrace`` after the answer is
        /// reported on standard error, and it keeps its thread (and the main queue, if it holds it)
        /// until it returns. Nothing more of the exploration runs after the answer.
        // joined: fileprivate
        nonisolated final class RunWatch: Sendable {
            private let caller: ExplorationPlan.Caller
            private let state = Locked(State())

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
                /// The step of the run last seen blocking its thread without computing (see
                /// ``blockedWait``).
                var blockedWait: BlockedWait?
            }

            /// A step of a run that blocked its thread, not computing, for at least
            /// ``Limits/blockedWaitNotice``, then returned: a wait on its thread (XCTest's
            /// `wait(for:timeout:)`, a semaphore, `DispatchGroup.wait`) that no other job of the run
            /// could end, as one thread drives them all — until its timeout, if it has one.
            struct BlockedWait: Sendable {
                let job: String
                let seconds: Double
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
                    state.blockedWait = nil
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

            /// The step of the run last seen blocking its thread without computing for
            /// ``Limits/blockedWaitNotice`` or more, if one did (see ``BlockedWait``).
            var blockedWait: BlockedWait? { state.withLock { $0.blockedWait } }

            /// Work that came back from outside an earlier run of this exploration, if any.
            var earlierEscape: TaskInbox.Escape? { state.withLock { $0.escape } }

            /// Stops watching the run: it is over.
            func unwatch() {
                state.withLock { state in
                    state.run = nil
                    state.sighting = nil
                }
            }

            /// Starts watching (see ``Watchdog``): `answer` takes the error if a step blocks or spins.
            func start(answering answer: @escaping @Sendable (MockDispatchableError) -> Void) {
                Watchdog.watch(self, answering: answer)
            }

            /// Stops watching: the exploration is over.
            func end() { Watchdog.unwatch(self) }

            /// Looks at the step running now, as the ``Watchdog`` does every interval; true once the
            /// exploration is given up (see `blockedStep()`), after which nothing more is looked at.
            /// The run is given up and answered here, at once; cancelling the step's task (whose
            /// handlers may block) and watching the step after it take a thread of their own, so that
            /// the watchdog goes on looking at other explorations meanwhile.
            func look(answering answer: @escaping @Sendable (MockDispatchableError) -> Void) -> Bool {
                guard let blocked = blockedStep() else { return false }
                var cancel: (@Sendable () -> Void)?
                let given = abandon(blocked, answering: answer) { cancel = $0 }
                if cancel != nil || given != nil {
                    ParkedThreads.run(named: "MockDispatchable watchdog") { [self, cancel] in
                        cancel?()
                        if let given { noteIfStillHeld(given) }
                    }
                }
                return true
            }

            /// What the watchdog gave up: the run, the step that held its thread, and the answer.
            private struct GivenUp: Sendable {
                let run: AsyncRun
                let step: Int
                let error: MockDispatchableError
            }

            /// A step that has not returned for ``Limits/blockedStepGrace``: its run, number, job,
            /// task, and how busy its thread was on the CPU while the watchdog saw it run.
            private struct BlockedStep: Sendable {
                let run: AsyncRun
                let step: Int
                let job: String
                let task: String
                let busy: (cpu: Duration, of: Duration)?
            }

            /// The step running now if it has not returned for ``Limits/blockedStepGrace`` — blocked,
            /// or spinning if its thread was busy on the CPU for at least ``Limits/spinningShare`` of
            /// the time the watchdog saw it run, and for ``Limits/spinningCPU`` in all (or for
            /// ``Limits/starvedStepGrace``): the exploration is then marked given up. Notes a step
            /// that blocks its thread without computing (``blockedWait``) on the way.
            private func blockedStep() -> BlockedStep? {
                let run = state.withLock { $0.run }
                guard let run, let step = run.runningStep else { return nil }
                let now = ContinuousClock.now
                let seen = state.withLock { state in
                    if let seen = state.sighting, seen.step == step.number { return seen }
                    let seen = (step: step.number, at: now, cpu: run.drivingCPUTime)
                    state.sighting = seen
                    return seen
                }
                var busy: (cpu: Duration, of: Duration)?
                if let before = seen.cpu, let after = run.drivingCPUTime {
                    busy = (after - before, seen.at.duration(to: now))
                }
                let running = step.began.duration(to: now)
                if running > .seconds(Limits.blockedWaitNotice), let busy, busy.of > .zero,
                    busy.cpu / busy.of < Limits.blockedWaitShare
                {
                    let wait = BlockedWait(job: step.job, seconds: running / .seconds(1))
                    state.withLock { $0.blockedWait = wait }
                }
                guard running > .seconds(Limits.blockedStepGrace) else { return nil }
                // A thread that computes, but has had too little of a loaded machine's CPU to tell a
                // long job from one that never returns: it waits on.
                if let busy, busy.cpu >= busy.of * Limits.spinningShare, busy.cpu < .seconds(Limits.spinningCPU),
                    running < .seconds(Limits.starvedStepGrace)
                {
                    return nil
                }
                state.withLock { $0.isAbandoned = true }
                return BlockedStep(run: run, step: step.number, job: step.job, task: step.task, busy: busy)
            }

            /// Gives the exploration up at `blocked` (see ``AsyncRun/abandon(caller:step:blocked:task:busy:answering:cancelling:)``):
            /// what it gave up, if it did.
            private func abandon(
                _ blocked: BlockedStep, answering answer: (MockDispatchableError) -> Void,
                cancelling: (_ cancel: @escaping @Sendable () -> Void) -> Void
            ) -> GivenUp? {
                var given: MockDispatchableError?
                blocked.run.abandon(
                    caller: caller, step: blocked.step, blocked: blocked.job, task: blocked.task, busy: blocked.busy,
                    answering: { error in
                        given = error
                        answer(error)
                    }, cancelling: cancelling)
                return given.map { GivenUp(run: blocked.run, step: blocked.step, error: $0) }
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
        /// returned keeps its thread busy (it spins) or asleep (it is blocked). Linux reads it through
        /// `pthread_getcpuclockid`, Apple's platforms through the thread's Mach port (`thread_info`).
        // joined: fileprivate
        nonisolated struct ThreadCPUClock: Sendable {
            #if canImport(Darwin)
                /// The thread's Mach port (a number, not a reference: the thread keeps it).
                private let port: mach_port_t
            #elseif canImport(Glibc) || canImport(Musl)
                private let clock: clockid_t
            #endif

            /// The calling thread's clock, if the platform has one.
            static func ofCallingThread() -> ThreadCPUClock? {
                #if canImport(Darwin)
                    let port = pthread_mach_thread_np(pthread_self())
                    guard port != 0 else { return nil }  // MACH_PORT_NULL
                    return ThreadCPUClock(port: port)
                #elseif canImport(Glibc) || canImport(Musl)
                    var clock = clockid_t()
                    guard pthread_getcpuclockid(pthread_self(), &clock) == 0 else { return nil }
                    return ThreadCPUClock(clock: clock)
                #else
                    return nil
                #endif
            }

            /// The CPU time the thread has used so far; nil if it cannot be read (the thread ended).
            var used: Duration? {
                #if canImport(Darwin)
                    var info = thread_basic_info()
                    // THREAD_BASIC_INFO_COUNT, a macro Swift does not import.
                    var count = mach_msg_type_number_t(
                        MemoryLayout<thread_basic_info_data_t>.size / MemoryLayout<natural_t>.size)
                    let result = withUnsafeMutablePointer(to: &info) {
                        $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                            thread_info(port, thread_flavor_t(THREAD_BASIC_INFO), $0, &count)
                        }
                    }
                    guard result == KERN_SUCCESS else { return nil }
                    let user = info.user_time
                    let system = info.system_time
                    return .seconds(Int(user.seconds) + Int(system.seconds))
                        + .microseconds(Int(user.microseconds) + Int(system.microseconds))
                #elseif canImport(Glibc) || canImport(Musl)
                    var time = timespec()
                    guard clock_gettime(clock, &time) == 0 else { return nil }
                    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
                #else
                    return nil
                #endif
            }
        }
    }

#endif
