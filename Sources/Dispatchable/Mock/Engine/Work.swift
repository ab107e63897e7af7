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

    // MARK: - Queued work

    nonisolated extension MockDispatchable {
        /// A block of work, and where it belongs.
        // joined: fileprivate
        nonisolated enum Job {
            case offload(@Sendable () -> Void)
            case main(@MainActor @Sendable () -> Void)
            /// A sleeping task's wake-up: in the main-thread lane, but needs no main actor.
            case wake(@Sendable () -> Void)
            /// A job of a Swift task, under async exploration; see ``TaskJob``.
            case task(TaskJob)

            var needsMainActor: Bool {
                switch self {
                case .main: return true
                case .task(let job): return job.isMainActor
                case .offload, .wake: return false
                }
            }

            var isOffload: Bool {
                switch self {
                case .offload: return true
                case .task(let job): return !job.isMainActor
                case .main, .wake: return false
                }
            }

            var isTask: Bool {
                if case .task = self { return true }
                return false
            }

            /// Whether a stall of it is a task's (see ``StallBound``): a Swift task's job, or a
            /// sleeping task's wake-up, which the task waits on just as much. The mock's blocks are
            /// background or main-thread work, which may take as long as it takes.
            var stallsAsTask: Bool {
                switch self {
                case .task, .wake: return true
                case .offload, .main: return false
                }
            }
        }

        /// A queued job with its place in the order.
        // joined: fileprivate
        nonisolated struct Work {
            let sequence: Int
            /// Virtual nanoseconds; ``Nanoseconds/never`` if never due.
            let due: Int64
            let scheduledAt: Int64
            let thread: DispatchThread
            let scheduledFrom: DispatchThread?
            /// Names it across runs of an explored body; see ``Identity``.
            let identity: UInt64
            let job: Job
            /// Whether it needs the main actor (``Job/needsMainActor``), stored: read at every step
            /// without a look at the job (docs/performance.md, "Facts, not payloads or closures").
            let needsMainActor: Bool
            /// Where it waits in its lane's heap.
            var slot = 0

            /// What it is, the same in every run (see ``CandidateKey``): a task's job by its task and
            /// number, a block by its item number.
            var key: CandidateKey {
                if case .task(let taskJob) = job { return taskJob.key }
                return .item(sequence)
            }

            /// The step of its run that queued it, for a Swift task's job; 0 for anything else.
            var step: Int {
                if case .task(let taskJob) = job { return taskJob.step }
                return 0
            }

            /// Due time, then scheduling order: the order manual mode runs work in.
            @inline(__always)
            func runsBefore(_ other: Work) -> Bool {
                WorkQueue.runsBefore(due, sequence, other.due, other.sequence)
            }

            var pending: MockDispatchable.PendingWork {
                var isSleep = false
                var task: String?
                switch job {
                case .wake: isSleep = true
                case .task(let taskJob):
                    isSleep = taskJob.isWakeUp
                    task = taskJob.name
                case .main, .offload: break
                }
                return MockDispatchable.PendingWork(
                    sequence: sequence, thread: thread, dueTime: Nanoseconds.seconds(due),
                    scheduledAt: Nanoseconds.seconds(scheduledAt), scheduledFrom: scheduledFrom, isSleep: isSleep,
                    task: task)
            }
        }

        /// Names one queued item so that it can be cancelled, with no allocation per item: its lane,
        /// the slot it waits in, and its sequence number, which tells it apart from a later item
        /// reusing the slot.
        // joined: fileprivate
        nonisolated struct Handle: Sendable {
            let isOffload: Bool
            let slot: Int
            let sequence: Int
        }
    }

#endif
