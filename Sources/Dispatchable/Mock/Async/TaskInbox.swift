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
            // joined: private
            let mock: MockDispatchable
            /// The executor the run's tasks prefer.
            // joined: private
            let executor: RunExecutor
            /// What the run's threads share, behind its lock, without a retain at each lock (see
            /// ``Locked/Unretained``): taken several times at every job; `stateStorage` keeps it.
            // joined: private
            let state: Locked<State>.Unretained
            private let stateStorage = Locked(State())
            /// The instants the state's times count from.
            // joined: private
            let epochs = Epochs()
            /// ``Limits/jobSpanGap``, as the state's times count.
            // joined: private
            static let jobSpanGap = Duration.nanoseconds(Int64(Limits.jobSpanGap * 1e9))

            // joined: private
            nonisolated struct Epochs {
                let continuous = ContinuousClock.now
                let suspending = SuspendingClock.now

                func continuous(_ since: Duration) -> ContinuousClock.Instant { continuous.advanced(by: since) }
                func suspending(_ since: Duration) -> SuspendingClock.Instant { suspending.advanced(by: since) }
                func since(_ instant: ContinuousClock.Instant) -> Duration { continuous.duration(to: instant) }
                func since(_ instant: SuspendingClock.Instant) -> Duration { suspending.duration(to: instant) }
            }
            // joined: private
            let arrivals = DispatchSemaphore(value: 0)
            /// The readings the exploration's runs gave their sleeps, by job.
            // joined: private
            let sleepReadings: SleepReadings

            /// Whether a main-actor lookup on the thread that drives the run answers with the run's
            /// main executor (the public capture's ``MainExecutorHook``).
            let takesMainActorLookups: Bool
            /// Whether the run's steps may move to the main queue: its capture runs main-actor jobs
            /// on the thread that drives it (see ``AsyncRun/drive(_:mayUseMainQueue:)``).
            // joined: private
            let mayUseMainQueue: Bool
            /// Where a task in a sleep the capture cannot see resumes (see ``UnseenSleep``): a task whose
            /// job returns at one of them is recognised then. Empty where the capture sees every sleep.
            // joined: private
            let unseenSleepResumePoints: [UInt]

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

            /// Whether the run is closed: over, or given up by the watchdog while it is driven.
            var isClosed: Bool { state.withLock { state in !state.isOpen } }

            /// How many tasks the run has seen.
            var tasksSeen: Int { state.withLock { state in state.tasks.tasks.count } }

            /// `task 1, task 2`: every task the run has seen.
            var taskNames: [String] {
                state.withLock { state in state.tasks.tasks.map(\.name) }
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
