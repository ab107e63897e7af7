import Dispatch
import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// A run is driven off the main queue until it needs it. A job that steps the mock's
        /// main-actor work synchronously then waits for the main queue inside its step — as long as
        /// whatever holds the main queue keeps it: XCTest, which runs each of its tests on the main
        /// thread, beside Swift Testing's. That wait is not the job blocking its run: the watchdog
        /// (`Limits.blockedStepGrace`, 5 s) must not call it a deadlock. Before the fix, a main queue
        /// held for 6 s ended the exploration with `.deadlock`. In a child process: the test holds the
        /// main queue.
        @Suite("Hostile input: a main queue held while a run needs it (child processes)", .serialized, .tags(.hostile))
        struct AsyncHeldMainQueueTests {
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test(.enabled(if: AsyncCaptureSupport.exploresMainActorCode))
            func aStepWaitingForAHeldMainQueueIsNoDeadlock() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        // Resumed once the main queue is held: the exploration starts while it is.
                        await withCheckedContinuation { (holding: CheckedContinuation<Void, Never>) in
                            DispatchQueue.main.async {
                                holding.resume()
                                Thread.sleep(forTimeInterval: 6)
                            }
                        }
                        let report = try await MockDispatchable.exploreAllTasks { mock in
                            mock.offload { mock.main {} }
                            try mock.runUntilIdle()
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

#endif
