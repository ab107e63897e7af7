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

    // MARK: - Task jobs

    nonisolated extension MockDispatchable {
        /// A job of a Swift task that an async exploration captured: the main actor's jobs wait in
        /// the main-thread lane, every other job (nonisolated code, actors) is concurrent, like
        /// offload work. Only the explorer runs them; see `AsyncRun`. A class, so that `Job` stays
        /// as small as a closure: every queued item of every mode carries one.
        // joined: fileprivate
        nonisolated final class TaskJob: Sendable {
            /// The job as the runtime enqueued it.
            let job: UnownedJob
            /// The inbox that runs it (on the driving thread, isolated as the job needs; see
            /// ``TaskJobRunner``).
            let runner: any TaskJobRunner
            /// The id of its task; 0 for an actor's own job.
            let taskID: UInt64
            /// Whether its task prefers the run's executor (SE-0417), seen at this job or before.
            let keepsPreference: Bool
            /// `task 2`, `task 1 on the main actor`: the task's ordinal in its run.
            let name: String
            /// `task 2`: the name of its task; nil for an actor's own job.
            let taskName: String?
            let isMainActor: Bool
            /// A sleeping task's wake-up (`Task.sleep`).
            let isWakeUp: Bool
            /// What the job is, the same in every run that made the same choices before it (see
            /// ``CandidateKey``).
            let key: CandidateKey
            /// The step of the run that enqueued it: jobs that became runnable in the same step are
            /// offered in the order of their ``key``, not in the order they were enqueued.
            let step: Int
            /// Whether it was resumed from outside the run (on a thread that drives no run: real GCD,
            /// a real thread, a child process's end): work the run does not control.
            let isFromOutside: Bool

            /// Runs the job (on the driving thread, isolated as the job needs). Facts and a method,
            /// not a closure made per job (docs/performance.md, "Facts, not payloads or closures").
            func run() { runner.run(self) }

            /// Runs the job on the real executors, outside any run: the main queue for a main-actor
            /// job, a global queue for any other (a run given up hands its jobs over this way).
            func runOnRealExecutor() {
                if isMainActor {
                    DispatchQueue.main.async { self.run() }
                } else {
                    DispatchQueue.global().async { self.run() }
                }
            }

            init(
                job: UnownedJob, runner: any TaskJobRunner, taskID: UInt64, keepsPreference: Bool, name: String,
                taskName: String?, isMainActor: Bool, isWakeUp: Bool, key: CandidateKey, step: Int,
                isFromOutside: Bool = false
            ) {
                self.job = job
                self.runner = runner
                self.taskID = taskID
                self.keepsPreference = keepsPreference
                self.name = name
                self.taskName = taskName
                self.isMainActor = isMainActor
                self.isWakeUp = isWakeUp
                self.key = key
                self.step = step
                self.isFromOutside = isFromOutside
            }
        }

        /// What runs a ``TaskJob``: the inbox of the async run that captured it (a protocol, so that
        /// the job, which every queued item's `Job` may hold, names no type of macOS 15's).
        // joined: fileprivate
        nonisolated protocol TaskJobRunner: AnyObject, Sendable {
            func run(_ job: TaskJob)
        }
    }

#endif
