#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Slow work failure

    nonisolated extension MockDispatchable {
        /// A failure that needs a task's job to be slower than the default stall bound lets it be:
        /// what an exploration that passed under the default found past it, on its report
        /// (``ExplorationReport/slowWorkFailure``). The test passes; this says what breaks when
        /// the service an instant test double stands for is slow.
        ///
        /// ```swift
        /// let report = try await MockDispatchable.exploreAllTasks { mock in … }
        /// if let slow = report.slowWorkFailure {
        ///     print(slow)   // which job must be slow, by how much, what breaks, how to replay it
        ///     try await MockDispatchable.replayTasks(slow.schedule, maximumStall: slow.maximumStall) { mock in … }
        /// }
        /// ```
        ///
        /// The default bound lets a task's job wait at most 0.1 s while a timer overtakes it; an
        /// exploration that passes under it explores again with every stall (see
        /// ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)``). An explicit
        /// `maximumStall:` (or `DISPATCHABLE_MAXIMUM_STALL`) turns the search off.
        nonisolated struct SlowWorkFailure: Sendable, Equatable, CustomStringConvertible {
            /// The failing schedule, minimised: replay it with `maximumStall:` ``maximumStall``.
            let schedule: String
            /// The stall bound the schedule replays under: `.infinity`.
            let maximumStall: TimeInterval
            /// How long the slow job waited behind a timer, in seconds: how much slower than the
            /// rest it has to be.
            let stall: TimeInterval
            /// The task's job that has to be slow, as the timeline names it: `task 3 #4`.
            let slowJob: String
            /// The timer it waits behind: `task 4 wake-up #6`.
            let overtakenBy: String
            /// What then breaks: the body's error, or the first issue the test recorded.
            let failure: String
            /// How many choices of the schedule differ from ordinary order.
            let deviations: Int
            /// The failure report of the schedule: its deviations in words and the replay call.
            let report: String
            /// The failing run's timeline, as a failure report ends with it.
            let timeline: String

            // joined: fileprivate
            init(
                caller: String, schedule: String, stall: Stall, failure: String, deviations: Int,
                error: MockDispatchableError
            ) {
                self.schedule = schedule
                maximumStall = .infinity
                self.stall = Nanoseconds.seconds(stall.nanoseconds)
                slowJob = stall.stalled ?? "a task's job"
                overtakenBy = stall.behind ?? "a timer"
                self.failure = failure
                self.deviations = deviations
                self.caller = caller
                report = error.message
                timeline = error.description
            }

            private let caller: String

            /// `0.1 s`: the default bound of a task's stall, in words.
            private static var bound: String { "\(Nanoseconds.seconds(Limits.defaultTaskStall)) s" }

            /// The finding in the user's terms, then its report (``timeline`` has the failing run's
            /// timeline).
            var description: String {
                let seconds = SecondsText.measured(stall)
                return "\(caller) passes when every task's job runs within \(Self.bound) of becoming runnable (the "
                    + "default stall bound), but fails if \(slowJob) is \(seconds) slower than the rest: it waits "
                    + "\(seconds) while \(overtakenBy) overtakes it, as a slow service, network call or disk behind an "
                    + "instant test double would make it. Then: \(BoundedList.quoted(failure, limit: 500)). "
                    + "\(deviations) deviation\(deviations == 1 ? "" : "s") from ordinary order; schedule "
                    + "\"\(schedule)\", replayed with maximumStall: .infinity. The test passes: pass maximumStall: "
                    + ".infinity to make this a failure, or any maximumStall: (or \(MockDispatchable.EnvironmentVariables.maximumStall)) "
                    + "to choose the bound and not search past it.\n\(report)"
            }
        }
    }

#endif
