import Dispatch
import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// The async patterns that once hung, flaked or drifted, each run again and again in one
        /// process: every run must end the same way — the same report, the same error, the same
        /// virtual time. `DISPATCHABLE_REPRODUCTION_RUNS` sets how many times (3 unless set; `make
        /// repro-loop` runs 100). In child processes, under a watchdog: each of these could hang.
        @Suite("Async reproductions, run again and again (child processes)", .serialized, .tags(.hostile))
        struct AsyncReproductionLoopTests {
            /// A `Task.yield()` readiness poll, under the strategies it once starved its producer
            /// under (it ran for minutes and stalled every other exploration of the process).
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aYieldPollIsExploredToTheSameReportEveryTime() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 900) {
                        let strategies: [MockDispatchable.ExplorationStrategy] = [.mixed, .pct(depth: 2)]
                        for strategy in strategies {
                            let (outcomes, _) = await Outcomes.of("a yield poll, \(strategy)") {
                                try await MockDispatchable.exploreTasks(
                                    schedules: 5, seed: 2, strategy: strategy, YieldPoll.ending)
                            }
                            ChildProcess.expect(
                                outcomes.count == 1
                                    && outcomes.keys.first?.hasPrefix("passed: 5 schedules run") == true,
                                "\(strategy): \(outcomes)")
                        }
                    }
                }
                ChildProcess.explain(result)
            }

            /// A poll nothing ends: `.stepLimitExceeded`, the same every time. How long it takes (the
            /// target is 2 s in a debug build) is `make repro-loop`'s figure, not asserted here: this
            /// suite also runs under Thread Sanitizer, beside the rest of the suite.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aPollThatNeverEndsIsTheSameStepLimitEveryTime() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 900) {
                        let (outcomes, _) = await Outcomes.of("a poll that never ends") {
                            try await MockDispatchable.exploreTasks(schedules: 5, seed: 2, YieldPoll.endless)
                        }
                        ChildProcess.expect(
                            outcomes.count == 1 && outcomes.keys.first?.hasPrefix("stepLimitExceeded") == true,
                            "\(outcomes)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// An actor whose executor is a serial `DispatchQueue`: outside the run, reported the same
            /// way every time (it was a different answer one run in 18, and once a hang).
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func anActorOnACustomExecutorGetsTheSameErrorEveryTime() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 900) {
                        let (outcomes, _) = await Outcomes.of("an actor on a DispatchQueue executor") {
                            try await MockDispatchable.exploreTasks(schedules: 10) { _ in
                                let database = QueueBackedDatabase(lateBy: 0)
                                await database.insert()
                            }
                        }
                        let expected = "nondeterministicBody"  // with either capture
                        ChildProcess.expect(
                            outcomes.count == 1 && outcomes.keys.first?.hasPrefix(expected) == true, "\(outcomes)")
                        ChildProcess.expect(
                            outcomes.keys.first?.contains("custom executor") == true
                                && outcomes.keys.first?.contains("on the dispatch queue \"database\"") == true,
                            "names the executor's queue: \(outcomes)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// The usual `withTimeout`: a deadline read in one job and slept on in a child task. The
            /// run ends at the deadline's virtual time exactly, every time (it drifted by milliseconds,
            /// differently on every run). Sleeps are virtual under the executor-factory capture only.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test(.enabled(if: !AsyncCaptureSupport.usesPublicCapture))
            func aDeadlineTakenInOneJobEndsAtTheSameVirtualTimeEveryTime() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 900) {
                        let ends = LockedValue<Set<String>>([])
                        let (outcomes, _) = await Outcomes.of("a deadline slept on in another job") {
                            try await MockDispatchable.exploreAllTasks { mock in
                                let deadline = ContinuousClock.now + .seconds(5)
                                try await mock.sleep(for: 0.3)  // virtual time moves on before the child sleeps
                                try await withThrowingTaskGroup(of: Void.self) { group in
                                    group.addTask { try await Task.sleep(until: deadline, clock: .continuous) }
                                    group.addTask { await Task.yield() }  // the operation the deadline bounds
                                    try await group.waitForAll()
                                }
                                _ = ends.mutate { $0.insert("\(mock.now)") }
                            }
                        }
                        ChildProcess.expect(outcomes.count == 1, "\(outcomes)")
                        ChildProcess.expect(ends.value == ["5.0"], "mock.now at the end: \(ends.value)")
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

    /// How the runs of one reproduction ended.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    enum Outcomes {
        /// How many times each reproduction runs.
        static var runs: Int {
            Int(ProcessInfo.processInfo.environment["DISPATCHABLE_REPRODUCTION_RUNS"] ?? "") ?? 3
        }

        /// Runs `exploration` ``runs`` times: how many ended each way, and the slowest run. Writes
        /// that, under `name`, to the file `DISPATCHABLE_REPRODUCTION_LOG` names, if set.
        static func of(
            _ name: String, _ exploration: () async throws -> MockDispatchable.ExplorationReport
        ) async -> (outcomes: [String: Int], slowest: Duration) {
            var outcomes: [String: Int] = [:]
            var slowest = Duration.zero
            for _ in 0..<runs {
                let started = ContinuousClock.now
                let outcome: String
                do {
                    outcome = "passed: \(try await exploration())"
                } catch let error as MockDispatchableError {
                    outcome = "\(error.kind): \(error.message)"
                } catch {
                    outcome = "threw \(error)"
                }
                slowest = max(slowest, started.duration(to: .now))
                outcomes[outcome, default: 0] += 1
            }
            if let path = ProcessInfo.processInfo.environment["DISPATCHABLE_REPRODUCTION_LOG"],
                let log = fopen(path, "a")
            {
                let ways = outcomes.map { "\($0.value) × \($0.key.prefix(120))" }.joined(separator: "\n    ")
                fputs("\(name): \(outcomes.count) outcome(s) in \(runs) runs, slowest \(slowest)\n    \(ways)\n", log)
                fclose(log)
            }
            return (outcomes, slowest)
        }
    }
#endif
