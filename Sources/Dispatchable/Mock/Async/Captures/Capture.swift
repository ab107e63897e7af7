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

    // MARK: - What the captures share

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// What every capture shares: the runs open now, by task, and the runtime's public
        /// functions, found with `dlsym` as swift-concurrency-extras finds them.
        // joined: fileprivate
        nonisolated enum Capture {
            /// The open runs, for jobs enqueued on threads that drive no run: each knows its tasks
            /// (``TaskInbox/knowsTask(_:)``). By run, not by task, so that a run's tasks cost no
            /// dictionary update each (docs/performance.md, "Lists and counts, not hashing").
            private static let registry = Locked<[TaskInbox]>([])

            static func register(_ inbox: TaskInbox) { registry.withLock { $0.append(inbox) } }

            static func unregister(_ inbox: TaskInbox) {
                registry.withLock { inboxes in inboxes.removeAll { $0 === inbox } }
            }

            /// The open run that `owns`, if any. The inboxes are asked outside the registry's lock: an
            /// inbox's lock is never taken inside it.
            private static func owner(where owns: (TaskInbox) -> Bool) -> TaskInbox? {
                let inboxes = registry.withLock { $0 }
                return inboxes.first(where: owns)
            }

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
                // Each inbox called where it is found, not handed on: each copy of a class reference
                // retains it, at every job (docs/performance.md, "Pointers, not stored references").
                if let driven = DrivingThread.inbox {
                    return driven.accept(
                        job, id: id, isMainActor: isMainActor, after: delay, onDrivingThread: true,
                        prefersRun: prefersRun, hasTaskID: hasTaskID)
                }
                if hasTaskID, let owner = owner(where: { $0.knowsTask(id) }) {
                    return owner.accept(
                        job, id: id, isMainActor: isMainActor, after: delay, onDrivingThread: false,
                        prefersRun: prefersRun, hasTaskID: hasTaskID)
                }
                // A stealer of a run's actor, escalated from outside the run: the run's, held.
                if !hasTaskID, delay == nil, let actor = ActorJobs.actor(drainedBy: job),
                    let owner = owner(where: { $0.holdsJob(drainingActor: actor) })
                {
                    return owner.accept(
                        job, id: id, isMainActor: isMainActor, after: delay, onDrivingThread: false,
                        prefersRun: prefersRun, hasTaskID: hasTaskID)
                }
                // No run's: kept back if it is the first job of a task made ahead of its run.
                return hasTaskID && !isMainActor && delay == nil && LaunchHold.hold(job)
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
                hook(Hook.self, at: address(of: name))
            }

            /// The hook variable of type `Hook?` at `address`, one that ``address(of:)`` found: for a
            /// hook read at every run, whose address is kept (as an integer: a pointer is not
            /// `Sendable`), as `dlsym` searches the symbol tables at every call.
            static func hook<Hook>(_: Hook.Type, at address: UInt?) -> UnsafeMutablePointer<Hook?>? {
                address.flatMap { UnsafeMutablePointer<Hook?>(bitPattern: $0) }
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
    }

#endif
