#if DEBUG
    import Foundation

    // MARK: - What a run's inbox guards: its tasks, steps, spans, idle waiters

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// What the lock guards: in one value behind a pointer (``Locked``), so that a step's
        /// bookkeeping makes no exclusivity check on a stored `var` of the inbox
        /// (docs/performance.md, "Pointers, not stored references").
        // joined: fileprivate
        nonisolated struct State {
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
            var actorJobsPending = MockDispatchable.ActorJobs.Pending()
            var firstEscape: Escape?
            /// The task that suspended in a sleep the capture cannot see (see ``UnseenSleep``).
            var unseenSleep: String?
            var lastTask: String?
            /// The step running now: its number in the run, when it began, the name of the job it
            /// runs (nil for a block of the mock), and that job's task (nil for an actor's own job).
            var step: Step?
            /// Whether the step running now waits for the main queue (see ``runOnMainQueue(_:)``).
            var waitsForMainQueue = false
            /// Whether the step running now waits real time, a paced run's move of the clock (see
            /// ``pause(nanoseconds:)``).
            var pauses = false
            /// The task of the job running now, retained (see ``RunningTask``): the watchdog may
            /// cancel it while the step has not returned. Released when the step ends.
            var runningTask: UnsafeMutableRawPointer?
            var isOpen = true
            /// The task whose own job runs now on the driving thread, off the main actor, and what
            /// it enqueued of itself for the global executor while it ran (see
            /// `runOwnJob(_:of:on:)`).
            var ownJob: OwnJob?
            /// The job running now, and how many sleeps it has asked for so far (see
            /// ``TaskInbox/sleepReading(fits:inferred:)``).
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
                let key: MockDispatchable.CandidateKey
                var sleeps: Int
            }
        }
    }

#endif
