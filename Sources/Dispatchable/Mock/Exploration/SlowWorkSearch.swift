#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Slow work past the stall bound

    nonisolated extension MockDispatchable {
        /// False turns the search past the default stall bound off for the explorations that
        /// start in its scope: what the benchmarks compare the search's cost against (see
        /// ``Explorer/searchPastTheStallBound(after:)``). Users turn it off with an explicit bound.
        @TaskLocal static var searchesPastTheStallBound = true
    }

    nonisolated extension MockDispatchable.Explorer {
        /// Looks past the default stall bound once an exploration under it has passed: `passed`,
        /// with the failure found there, if any (``MockDispatchable/ExplorationReport/slowWorkFailure``).
        ///
        /// Left out, `maximumStall:` lets a task's job wait at most 0.1 s behind a timer, so that a
        /// real suite's timeouts of seconds are not reported as beaten by a job stalled for seconds.
        /// But an instant test double stands for a service that is slow in production — a token
        /// refresh slower than the next request — and only a longer stall of its job shows what
        /// then breaks. So when the bound held a timer back in some run (else there is nothing
        /// past it), the body is explored again with every stall, fewest deviations first, within
        /// ``Limits/slowWorkSchedules(after:wasExhaustive:)`` schedules. A failure that needs a task's
        /// job to wait longer than the bound is returned (and said on standard error for the closure
        /// forms), not thrown: the test passes. One that needs no longer stall is a schedule of the
        /// default bound that the exploration's budget did not reach: said on standard error, so
        /// that the caller can raise the budget; the verdict stays the exploration's.
        ///
        /// Nothing is searched for an explicit bound (`maximumStall:` or the environment
        /// variable: the user has chosen), a replay, a run that could not be made, or a shard
        /// other than the first (every shard would search the same schedules).
        func searchPastTheStallBound(
            after passed: MockDispatchable.ExplorationReport
        ) throws -> MockDispatchable.ExplorationReport {
            guard plan.searchesPastTheStallBound, storage.heldBackTimers, (passed.shard?.index ?? 1) == 1,
                isUnderTheDefaultBound
            else { return passed }
            switch plan.schedules {
            case .replay, .ordinary: return passed
            case .random, .exhaustive: break
            }
            var search = self
            search.stallBound = .unbounded
            search.report.maximumStall = .infinity
            search.reportsIssues = false
            // A run that traps (code that crashes when a timeout fires) says it was the search's.
            search.trail = MockDispatchable.CrashTrail(
                caller: caller, fileID: plan.fileID, line: plan.line, searching: true)
            var strategy = MockDispatchable.FewestFirst()
            do {
                let limit = MockDispatchable.Limits.slowWorkSchedules(
                    after: passed.schedulesRun, wasExhaustive: passed.isExhaustive)
                _ = try search.drive(&strategy, limit: limit)
                return passed
            } catch let error as MockDispatchableError where error.kind == .scheduleFailed || error.kind == .deadlock {
                guard let outcome = shown.outcome, let schedule = error.schedule else { return passed }
                guard outcome.taskStall.nanoseconds > MockDispatchable.Limits.defaultTaskStall else {
                    // A schedule of the default bound that the exploration's budget did not reach:
                    // said, not failed, as the caller's budget is the caller's.
                    FileHandle.standardError.write(
                        Data(
                            ("MockDispatchable: \(place): \(caller) passed its \(passed.schedulesRun) schedule"
                                + "\(passed.schedulesRun == 1 ? "" : "s"), but a search past the stall bound met a "
                                + "failure that needs no longer stall, which more schedules would find: \(error.message)\n")
                                .utf8))
                    return passed
                }
                var report = passed
                let found = MockDispatchable.SlowWorkFailure(
                    caller: "\(caller)", schedule: schedule, stall: outcome.taskStall,
                    failure: outcome.failure?.words ?? "", deviations: outcome.deviations.count, error: error)
                report.slowWorkFailure = found
                if plan.printsSlowWorkFailure {
                    FileHandle.standardError.write(Data("MockDispatchable: \(place): warning: \(found)\n".utf8))
                }
                return report
            } catch is MockDispatchableError {
                // Not a finding (a body that is not deterministic past the bound, a run refused):
                // the exploration passed under its bound, and that is its answer.
                return passed
            }
        }

        /// Whether neither the call nor the environment set `maximumStall`: the bound resolves as
        /// the explorer's did (``StallBound/resolved(_:environment:)``), with no seconds given.
        private var isUnderTheDefaultBound: Bool {
            let variable = MockDispatchable.EnvironmentVariables.value(
                of: MockDispatchable.EnvironmentVariables.maximumStall)
            guard
                case .success(let resolved) = MockDispatchable.StallBound.resolved(
                    plan.maximumStall, environment: variable)
            else { return false }
            return resolved.seconds == nil
        }
    }

#endif
