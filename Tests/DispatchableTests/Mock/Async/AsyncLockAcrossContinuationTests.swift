import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// Issue #33 A, where it hung: a task holds a lock across `withUnsafeContinuation`, whose
        /// closure the runtime runs at once. When the explorer left the task's job there, another
        /// task blocked the driving thread on the lock; under `swift test --no-parallel` the process
        /// hung, the explorer's thread stuck on the lock inside `DispatchQueue.sync`. Here the
        /// minimal form runs alone in a child process, as under `--no-parallel` (nothing else of the
        /// test run beside it), with every async form the capture explores — under the executor
        /// factory also the `@MainActor` one, whose runs hold the main queue — under a watchdog: a
        /// hang ends the child with ``ChildProcess/hung``, a false `.deadlock` with a wrong outcome.
        @Suite(
            "Hostile input: async code that holds a lock across a continuation (child processes)", .serialized,
            .tags(.hostile))
        struct AsyncLockAcrossContinuationTests {
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func everyScheduleEndsAndPassesAlone() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        for form in LockAcrossContinuation.Form.allCases {
                            let report = try await MockDispatchable.exploreAllTasks { _ in
                                try await LockAcrossContinuation.run(form)
                            }
                            ChildProcess.expect(report.isExhaustive, "\(form): \(report)")
                        }
                        if AsyncCaptureSupport.exploresMainActorCode {
                            let report = try await MockDispatchable.exploreAll { @MainActor _ in
                                try await LockAcrossContinuation.run()
                            }
                            ChildProcess.expect(report.isExhaustive, "@MainActor: \(report)")
                        }
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }
#endif
