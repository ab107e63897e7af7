#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Limits

    nonisolated extension MockDispatchable {
        /// Every bound the mock keeps, in one place: how far it lets work go before it reports
        /// runaway work, how long it waits for work from outside a run, and how much an
        /// exploration spends on a failure. Each is far above what a well-behaved test reaches, so
        /// that hitting one means something is wrong; the messages that report one name it.
        // joined: fileprivate
        nonisolated enum Limits {
            // Stepping.

            /// Items one stepping call runs by default before deciding that work reschedules
            /// itself forever (public as ``MockDispatchable/defaultStepLimit``).
            static let defaultSteps = 100_000
            /// The most items one stepping call runs, whatever its `maxSteps` (public as
            /// ``MockDispatchable/largestStepLimit``).
            static let largestSteps = 1_000_000
            /// An async run counts its steps in windows of ``defaultSteps``: one that ends a window
            /// having seen at least this many new tasks in it is work that grows — a task group of
            /// 100,000 children, each run once — not work that reschedules itself, and goes on for
            /// another window, up to ``largestSteps`` in all. A `Task.yield()` poll makes no tasks.
            static let newTasksPerStepWindow = defaultSteps / 10
            /// How many logical threads deep immediate mode nests work before it queues it (public
            /// as ``MockDispatchable/nestingLimit``).
            static let nesting = 1_000

            // Exploration.

            /// How many choice points in a row may pass over the same first choice (the item due
            /// longest) before it runs: a fair scheduler's bound, so that work that reschedules
            /// itself (a `Task.yield()` poll, a block that queues itself again) cannot starve the
            /// rest under any strategy. Far above what a body's ordinary schedules reach.
            static let fairness = 1_000
            /// The most runs spent dropping and moving deviations of one failure.
            static let droppingBudget = 500
            /// How long a run driven on the main queue runs its steps there in one piece before it
            /// lets the main queue run what else is queued on it: other tests' main-actor work, and
            /// work the run waits for from there (a foreign global hook's tasks, which run on the
            /// real main actor), which a run that polls with `Task.yield()` would otherwise hold off
            /// for all its steps.
            static let mainQueueSlice: TimeInterval = 0.02
            /// How many body tasks an async exploration makes ahead of its runs at a time, in the task
            /// that awaits it (see ``RunSpawner/launch(on:_:claimingJobs:)``), when fewer than half of that are left.
            static let launchersAhead = 8
            /// How many steps (jobs and blocks run) minimising a failure of an async exploration may
            /// take: its runs cost hundreds of steps, so the budgets in runs could take minutes. A
            /// couple of seconds of a long run in either build: fewer steps in a debug build, which
            /// runs a step several times slower (docs/performance.md, "Budgets by build"). In
            /// steps, so that a report does not depend on the machine's load. When it runs out
            /// before fewer deviations are ruled out, the report says so.
            static let asyncMinimisingSteps = _isDebugAssertConfiguration() ? 150_000 : 400_000
            /// The most runs spent searching upward for a failure with fewer deviations.
            static let searchBudget = 20_000
            /// The most runs spent, once the fewest deviations are known, looking among schedules
            /// with that many for one whose longest stall is shorter.
            static let stallPreferenceBudget = 2_000
            /// How long a task's job (or a sleeping task's wake-up) that could run may wait behind a
            /// timer when `maximumStall:` is left out, in virtual nanoseconds: 0.1 s, what a loaded
            /// machine does to a runnable thread. Longer stalls of tasks are legal, but real suites
            /// wait on timeouts of seconds, and a first report that a 10 s timeout beat a job stalled
            /// 10 s is true but unhelpful (see ``StallBound``; `maximumStall: .infinity` explores them).
            static let defaultTaskStall: Int64 = 100_000_000
            /// How many schedules the search past the default stall bound runs after an exploration
            /// that passed, having run `run` schedules (see ``Explorer/searchPastTheStallBound(after:)``):
            /// half as many, and, after an exploration that covered every schedule (a small body), at
            /// least ``slowWorkMinimum``, so that the stalls of a small body are searched too. One
            /// that stopped at its budget (`schedules:`, `limit:`) keeps to half of it.
            static func slowWorkSchedules(after run: Int, wasExhaustive: Bool) -> Int {
                Swift.max(run / 2 + run % 2, wasExhaustive ? slowWorkMinimum : 1)
            }
            /// See ``slowWorkSchedules(after:wasExhaustive:)``.
            static let slowWorkMinimum = 16
            /// How many times a run whose sleep was read inexactly off the real clock is run in all
            /// (see ``SleepDeadline``): a thread stalled on a loaded machine seldom stalls at the same
            /// sleep eight times in a row. A reading inexact every time (a job that computes for
            /// longer than the slack before it sleeps) is kept, the same in every run, and said once.
            static let inexactReadingAttempts = 8
            /// How long the driving thread pauses before attempt `attempt` (from 2) of a run whose
            /// sleep was read inexactly: 1 ms, doubling to 32 ms (95 ms over all eight). A thread
            /// that has just slept is scheduled ahead of the busy threads that preempted it, so the
            /// next attempt's hand-over is seldom preempted again; the pause is paid only by
            /// schedules whose reading was inexact.
            static func inexactReadingPause(beforeAttempt attempt: Int) -> TimeInterval {
                Swift.min(0.001 * Double(1 << Swift.min(Swift.max(attempt - 2, 0), 5)), 0.032)
            }
            /// How long one synchronous exploration may hold the main actor before the process is
            /// told, once (see ``MainActorHold``).
            static let mainActorHoldNote: TimeInterval = 1
            /// How many runs' mocks that outlived their runs are noted between two counts of those
            /// still alive (a leak is reported once half of them are).
            static let outlivedMocksWindow = 1_000

            // Async exploration.

            /// The most candidates of one choice point an async run records by what they are (see
            /// `OfferedCandidates`): enough to name what differed at the choice points bodies have,
            /// few enough that recording costs a run nothing that grows with what it has queued.
            static let recordedCandidates = 32
            /// How much of a failing run's virtual time the run that checks the failure on real
            /// time paces (see ``Explorer/checkOnRealTime(_:number:)``), in nanoseconds: it costs as
            /// much real time, once per failure, and holds the driving thread (the main queue under
            /// the public capture) while it waits. A second covers the sleeps around which tests read
            /// clocks (a timed 5 ms sleep, a token that goes stale after half a second).
            static let realTimePacing: Int64 = 1_000_000_000
            /// Steps run, after an async run's body returned, to finish what the run left.
            static let asyncRunDrainSteps = 10_000
            /// How long a run with nothing to run waits for work resumed from outside it before it
            /// calls the state a deadlock: long enough for work that left the run on a real queue
            /// slow to run it (a loaded machine, a queue's backlog), so that an actor on a custom
            /// executor is reported the same way every time. The wait ends as soon as work arrives.
            static let arrivalGrace: TimeInterval = 0.6
            /// The same wait the first time an exploration's run gets stuck: on a loaded machine a
            /// queue may take seconds to run what left the run (an actor on its own executor), and
            /// the first answer decides how later stuck runs are reported (see ``RunWatch``).
            static let firstArrivalGrace: TimeInterval = 3
            /// How long a thread an exploration ran on stays parked for the next one (see
            /// ``ParkedThreads``): long enough to carry a suite's explorations from one test to the next.
            static let parkedThreadLife: TimeInterval = 5
            /// The most the first stuck run of an exploration waits, after ``firstArrivalGrace``, for
            /// dispatch's global queues and the runtime's global executor to run what was queued on
            /// them before: under Thread Sanitizer, in the full parallel suite on two cores, a task
            /// an actor started waited there more than 3 s, and the run read it as a deadlock. The
            /// wait ends as soon as they have; on an idle machine within a millisecond.
            static let realQueuesGrace: TimeInterval = 60
            /// How long a stuck run under the public capture waits for the main queue to run what
            /// is queued on it.
            static let mainQueueGrace: TimeInterval = 2
            /// How long one step of an async run may go without returning before the explorer
            /// calls the run deadlocked: a job (or a block) blocked its thread on a semaphore, a
            /// lock or a synchronous wait for work of the run, which cannot run while it waits.
            /// Far above what one job of a test takes, Thread Sanitizer included.
            static let blockedStepGrace: TimeInterval = 5
            /// The least share of a stuck step's time its thread must have been busy on the CPU for
            /// the watchdog to call it spinning (a job that never suspends) rather than blocked: a
            /// blocked thread uses next to none (microseconds in 5 s); a spinning one all it gets,
            /// which is more than this unless a hundred runnable threads share each core. Low, as a
            /// spinning job on a core shared with parallel tests gets only a small share of it.
            static let spinningShare = 0.01
            /// The least CPU time a stuck step's thread must have used for the watchdog to call it
            /// spinning before ``starvedStepGrace``: on a machine loaded enough to give the thread a few
            /// percent of a core, a long job (one that queues thousands of tasks) still computes when
            /// ``blockedStepGrace`` has passed.
            static let spinningCPU: TimeInterval = 2
            /// The most a step whose thread computes, but has not used ``spinningCPU`` yet, may go
            /// without returning before the watchdog calls it spinning all the same.
            static let starvedStepGrace: TimeInterval = 30
            /// How long a step of an async run may block its thread without computing before the
            /// watchdog notes it as a blocking wait (see ``RunWatch/blockedWait``): a wait on its
            /// thread for other work of the run — XCTest's `wait(for:timeout:)`, a semaphore — which
            /// cannot run meanwhile, so that a timeout of the wait fires in every schedule. Far above
            /// what a job of a test blocks on a lock another thread holds briefly.
            static let blockedWaitNotice: TimeInterval = 0.5
            /// The most CPU a step noted as a blocking wait may have used, as a share of its time: a
            /// wait that polls (XCTest's `wait(for:timeout:)` spins the run loop) uses a few percent,
            /// a job that computes all the CPU it gets.
            static let blockedWaitShare = 0.1
            /// How often an async exploration's watchdog looks for a blocked step.
            static let watchdogInterval: TimeInterval = 0.1
            /// How many spans of jobs a run keeps (see ``TaskInbox/jobSpans``), halved when full: a
            /// deadline read further back is read off the sleeping job alone.
            static let jobSpans = 256
            /// The longest wait between two jobs at one virtual time that still leaves them in one
            /// span (see ``TaskInbox/jobSpans``): the explorer's own work between steps is shorter; a
            /// wait for the main queue, or a thread preempted between steps, longer.
            static let jobSpanGap: TimeInterval = 0.001
        }
    }

#endif
