#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - How an async run fails

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.AsyncRun {
        /// `failure`, or, after a step of the run blocked its thread (a wait that timed out, and
        /// the body went on from there), the refusal that names that wait.
        func refusingABlockedWait(_ failure: any Error) -> any Error {
            guard let blocked = watch.blockedWait else { return failure }
            return blockedWaitRefusal(blocked, failure: failure)
        }

        /// The refusal of a run that failed after one of its steps blocked its thread, not
        /// computing: the failure may be that wait's own (its timeout), in every schedule, and
        /// says nothing about orders. `failure` is the run's error, or the first issue the test
        /// recorded in it.
        func blockedWaitRefusal(_ blocked: MockDispatchable.RunWatch.BlockedWait, failure: any Error)
            -> MockDispatchableError
        {
            let failed = (failure as? MockDispatchableError)?.message ?? String(describing: failure)
            return mock.error(
                .unsupported,
                "\(blocked.job) blocked its thread for at least \(String(format: "%.1f", blocked.seconds)) s "
                    + "without computing, then the run failed (\(failed)). One thread drives a run's jobs, so a "
                    + "job that waits on its thread for other work of the run — XCTest's wait(for:timeout:), a "
                    + "semaphore, DispatchGroup.wait — waits in vain until its timeout, in every schedule: the "
                    + "failure says nothing about orders. Await instead (await fulfillment(of:), a continuation, "
                    + "an AsyncStream), or leave that wait out of the explored test.",
                fileID: fileID, line: line)
        }

        /// `error`, or a refusal where it is the mock's `.mainActorRequired` under the public
        /// capture: its runs are driven off the main queue (its main-actor jobs are not captured),
        /// so the body's synchronous stepping cannot run the mock's main work in any schedule —
        /// what the platform does not give, not a failing schedule.
        func offMainQueue(_ error: any Error) -> any Error {
            guard !capture.capturesMainActor, let error = error as? MockDispatchableError,
                error.kind == .mainActorRequired
            else { return error }
            return mock.error(
                .unsupported,
                "the body stepped the mock's main-actor work (main or after) synchronously, and under the "
                    + "public capture a run is driven off the main queue, so that work cannot run in it: "
                    + "\(error.message) Explore such code with the executor-factory capture (Linux, Swift "
                    + "6.3), or keep the body's main-actor work out of the explored part.",
                fileID: fileID, line: line)
        }

        /// A step that has not returned for ``MockDispatchable/Limits/blockedStepGrace``: `.stepLimitExceeded` when
        /// its thread was busy all along (a job that never suspends: the same runaway as a run that
        /// takes ``defaultStepLimit`` steps, in one job), else `.deadlock` (a job that blocked its
        /// thread waiting for work of the run).
        func stuckStepError(
            caller: MockDispatchable.ExplorationPlan.Caller, job: String, task: String,
            busy: (cpu: Duration, of: Duration)?,
            cancels: Bool, choices: [MockDispatchable.Choice], released: Int
        ) -> MockDispatchableError {
            // At least the grace; `measured` below gives how long the watchdog saw it run (longer for
            // a thread a loaded machine starved: see `MockDispatchable.Limits.spinningCPU`).
            let seconds = Int(MockDispatchable.Limits.blockedStepGrace)
            let freed =
                "Exploration stopped here; to free the thread, the run's \(released) queued "
                + "job\(released == 1 ? "" : "s") went to the real executors"
                + (cancels ? " and \(task) was cancelled (a loop that checks Task.isCancelled ends)." : ".")
            // Spinning: the thread was on the CPU for a share of the time a blocked thread never
            // uses (see `MockDispatchable.Limits.spinningShare`).
            let spinning = busy.map { $0.cpu >= $0.of * MockDispatchable.Limits.spinningShare }
            let measured =
                busy.map { " (on the CPU \(Self.seconds($0.cpu)) of the \(Self.seconds($0.of)) watched)" } ?? ""
            let message: String
            let kind: MockDispatchableError.Kind
            if spinning == true {
                kind = .stepLimitExceeded
                message =
                    "\(caller): a run's job never suspended: a step running \(job) has not returned for \(seconds) s, "
                    + "and the thread that drives the run was busy\(measured): \(task) is spinning, not "
                    + "blocked — a loop that never reaches an await that suspends (an iterator whose next() never "
                    + "suspends, a busy-wait for something another task of the run would do). The run runs one job "
                    + "at a time on one thread, so nothing else of it can run until that job returns; on a "
                    + "cooperative pool of width 1 it starves every other task the same way. Add `await "
                    + "Task.yield()` (or another suspension) in the loop, or await what it waits for. \(freed)"
            } else {
                kind = .deadlock
                let spinsToo =
                    spinning == nil
                    ? " Or it spins: a loop that never suspends holds the thread the same way (add `await "
                        + "Task.yield()` in it); this platform cannot tell the two apart."
                    : ""
                message =
                    "\(caller): a run deadlocked: a step running \(job) has not returned for \(seconds) s\(measured). "
                    + "It blocked the one thread that drives the run (on a semaphore, a lock, DispatchGroup.wait "
                    + "or a synchronous queue call, waiting for work of the run?), and the run runs one job at a "
                    + "time on that thread, so what it waits for cannot run. Swift concurrency asks the same of "
                    + "real code: never block a thread waiting for async work (the cooperative pool may have no "
                    + "thread to spare).\(spinsToo) \(freed)"
            }
            let because = spinning == true ? "spins for \(seconds) s" : "blocks for \(seconds) s"
            return MockDispatchableError(
                kind: kind,
                message: message + "\n  "
                    + MockDispatchable.ScheduleText.unminimised(
                        choices, because: "every run of it \(because)", after: caller),
                snapshot: mock.snapshot, fileID: fileID, line: line,
                schedule: MockDispatchable.ScheduleText.encode(choices))
        }

        /// `4.93 s`.
        static func seconds(_ duration: Duration) -> String {
            let milliseconds = duration / .milliseconds(1)
            return String(format: "%.2f s", milliseconds / 1_000)
        }

        var tasks: String { MockDispatchable.BoundedList.quoted(inbox.taskNames.joined(separator: ", "), limit: 400) }

        func deadlock() -> MockDispatchableError {
            mock.error(
                .deadlock,
                "the run deadlocked: nothing can run, no timer is pending, and task 1 (the body) is still "
                    + "suspended. Tasks of this run: \(tasks) (any that did not finish is waiting too). A "
                    + "continuation that is never resumed, or work awaited that nothing runs?",
                fileID: fileID, line: line)
        }

        func stuck() -> MockDispatchableError {
            let hop =
                capture.capturesMainActor
                ? ""
                : "a hop to the main actor that has not come back (this runtime has no "
                    + "swift_task_getMainExecutor_hook\(MockDispatchable.mainExecutorHookTurnedOffNote)), "
            return mock.error(
                .unsupported,
                "the run is stuck: nothing of it can run and task 1 (the body) is still suspended. Tasks of "
                    + "this run: \(tasks). The public capture cannot tell what they wait for: "
                    + "\(MockDispatchable.SleepHooks.possibleCause("a Task.sleep"))\(hop)or a deadlock. \(MockDispatchable.PublicCapture.sleepAdvice)",
                fileID: fileID, line: line)
        }

        func escape(_ escape: MockDispatchable.TaskInbox.Escape) -> any Error {
            if let refusal = capture.refusal(for: escape) {
                return mock.error(.unsupported, refusal, fileID: fileID, line: line)
            }
            return MockDispatchable.EscapedWork(
                message: "work of the run was resumed from outside it: \(escape.task) was resumed on a "
                    + "thread the run does not drive\(escape.onQueue) (an actor with a custom executor, or a "
                    + "continuation resumed by real GCD, a real thread or a timer?). Inject the mock there, or "
                    + "resume on its queues; an actor on its own executor runs outside the run.")
        }

        func runaway(_ steps: Int) -> MockDispatchable.RunawayRun {
            MockDispatchable.RunawayRun(
                error: mock.error(
                    .stepLimitExceeded,
                    "the run took \(steps) steps and task 1 (the body) has not finished; the last task to run "
                        + "was \(inbox.lastTaskRun ?? "task 1"). It looks like work that reschedules itself forever: "
                        + "a Task.yield() poll for something that never happens, a poller that never stops, or a "
                        + "loop on a timer that never ends (a refresh loop sleeping on virtual time: waitUntilIdle() "
                        + "waits for every task of the run, that loop too, so await what the test checks instead)? "
                        + "(Every other job of the run got its turn: a job passed over "
                        + "\(MockDispatchable.Limits.fairness) times in a row runs next. A run that keeps making new tasks — "
                        + "\(MockDispatchable.Limits.newTasksPerStepWindow) or more in each \(MockDispatchable.defaultStepLimit) "
                        + "steps — goes on up to \(MockDispatchable.Limits.largestSteps) steps.)",
                    fileID: fileID, line: line))
        }
    }

#endif
