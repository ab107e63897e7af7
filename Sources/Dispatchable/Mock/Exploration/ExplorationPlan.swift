#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Exploration plan

    nonisolated extension MockDispatchable {
        /// What one exploration is to do, whoever asked: every entry point — `explore`,
        /// `exploreAll` and `replay`, for a synchronous body, an `async` one and `…Tasks` — and
        /// DispatchableTesting's traits and `ExploringTestCase` build one in a line and hand it to
        /// the call site of its family; the explorer reads it once (``Explorer/explore()``).
        // joined: fileprivate
        nonisolated struct ExplorationPlan: Sendable {
            /// Which schedules to run.
            nonisolated enum Schedules: Sendable {
                /// `count` schedules, picked by `strategy` from `seed`.
                case random(count: Int, seed: Int, strategy: ExplorationStrategy)
                /// Every schedule, fewest deviations first, up to `limit`: `shard` of them when given,
                /// else the one `DISPATCHABLE_SHARD` names.
                case exhaustive(limit: Int, shard: ExplorationShard?)
                /// One schedule, as a failure report wrote it.
                case replay(String)
                /// One run in ordinary order (every choice the first offered: the order the
                /// runtime's default executors run jobs in when nothing is slow): the deterministic
                /// run of `.deterministic` and `runDeterministically`.
                case ordinary
            }

            /// Which kind of body, and so which entry points: what the exploration is called in
            /// reports, and which call replays a schedule it found.
            nonisolated enum Family: Sendable {
                /// A synchronous `@MainActor` body: `explore`, `exploreAll`, `replay`.
                case synchronous
                /// An `async` `@MainActor` body: the same names, awaited.
                case mainActor
                /// An `async` body that needs no main actor: `exploreTasks`, `exploreAllTasks`,
                /// `replayTasks`.
                case tasks
            }

            /// An exploration as its call reads, for reports: `exploreTasks(schedules: 100, seed: 1)`,
            /// and the call of its family that replays a schedule (`replayTasks`).
            nonisolated struct Caller: Sendable, CustomStringConvertible {
                let description: String
                /// `replay`, or `replayTasks` for the `…Tasks` family.
                let replayName: String
                /// `runDeterministically` (`runTasksDeterministically`) for a deterministic run: its
                /// failure is run again by the same call, which takes no schedule.
                var ordinaryName: String? = nil
            }

            let schedules: Schedules
            /// The caller's `maximumStall:` (nil: the environment variable's, else the default).
            let maximumStall: TimeInterval?
            /// Whether a failure found past the default stall bound is also said on standard error
            /// (the closure forms), or only returned on the report (the traits, which record it as
            /// a warning issue); see ``Explorer/searchPastTheStallBound(after:)``.
            var printsSlowWorkFailure = true
            /// Whether a passing exploration under the default stall bound searches past it: the
            /// task-local ``MockDispatchable/searchesPastTheStallBound`` where the plan was made.
            var searchesPastTheStallBound = MockDispatchable.searchesPastTheStallBound
            let family: Family
            /// Where the exploration was called, for its errors.
            let fileID: StaticString
            let line: UInt

            init(
                _ schedules: Schedules, maximumStall: TimeInterval?, family: Family, fileID: StaticString,
                line: UInt
            ) {
                self.schedules = schedules
                self.maximumStall = maximumStall
                self.family = family
                self.fileID = fileID
                self.line = line
            }

            /// How many runs the plan's schedules call for, at most (a failure's minimisation, the
            /// check on real time and the search past the stall bound may run more).
            var expectedRuns: Int {
                switch schedules {
                case .random(let count, _, _): count
                case .exhaustive(let limit, _): limit
                case .replay, .ordinary: 1
                }
            }

            /// The call as its caller wrote it (its schedules; `fileID` and the rest left out).
            var caller: Caller {
                let tasks = family == .tasks ? "Tasks" : ""
                let description =
                    switch schedules {
                    case .random(let count, let seed, _): "explore\(tasks)(schedules: \(count), seed: \(seed))"
                    case .exhaustive(let limit, nil): "exploreAll\(tasks)(limit: \(limit))"
                    case .exhaustive(let limit, let shard?): "exploreAll\(tasks)(limit: \(limit), shard: \(shard))"
                    case .replay(let schedule): "replay\(tasks)(\"\(BoundedList.quoted(schedule))\")"
                    case .ordinary: "run\(tasks)Deterministically()"
                    }
                let isOrdinary = if case .ordinary = schedules { true } else { false }
                return Caller(
                    description: description, replayName: "replay\(tasks)",
                    ordinaryName: isOrdinary ? "run\(tasks)Deterministically" : nil)
            }
        }
    }

    nonisolated extension MockDispatchable.Explorer {
        /// Runs the plan: checks its arguments (each an `.invalidArgument` before any run), resolves
        /// its stall bound, and drives the strategy its schedules call for; when that passes under
        /// the default stall bound, searches past it for slow work (see
        /// ``searchPastTheStallBound(after:)``).
        func explore() throws -> MockDispatchable.ExplorationReport {
            try searchPastTheStallBound(after: exploreAsPlanned())
        }

        /// The plan's schedules, under its stall bound.
        private func exploreAsPlanned() throws -> MockDispatchable.ExplorationReport {
            switch plan.schedules {
            case .random(let count, let seed, let strategy):
                try check(MockDispatchable.Rules.scheduleCount(count, named: "schedules"))
                try check(MockDispatchable.Rules.strategy(strategy))
                let explorer = try bounded()
                let seed = UInt64(bitPattern: Int64(seed))
                switch strategy {
                case .mixed:
                    var implementation = MockDispatchable.DepthFirstTail(MockDispatchable.Mixed(seed: seed))
                    return try explorer.drive(&implementation, limit: count)
                case .randomWalk:
                    var implementation = MockDispatchable.DepthFirstTail(MockDispatchable.RandomWalk(seed: seed))
                    return try explorer.drive(&implementation, limit: count)
                case .pct(let depth):
                    var implementation = MockDispatchable.DepthFirstTail(MockDispatchable.PCT(depth: depth, seed: seed))
                    return try explorer.drive(&implementation, limit: count)
                }
            case .exhaustive(let limit, let given):
                try check(MockDispatchable.Rules.scheduleCount(limit, named: "limit"))
                let explorer = try bounded()
                // `shard` when given, else the one `DISPATCHABLE_SHARD` names, else the whole space.
                // See ``FewestFirst`` for the order (each schedule runs once), ``Sharded`` for the split.
                let shard: MockDispatchable.ExplorationShard
                if let given {
                    try check(MockDispatchable.Rules.shard(given, named: "shard"))
                    shard = given
                } else {
                    let variable = MockDispatchable.EnvironmentVariables.shard
                    switch MockDispatchable.Rules.shard(
                        fromEnvironment: MockDispatchable.EnvironmentVariables.value(of: variable))
                    {
                    case .success(let named): shard = named ?? .whole
                    case .failure(let problem):
                        try check(problem.message)
                        return .init(schedulesRun: 0, distinctSchedules: 0, isExhaustive: false)
                    }
                }
                if shard == .whole {
                    var implementation = MockDispatchable.FewestFirst()
                    return try explorer.drive(&implementation, limit: limit)
                }
                var implementation = MockDispatchable.Sharded(shard)
                return try explorer.drive(&implementation, limit: limit, shard: shard)
            case .ordinary:
                var implementation = MockDispatchable.Replay([])
                return try bounded().drive(&implementation, limit: 1)
            case .replay(let text):
                let explorer = try bounded()
                switch MockDispatchable.ScheduleText.decode(text) {
                case .success(let script):
                    var implementation = MockDispatchable.Replay(script)
                    return try explorer.drive(&implementation, limit: 1)
                case .failure(let problem):
                    try check(
                        "\"\(MockDispatchable.BoundedList.quoted(text))\" is not a schedule: \(problem.description). Expected choice "
                            + "points as taken/offered separated by spaces, such as \"0/2 1/3\", as a failing "
                            + "exploration prints them.")
                    return .init(schedulesRun: 0, distinctSchedules: 0, isExhaustive: false)
                }
            }
        }
    }

#endif
