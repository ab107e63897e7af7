import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// Stepping, immediate mode and waiting on inputs that once crashed or hung the test process,
        /// or could, each in a child process under a watchdog (see `ExplorationCrashAndHangTests`).
        @Suite(
            "Hostile input: stepping, immediate mode and waiting neither crash nor hang (child processes)", .serialized,
            .tags(.hostile))
        struct SteppingCrashAndHangTests {
            /// `maxSteps: .max` on work that reschedules itself forever: clamped, so it ends with an error.
            @Test func runUntilIdleWithTheLargestStepLimitEndsARunawayInsteadOfHanging() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 120) {
                        let mock = MockDispatchable(mode: .manual)
                        let runs = LockedValue(0)
                        @Sendable func spin() {
                            runs.mutate { $0 += 1 }
                            mock.offload { spin() }
                        }
                        spin()
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try mock.runUntilIdle(maxSteps: .max)
                        }
                        ChildProcess.expect(error.kind == .stepLimitExceeded, "kind \(error.kind)")
                        ChildProcess.expect(error.message.contains("counts as 1000000"), error.message)
                        ChildProcess.expect(runs.value == MockDispatchable.largestStepLimit + 1, "ran \(runs.value)")
                        ChildProcess.expect(mock.pendingWork.count == 1, "the runaway's next item is still queued")
                    }
                }
                ChildProcess.explain(result)
            }

            /// Immediate mode nests work inside the call that dispatches it: work that dispatches itself
            /// again used to recurse until the stack overflowed (at about 20,000 levels).
            @Test func immediateWorkThatDispatchesItselfForeverDoesNotOverflowTheStack() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 30) {
                        let mock = MockDispatchable()
                        let runs = LockedValue(0)
                        @Sendable func poll() {
                            runs.mutate { $0 += 1 }
                            mock.offload(after: 1) { poll() }
                        }
                        poll()
                        ChildProcess.expect(runs.value == MockDispatchable.nestingLimit + 1, "ran \(runs.value) times")
                        ChildProcess.expect(mock.pendingWork.count == 1, "the next poll is kept queued")
                        try mock.runNext()
                        ChildProcess.expect(runs.value > MockDispatchable.nestingLimit + 1, "a stepping call runs it")
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func aHookThatDispatchesInImmediateModeDoesNotOverflowTheStack() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 30) {
                        let mock = MockDispatchable()
                        mock.didEnterThread = { _ in mock.offload {} }
                        mock.offload {}
                        ChildProcess.expect(mock.recorder.threadStack.isEmpty, "the stack unwound")
                        ChildProcess.expect(
                            mock.recorder.enteredThreads.count == MockDispatchable.nestingLimit,
                            "entered \(mock.recorder.enteredThreads.count)")
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func waitingForWorkForEverEndsWhenTheTaskIsCancelled() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 30) {
                        let mock = MockDispatchable(mode: .manual)
                        let waiting = Task { try await mock.waitForPendingWork(.offload, timeout: .infinity) }
                        try await Task.sleep(nanoseconds: 100_000_000)
                        waiting.cancel()
                        _ = await ChildProcess.error(CancellationError.self) { try await waiting.value }
                        mock.offload {}
                        ChildProcess.expect(mock.pendingWork.count == 1, "later work is queued as usual")
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

#endif
