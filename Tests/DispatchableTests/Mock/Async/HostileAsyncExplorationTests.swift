import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// Async explorations fed what could hang, overwhelm or crash them: a cancelled exploration,
        /// a nested one, ten thousand tasks in one run, a continuation resumed twice. Each runs in a
        /// child process under a watchdog, ends promptly and says what happened.
        @Suite("Hostile input: async exploration (child processes)", .serialized, .tags(.hostile))
        struct HostileAsyncExplorationTests {
            /// Cancelling the task that awaits an exploration stops it before its next run.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aCancelledExplorationStopsBeforeItsNextRun() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let runs = LockedValue(0)
                        let exploring = Task {
                            // 3,628,800 schedules; the limit keeps the test finite should cancellation be ignored.
                            try await MockDispatchable.exploreAllTasks(limit: 20_000) { mock in
                                runs.mutate { $0 += 1 }
                                for index in 0..<10 { mock.offload { _ = index } }
                                try mock.runUntilIdle()
                            }
                        }
                        while runs.value < 5 { try await Task.sleep(for: .milliseconds(1)) }
                        exploring.cancel()
                        _ = await ChildProcess.error(CancellationError.self) { _ = try await exploring.value }
                        let stoppedAt = runs.value
                        try await Task.sleep(for: .milliseconds(50))
                        ChildProcess.expect(runs.value == stoppedAt, "a run after the exploration ended")
                        ChildProcess.expect(stoppedAt < 20_000, "ran to the limit: \(stoppedAt)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// An exploration started inside a run of another cannot run (the outer run holds the
            /// thread the inner one needs): refused by name, never a deadlock or a hang.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aNestedExplorationIsRefusedNamingIt() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreTasks(schedules: 3) { mock in
                                _ = await mock.performOffloaded { 1 }
                                try await MockDispatchable.exploreTasks(schedules: 3) { inner in
                                    _ = await inner.performOffloaded { 2 }
                                }
                            }
                        }
                        ChildProcess.expect(error.kind == .unsupported, "kind \(error.kind): \(error.message)")
                        ChildProcess.expect(
                            error.message.contains("nested async explorations are not supported"), error.message)
                    }
                }
                ChildProcess.explain(result)
            }

            /// Ten thousand child tasks in one run: every job is a step of the run, well within its limit.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func tenThousandTasksInOneRunAreExplored() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let finished = LockedValue(0)
                        let report = try await MockDispatchable.exploreTasks(schedules: 2) { _ in
                            await withTaskGroup(of: Void.self) { group in
                                for _ in 0..<10_000 { group.addTask { finished.mutate { $0 += 1 } } }
                            }
                        }
                        ChildProcess.expect(report.schedulesRun == 2, "\(report)")
                        ChildProcess.expect(finished.value == 20_000, "\(finished.value) tasks finished")
                    }
                }
                ChildProcess.explain(result)
            }

            /// A reply and a timeout racing to resume one `CheckedContinuation`, each from a task of
            /// its own (the MCP Swift SDK's double resume). The standard library traps on the second
            /// resume (`fatalError`, which nothing can catch), explored or not: the exploration cannot
            /// record it and go on. In a child process the trap ends the child, and its standard error
            /// names the misuse, and the crash trail the run's schedule; explore such code in an exit test.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aDoubleResumeTrapsInTheStandardLibraryNamingTheMisuse() async {
                let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = try? await MockDispatchable.exploreTasks(schedules: 10) { _ in
                        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                            Task { continuation.resume() }  // the reply
                            Task { continuation.resume() }  // the timeout
                        }
                    }
                }
                let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(text.contains("tried to resume its continuation more than once"), "\(text.suffix(2_000))")
                // The crash trail names the run that trapped, for `replayTasks`.
                #expect(
                    text.contains("MockDispatchable: the process crashed (SIG")
                        && text.contains("in a run of exploreTasks(schedules: 10, seed: 0) at ")
                        && text.contains(#"MockDispatchable.replayTasks(""#), "\(text.suffix(2_000))")
            }
        }
    }
#endif
