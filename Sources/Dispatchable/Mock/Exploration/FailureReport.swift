#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Failure report

    nonisolated extension MockDispatchable {
        /// The errors an exploration throws, in words: a failing schedule (minimised and confirmed,
        /// or reported at once), a body that is not deterministic, a call refused before any run.
        /// It runs nothing; the driver (``Explorer``) and the ``Minimiser`` give it their runs.
        // joined: fileprivate
        nonisolated struct FailureReport {
            typealias Outcome = Explorer.Outcome

            /// The exploration as its call reads (`explore(schedules: 100, seed: 1)`): each report's
            /// first words, and the form of the replay call it names.
            let caller: ExplorationPlan.Caller
            let fileID: StaticString
            let line: UInt
            /// The caller's `maximumStall:`, or the environment variable's when it was left out,
            /// for the replay call a report names: a schedule replays under the bound it was found
            /// under (nil: the default bound).
            var maximumStall: TimeInterval?

            /// Schedule `number`, which failed, as `outcome` (a run that kept its deviations in
            /// words) shows it; `found` is the run that failed first, `unproven` what minimisation
            /// could not rule out.
            func failed(_ outcome: Outcome, number: Int, found: Outcome, unproven: String? = nil)
                -> MockDispatchableError
            {
                let schedule = ScheduleText.encode(outcome.choices)
                let failure = outcome.failure
                let isDeadlock = failure?.kind == .deadlock
                var message =
                    isDeadlock
                    ? "\(caller): schedule \(number) deadlocked.\n  \(failure?.words ?? "")\n"
                    : "\(caller): schedule \(number) failed.\n  The body threw: \(failure?.words ?? "")\n"
                message +=
                    "  Schedule: \"\(schedule)\"; run it again with "
                    + "\(ScheduleText.replayCall(schedule, after: caller, maximumStall: maximumStall))\n"
                let count = outcome.deviations.count
                if count == 0 {
                    message += "  It is ordinary manual mode: the body fails without any change of order."
                } else {
                    message += "  It differs from ordinary manual mode in \(count) choice\(count == 1 ? "" : "s")"
                    var notes: [String] = []
                    if found.deviationCount > count { notes.append("minimised from \(found.deviationCount)") }
                    if let unproven { notes.append(unproven) }
                    if !notes.isEmpty { message += " (\(notes.joined(separator: "; ")))" }
                    message +=
                        ":\n"
                        + BoundedList.lines(
                            outcome.deviations.prefix(BoundedList.shown).map { "    - step \($0.step): \($0.words)" },
                            total: count, indent: "    ")
                }
                message += "\n  " + outcome.stall.sentence(bound: maximumStall)
                return MockDispatchableError(
                    kind: isDeadlock ? .deadlock : .scheduleFailed, message: message, snapshot: outcome.snapshot,
                    fileID: fileID, line: line, schedule: schedule,
                    failedOnRecordedIssue: failure?.isRecordedIssue == true)
            }

            /// Schedule `number`, a run that exceeded its layer's step limit (a livelock), reported as
            /// found: every run of it takes the whole step budget, so minimising it would take
            /// hundreds of those.
            func runaway(_ found: Outcome, number: Int) -> MockDispatchableError {
                let why = "every run of a livelock takes the whole step budget"
                return MockDispatchableError(
                    kind: .stepLimitExceeded,
                    message: "\(caller): schedule \(number) never ended.\n  \(found.failure?.words ?? "")\n  "
                        + ScheduleText.unminimised(found.choices, because: why, after: caller),
                    snapshot: found.snapshot, fileID: fileID, line: line,
                    schedule: ScheduleText.encode(found.choices))
            }

            /// Schedule `number` failed as `found`, but neither it nor its minimised form failed again.
            func notReproducible(_ found: Outcome, number: Int) -> MockDispatchableError {
                MockDispatchableError(
                    kind: .nondeterministicBody,
                    message: "\(caller): schedule \(number) failed once, but the failure is not reproducible: run "
                        + "again with the same choices, the body passed. The body is not deterministic (randomness, "
                        + "real time, a cold cache or state shared across runs?), so no schedule would replay it.\n"
                        + "  The body threw: \(BoundedList.quoted(found.failure?.words ?? "", limit: 2_000))",
                    snapshot: found.snapshot, fileID: fileID, line: line)
            }

            /// Schedule `number` failed as `found` on virtual time only: run again with its clock
            /// paced by real time, the body passed (or, `tookAnotherPath`, made other choices).
            func failsOnVirtualTimeOnly(_ found: Outcome, number: Int, tookAnotherPath: Bool) -> MockDispatchableError {
                let paced = SecondsText.measured(Nanoseconds.seconds(Limits.realTimePacing))
                let again = tookAnotherPath ? "the body took another path" : "the body passed"
                return MockDispatchableError(
                    kind: .unsupported,
                    message: "\(caller): schedule \(number) fails on virtual time only: run again with each move of "
                        + "its clock first waited in real time (up to \(paced) in all), \(again). The body, or code it "
                        + "calls, reads a real clock (`Date()`, `ContinuousClock.now`, `DispatchTime.now()`) across a "
                        + "sleep: a sleep of the run passes on virtual time and leaves that clock where it was, so no "
                        + "schedule of this body can be judged. Give that code the clock it sleeps on, `mock.clock`, "
                        + "and read the time from it.\n"
                        + "  On virtual time, schedule \"\(ScheduleText.encode(found.choices))\" failed: "
                        + BoundedList.quoted(found.failure?.words ?? "", limit: 2_000),
                    snapshot: found.snapshot, fileID: fileID, line: line)
            }

            /// A run (`outcome`) showed the body is not deterministic: `mismatch` says how.
            func nondeterministic(_ mismatch: String, _ outcome: Outcome) -> MockDispatchableError {
                MockDispatchableError(
                    kind: .nondeterministicBody, message: "\(caller): the body is not deterministic: \(mismatch)",
                    snapshot: outcome.snapshot, fileID: fileID, line: line)
            }

            /// `.invalidArgument` for one of the ``Rules``' answers, before any run.
            func invalidArgument(_ problem: String) -> MockDispatchableError {
                Self.refusal(.invalidArgument, "\(caller): \(problem)", fileID, line)
            }

            /// An error thrown before any run: its timeline is empty.
            static func refusal(
                _ kind: MockDispatchableError.Kind, _ message: String, _ fileID: StaticString, _ line: UInt
            ) -> MockDispatchableError {
                MockDispatchableError(
                    kind: kind, message: message, snapshot: TimelineRenderer(log: EventLog(), mode: .manual, now: 0),
                    fileID: fileID, line: line)
            }
        }
    }

#endif
