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

    // MARK: - Core

    nonisolated extension MockDispatchable {
        /// The mock's lock, and everything it guards. The façade above reads and changes state only
        /// through ``Locked/withLock(_:)``; no user code ever runs while it is held.
        // joined: fileprivate
        typealias Core = Locked<State>

        /// What the lock guards: the components, and the operations that span more than one of them.
        ///
        /// `Core` is only the lock and this state; what the façade's calls share beyond that —
        /// errors, argument checks, waiting, warnings — is in `MockDispatchable+Support`.
        // joined: fileprivate
        nonisolated struct State {
            let mode: MockDispatchable.Mode
            var queue = WorkQueue()
            var frames = Frames()
            var log = EventLog()
            var suspensions = Suspensions()
            var hooks = Hooks()
            /// Set only under exploration: picks among the choices at each step.
            private(set) var runRecord: RunRecord?
            /// Whether a run record is installed: read on every step, so a flag (testing the optional
            /// run record for nil copies it).
            private(set) var isExploring = false
            /// Whether queued items are named by ``Identity`` (the run record needs them).
            private var tracksIdentities = false
            /// Virtual nanoseconds of the run still to be paced by real time (see
            /// ``RunRecord/pacesRealTime``): 0 in every run but one that checks a failure on real time.
            private var pacingLeft: Int64 = 0
            /// The real time the step just dequeued waits before its work runs, in nanoseconds: the
            /// virtual time it moved the clock by, while the run is paced. Taken by the façade,
            /// which waits outside the lock.
            var pause: Int64 = 0

            /// Exploration's hook: from now on every step goes through `runRecord`.
            mutating func install(_ runRecord: consuming RunRecord) {
                tracksIdentities = runRecord.needsIdentities
                pacingLeft = runRecord.pacesRealTime
                self.runRecord = consume runRecord
                isExploring = true
            }

            /// Ends a run: the run record, with what it recorded; the mock is an ordinary manual one again.
            mutating func uninstallRunRecord() -> RunRecord? {
                isExploring = false
                tracksIdentities = false
                return runRecord.take()
            }
            /// The ``MockDispatchable/Warning``s already printed.
            var warned: Set<Int> = []
            /// Whether the mock runs everything queued, now and from now on, on the main queue: its
            /// run was given up while a test function still waited on it (``releaseQueuedWork()``).
            var isReleased = false
            /// The async run this mock is open in, if any: told of blocks queued in the mock from
            /// outside that run (see ``OpenRun``). Read in the same lock as the queueing, so that a
            /// mock outside every run pays nothing more for it.
            var openRun: (any OpenRun)?

            init(mode: MockDispatchable.Mode) { self.mode = mode }

            /// The recorder's events as they are now, ready to draw (copying the log is cheap: its
            /// chunks are shared).
            var snapshot: TimelineRenderer { TimelineRenderer(log: log, mode: mode, now: queue.now) }

            mutating func record(_ kind: MockDispatchable.Event.Kind, thread: DispatchThread?, sequence: Int = -1) {
                log.append(kind, thread: thread, time: queue.now, sequence: sequence)
            }

            mutating func mark(_ label: String, driver: Int) {
                log.append(.mark, thread: frames.innermost(of: driver), time: queue.now, label: label)
            }

            mutating func enter(_ thread: DispatchThread, sequence: Int, identity: UInt64 = 0, driver: Int) -> Hooks {
                frames.push(thread, identity: identity, driver: driver)
                record(.enter, thread: thread, sequence: sequence)
                return hooks
            }

            /// ``enter(_:sequence:identity:driver:)``, unless `driver` is already ``MockDispatchable/nestingLimit``
            /// logical threads deep: then nil, and nothing changes.
            mutating func enterIfShallow(_ thread: DispatchThread, driver: Int) -> Hooks? {
                guard frames.depth(of: driver, below: MockDispatchable.nestingLimit) else { return nil }
                return enter(thread, sequence: -1, driver: driver)
            }

            mutating func exit(driver: Int) {
                if let thread = frames.pop(driver: driver) { record(.exit, thread: thread) }
            }

            /// Queues a job; returns its handle and the waiters it satisfies, to resume after unlocking.
            mutating func enqueue(_ job: Job, on thread: DispatchThread, after delay: TimeInterval, driver: Int)
                -> (Handle, [Resumption])
            {
                if case .task(let taskJob) = job {
                    return enqueue(task: taskJob, on: thread, after: delay, driver: driver)
                }
                let sender = self.sender(of: driver)
                let handle = queue.enqueue(
                    job, on: thread, after: delay, from: sender.thread, identity: sender.identity)
                return enqueued(handle, on: thread)
            }

            /// Queues a Swift task's job, named by what it is, not by its place among its sender's
            /// items, which may follow heap addresses (see ``CandidateKey``); returns its handle and
            /// the waiters it satisfies. Reads the job off `job`, not off a `Job` (see
            /// ``WorkQueue/enqueue(task:on:after:from:identity:)``).
            mutating func enqueue(task job: TaskJob, on thread: DispatchThread, after delay: TimeInterval, driver: Int)
                -> (Handle, [Resumption])
            {
                let identity = tracksIdentities ? Identity.child(of: 0, number: job.key.rawValue) : 0
                let handle = queue.enqueue(
                    task: job, on: thread, after: delay, from: frames.innermost(of: driver), identity: identity)
                log.name(handle.sequence, job.name)
                return enqueued(handle, on: thread)
            }

            /// Queues a sleeping task's wake-up at virtual time `deadline`, in nanoseconds (the mock's
            /// `clock`): at once if the deadline has passed, never if it is `GCD.neverDelay` or more
            /// away, as with a delay that long. Recorded as `after(d)`, `d` the time from now to it.
            mutating func enqueueWake(_ wake: @escaping @Sendable () -> Void, at deadline: Int64, driver: Int)
                -> (Handle, [Resumption])
            {
                let now = queue.now
                let isNeverDue = deadline > now && deadline - now >= Nanoseconds.neverDelay
                let due = isNeverDue ? Nanoseconds.never : Swift.max(deadline, now)
                let thread = DispatchThread.after(isNeverDue ? .infinity : Nanoseconds.seconds(due - now))
                let sender = self.sender(of: driver)
                let handle = queue.enqueue(
                    .wake(wake), on: thread, dueAt: due, from: sender.thread, identity: sender.identity)
                return enqueued(handle, on: thread)
            }

            /// Who queues an item: the logical thread `driver` is in, and under exploration the item's
            /// name for ``Identity``. Only exploration names items across runs, and only when its
            /// run record reads the names; other runs skip the bookkeeping.
            @inline(__always)
            private mutating func sender(of driver: Int) -> (thread: DispatchThread?, identity: UInt64) {
                tracksIdentities
                    ? frames.sender(of: driver) : (thread: frames.innermost(of: driver), identity: UInt64(0))
            }

            /// Records an item just queued; returns its handle and the waiters it satisfies.
            @inline(__always)
            private mutating func enqueued(_ handle: Handle, on thread: DispatchThread) -> (Handle, [Resumption]) {
                record(.enqueue, thread: thread, sequence: handle.sequence)
                return (handle, suspensions.isEmpty ? [] : suspensions.takeSatisfied(by: queue))
            }

            mutating func cancel(_ handle: Handle) {
                if let thread = queue.cancel(handle) { record(.cancel, thread: thread, sequence: handle.sequence) }
            }

            nonisolated enum Next {
                case work(Work)
                /// Nothing of the kind is due by the limit.
                case nothing
                /// The next item needs the main actor and the caller is not on the main queue.
                case needsMainActor
                /// Under exploration: this step offers other choices than the schedule recorded.
                case nondeterministic(String)
            }

            /// Dequeues the next item of `kind` due by `limit`: in manual mode the first in (due time,
            /// scheduling order); under exploration the one the run record picks. Changes nothing unless
            /// it returns `.work`. Swift tasks' jobs are offered only to the async explorer's own
            /// steps (`includingTasks`): a stepping call made inside a job runs the mock's blocks.
            mutating func dequeueNext(
                _ kind: MockDispatchable.WorkKind, until limit: Int64, onMainQueue: Bool, includingTasks: Bool
            ) -> Next {
                guard isExploring else {
                    guard let next = queue.firstDue(kind, until: limit) else { return .nothing }
                    if next.needsMainActor, !onMainQueue { return .needsMainActor }
                    return .work(queue.dequeue(next))
                }
                queue.choices(kind, until: limit, into: &runRecord!.candidates)
                if !includingTasks, queue.taskCount > 0 {
                    runRecord!.candidates.removeTasks()
                } else if queue.disorderedTaskCount > 0 {
                    runRecord!.candidates.orderTasks()
                }
                // An async run's steps: its choice points are recorded by what they offer.
                if includingTasks { runRecord!.recordCandidates() }
                // The run record lets go of the candidates before the queue changes.
                switch runRecord!.choose(at: queue.now, describing: { queue.work(for: $0).pending }) {
                case .mismatch: return .nondeterministic(runRecord!.mismatch ?? "")
                case .nothing: return .nothing
                case .candidate(let index):
                    let next = runRecord!.take(index)
                    if next.needsMainActor, !onMainQueue { return .needsMainActor }
                    if pacingLeft > 0, next.due > queue.now { pace(to: next.due) }
                    return .work(queue.dequeue(next))
                }
            }

            /// Notes the real time a paced run waits before moving its clock to `due`: as long as the
            /// move, within what is left of the pacing.
            private mutating func pace(to due: Int64) {
                pause = Swift.min(due - queue.now, pacingLeft)
                pacingLeft -= pause
            }

            func nothingToRun(_ kind: MockDispatchable.WorkKind) -> String {
                var message = "there is no queued \(kind) to run."
                let main = queue.count(.main)
                let offload = queue.count(.offload)
                if kind == .offload, main > 0 {
                    message += " \(main) main-thread item(s) are queued: use runNextMain() or runNext()."
                } else if kind == .main, offload > 0 {
                    message += " \(offload) offload item(s) are queued: use runNextOffload() or runNext()."
                }
                let never = queue.neverDueCount
                if never > 0 {
                    message += " \(never) item(s) have an infinite or NaN delay and never run."
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

#endif
