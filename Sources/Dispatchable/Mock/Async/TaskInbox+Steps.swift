#if DEBUG
    import Dispatch
    import Foundation
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    #endif

    // MARK: - A run's steps: what runs now, and since when

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// Notes that a step of the run begins now, on the driving thread; `onlyIfGoingOn`, only if
        /// the run goes on — its body has not ended, it is open, and no work of it was resumed
        /// from outside it — in the same lock. Whether the step began.
        @discardableResult
        func stepBegins(onlyIfGoingOn: Bool = false) -> Bool {
            let now = epochs.since(ContinuousClock.now)
            return state.withLock { state in
                if onlyIfGoingOn,
                    state.bodyResult != nil || !state.isOpen || state.firstEscape != nil || state.unseenSleep != nil
                {
                    return false
                }
                state.steps += 1
                state.step = State.Step(number: state.steps, began: now, job: nil, task: nil)
                return true
            }
        }

        /// Notes that the job `name` starts now (a sleep's delay is read from it), a job of the task
        /// `task` (`task 2`); nil for an actor's own job (then `job` is not a task). `ownTask`, the
        /// task's id when the job runs as its own on the run's executor (see `runOwnJob`);
        /// `drainedActor`, the actor an actor's processing job drains: the stealers held for it
        /// (see ``ActorJobs``), to run right after it.
        @discardableResult
        func jobStarts(
            _ name: String, task taskName: String?, key: MockDispatchable.CandidateKey, job: UnownedJob,
            ownTask: UInt64? = nil,
            drainedActor: UInt? = nil
        ) -> [UnownedJob] {
            let isTask = taskName != nil
            let virtual = mock.now
            let now = (ContinuousClock.now, SuspendingClock.now)
            let sinceEpochs = (epochs.since(now.0), epochs.since(now.1))
            let task = isTask ? MockDispatchable.RunningTask.retain(job) : nil
            var stealers: [UnownedJob] = []
            let released: UnsafeMutableRawPointer? = state.withLock { state in
                if let ownTask { state.ownJob = State.OwnJob(task: ownTask, hop: nil) }
                if let drainedActor { stealers = state.actorJobsPending.runs(draining: drainedActor) }
                state.started = State.Start(continuous: sinceEpochs.0, suspending: sinceEpochs.1)
                state.running = State.Running(key: key, sleeps: 0)
                if isTask { state.lastTask = name }
                state.stepRanJob = true
                let count = state.spans.count
                if count == 0 || state.spans[count - 1].virtual != virtual
                    || sinceEpochs.0 - state.spans[count - 1].end.continuous > Self.jobSpanGap
                {
                    if count >= MockDispatchable.Limits.jobSpans {
                        state.spans.removeFirst(MockDispatchable.Limits.jobSpans / 2)
                    }
                    let start = State.Start(continuous: sinceEpochs.0, suspending: sinceEpochs.1)
                    state.spans.append(State.Span(virtual: virtual, start: start, end: start))
                }
                // A job of a run given up runs on the real executors, beside the step that kept
                // the driving thread: not that step's job.
                guard state.isOpen else { return task }
                state.step?.job = name
                state.step?.task = taskName
                defer { state.runningTask = task }
                return state.runningTask
            }
            MockDispatchable.RunningTask.release(released)
            return stealers
        }

        /// Notes that the step running now has returned: the span of the job it ran, if it ran
        /// one, ends now; and, where the capture cannot see sleeps, whether the job's task
        /// suspended in one (the run then stops: see ``unseenSleep``).
        func stepEnds() {
            let now = (epochs.since(ContinuousClock.now), epochs.since(SuspendingClock.now))
            let (task, taskName): (UnsafeMutableRawPointer?, String?) = state.withLock { state in
                let taskName = state.step?.task
                state.step = nil
                if state.stepRanJob {
                    state.stepRanJob = false
                    let count = state.spans.count
                    if count > 0 { state.spans[count - 1].end = State.Start(continuous: now.0, suspending: now.1) }
                }
                return (state.runningTask.take(), taskName)
            }
            if !unseenSleepResumePoints.isEmpty, let task, let taskName,
                MockDispatchable.UnseenSleep.isSleeping(task, resumingAtOneOf: unseenSleepResumePoints)
            {
                state.withLock { state in
                    if state.unseenSleep == nil { state.unseenSleep = taskName }
                }
            }
            MockDispatchable.RunningTask.release(task)
        }

        /// Notes how the run's body ended: from now on the run does not go on.
        func bodyEnds(_ result: Result<Void, any Error>) {
            state.withLock { state in state.bodyResult = result }
        }

        /// How the run's body ended, if it has.
        var bodyResult: Result<Void, any Error>? { state.withLock { state in state.bodyResult } }

        /// The step running now, if any: its number in the run, when it began, what it runs (a
        /// job's name, or "a block of the mock"), and who runs it (the job's task, else the same).
        var runningStep: (number: Int, began: ContinuousClock.Instant, job: String, task: String)? {
            state.withLock { state in
                guard !state.waitsForMainQueue, !state.pauses else { return nil }
                return state.step.map { current in
                    let job = current.job ?? "a block of the mock"
                    return (current.number, epochs.continuous(current.began), job, current.task ?? job)
                }
            }
        }

        /// The task whose job step `number` runs, retained for the caller (who releases it), if
        /// that step has not returned: the watchdog cancels it after giving the run up, when the
        /// task may already go on elsewhere (a hop to the real executors ends the step).
        func retainedTask(ofStep number: Int) -> UnsafeMutableRawPointer? {
            // Retained under the lock: the step's own reference is released only after
            // `stepEnds` has taken it, so the task is alive here even if the step returns now.
            state.withLock { state in
                guard state.step?.number == number, let runningTask = state.runningTask else { return nil }
                return MockDispatchable.RunningTask.retain(runningTask)
            }
        }

        /// Waits `nanoseconds` of real time within the step running now, which the watchdog does
        /// not see meanwhile, and whose time starts again after it: a paced run's move of the clock
        /// (see ``MockDispatchable/RunRecord/pacesRealTime``), not a job that blocks its thread.
        func pause(nanoseconds: Int64) {
            state.withLock { state in state.pauses = true }
            Thread.sleep(forTimeInterval: MockDispatchable.Nanoseconds.seconds(nanoseconds))
            let now = epochs.since(ContinuousClock.now)
            state.withLock { state in
                state.pauses = false
                state.step?.began = now
            }
        }

        /// The task whose job ran last (actors' own jobs aside).
        var lastTaskRun: String? { state.withLock { state in state.lastTask } }

        /// The task of the run that suspended in a sleep its capture cannot see, if one did: the
        /// run stops there, and is refused naming it.
        var unseenSleep: String? { state.withLock { state in state.unseenSleep } }
    }

#endif
