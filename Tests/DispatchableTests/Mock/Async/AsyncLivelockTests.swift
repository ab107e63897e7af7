import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// Polling loops in async code: `while !ready { await Task.yield() }`. A yielding job must not
        /// starve the rest under any strategy (a job passed over `Limits.fairness` times in a
        /// row runs next), and a loop that never ends must end the exploration with
        /// `.stepLimitExceeded` naming the task, leaving the process able to explore again. Each runs
        /// in a child process under a watchdog: before the fairness bound, these hung the test run.
        @Suite("Hostile input: async polling loops (child processes)", .serialized, .tags(.hostile))
        struct AsyncLivelockTests {
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aYieldPollEndsUnderEveryStrategy() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let strategies: [MockDispatchable.ExplorationStrategy] = [
                            .mixed, .pct(depth: 2), .pct(depth: 3), .randomWalk,
                        ]
                        for strategy in strategies {
                            for seed in 1...3 {
                                let report = try await MockDispatchable.exploreTasks(
                                    schedules: 20, seed: seed, strategy: strategy, YieldPoll.ending)
                                ChildProcess.expect(report.schedulesRun >= 1, "\(strategy), seed \(seed): \(report)")
                            }
                        }
                    }
                }
                ChildProcess.explain(result)
            }

            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aPollThatNeverEndsIsAStepLimitNamingTheTaskAndTheNextExplorationWorks() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreTasks(schedules: 5, seed: 2, YieldPoll.endless)
                        }
                        ChildProcess.expect(error.kind == .stepLimitExceeded, "kind \(error.kind): \(error.message)")
                        ChildProcess.expect(
                            error.message.contains("the last task to run was task 1")
                                && error.message.contains("Task.yield()") && error.message.contains("never ended"),
                            error.message)
                        ChildProcess.expect(
                            error.schedule == "", "the first schedule never ends: \(error.schedule ?? "nil")")
                        // The same process explores on.
                        let report = try await MockDispatchable.exploreAllTasks { mock in
                            try await TaskOrderingBug.all[0].run(mock, false)
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// A step limit counts work that reschedules itself, not work that is merely large: a task
            /// group of more children than the limit, each run once, makes new tasks all along. (Not
            /// under Thread Sanitizer: each step copies the due jobs into its list of choices, so
            /// 100,000 queued children take seconds, and TSan's checked copies minutes.)
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test(.disabled(if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, "slow under TSan"))
            func aTaskGroupOfMoreChildrenThanTheStepLimitPasses() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let children = MockDispatchable.defaultStepLimit + 1_000
                        let ran = LockedValue(0)
                        let report = try await MockDispatchable.exploreTasks(schedules: 1) { _ in
                            await withTaskGroup(of: Void.self) { group in
                                for _ in 0..<children { group.addTask { ran.mutate { $0 += 1 } } }
                            }
                        }
                        ChildProcess.expect(report.schedulesRun == 1, "\(report)")
                        ChildProcess.expect(ran.value == children, "\(ran.value) of \(children) children ran")
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

    /// Bodies that poll with `Task.yield()`.
    enum YieldPoll {
        /// Polls until a detached task sets the flag.
        static let ending: @Sendable (MockDispatchable) async throws -> Void = { _ in
            let ready = LockedValue(false)
            let producer = Task.detached { ready.value = true }
            while !ready.value { await Task.yield() }
            await producer.value
        }

        /// Polls for a flag nothing sets.
        static let endless: @Sendable (MockDispatchable) async throws -> Void = { _ in
            let ready = LockedValue(false)
            while !ready.value { await Task.yield() }
        }
    }
#endif
