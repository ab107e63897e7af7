import Dispatch
import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// A job that blocks its thread on a semaphore while the work that would signal it is another
        /// job of the run: the run is driven on one thread, so that work cannot run. The explorer's
        /// watchdog answers with `.deadlock` naming the job once the step has not returned for
        /// `Limits.blockedStepGrace`, hands the run's queued jobs to the real executors (which frees
        /// the thread here), and the process explores on. Each runs in a child process under a
        /// watchdog of its own: before the explorer had one, these hung the test run.
        @Suite("Hostile input: async jobs that block their thread (child processes)", .serialized, .tags(.hostile))
        struct AsyncBlockedThreadTests {
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aJobBlockedOnASemaphoreIsADeadlockNamingItAndTheThreadIsFreed() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let freed = LockedValue(false)
                        let started = ContinuousClock.now
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreTasks(schedules: 5) { _ in
                                let semaphore = DispatchSemaphore(value: 0)
                                Task { semaphore.signal() }
                                blockUntilSignalled(semaphore)
                                freed.value = true
                            }
                        }
                        let waited = started.duration(to: .now)
                        ChildProcess.expect(error.kind == .deadlock, "kind \(error.kind): \(error.message)")
                        ChildProcess.expect(
                            error.message.contains("a step running task 1 has not returned for 5 s")
                                && error.message.contains("blocked the one thread that drives the run")
                                && error.message.contains("1 queued job went to the real executors"),
                            error.message)
                        ChildProcess.expect(error.schedule == "", "the first run blocks: \(error.schedule ?? "nil")")
                        ChildProcess.expect(waited < .seconds(8), "answered after \(waited)")
                        // The released task signals: the blocked thread goes on.
                        let deadline = ContinuousClock.now + .seconds(5)
                        while !freed.value, ContinuousClock.now < deadline {
                            try await Task.sleep(for: .milliseconds(10))
                        }
                        ChildProcess.expect(freed.value, "the blocked thread was not freed")
                        // The same process explores on.
                        let report = try await MockDispatchable.exploreAllTasks { mock in
                            try await TaskOrderingBug.all[0].run(mock, false)
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// A job that waits on its thread, with a timeout, for a task of the run (as XCTest's
            /// `wait(for:timeout:)` does), then fails because the wait timed out: the task could not
            /// run while the thread waited, in any schedule, so the failure is the wait's own. The run
            /// is refused with `.unsupported` naming the job and how long it blocked — not reported as
            /// a failing schedule, which would send the user after an order that does not matter.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aJobThatWaitsOnItsThreadForTheRunThenFailsIsRefusedNamingTheWait() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreTasks(schedules: 5) { _ in
                                let semaphore = DispatchSemaphore(value: 0)
                                Task { semaphore.signal() }
                                guard semaphore.wait(timeout: .now() + 1) == .success else {
                                    throw InvariantBroken("the task did not signal within 1 s")
                                }
                            }
                        }
                        ChildProcess.expect(error.kind == .unsupported, "kind \(error.kind): \(error.message)")
                        ChildProcess.expect(
                            error.message.contains("task 1 blocked its thread for at least ")
                                && error.message.contains("without computing")
                                && error.message.contains("the task did not signal within 1 s"),
                            error.message)
                        ChildProcess.expect(error.schedule == nil, "a refusal names no schedule")
                    }
                }
                ChildProcess.explain(result)
            }

            /// Only some schedules block: the one where the body waits before the task that signals has
            /// run. Exploration finds it, and replaying its schedule blocks the same way. The task is one
            /// job and the yield two (its continuation's, then the body's again), so the schedule that
            /// blocks runs both of those before the task: two deviations.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aScheduleThatBlocksIsFoundAndReplaysTheSame() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 90) {
                        let body: @Sendable (MockDispatchable) async throws -> Void = { _ in
                            let semaphore = DispatchSemaphore(value: 0)
                            Task { semaphore.signal() }
                            await Task.yield()  // in the order jobs became runnable, the task signals here
                            blockUntilSignalled(semaphore)
                        }
                        let found = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreAllTasks(body)
                        }
                        ChildProcess.expect(found.kind == .deadlock, "kind \(found.kind): \(found.message)")
                        let schedule = found.schedule ?? ""
                        ChildProcess.expect(!schedule.isEmpty, "ordinary manual mode passes: \(found.message)")
                        ChildProcess.expect(
                            found.message.contains("2 deviations from ordinary manual mode"), found.message)
                        let replayed = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.replayTasks(schedule, body)
                        }
                        ChildProcess.expect(replayed.kind == .deadlock, "kind \(replayed.kind): \(replayed.message)")
                        ChildProcess.expect(
                            replayed.schedule == schedule, "\(replayed.schedule ?? "nil") vs \(schedule)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// A `@MainActor` body that blocks the main thread on a semaphore a detached task signals:
            /// the run holds the main queue, so the detached task's job, queued in the run, cannot run.
            /// Released to the real executors, it frees the main thread, and the next `@MainActor`
            /// exploration of the process runs. Only the executor-factory capture explores such bodies.
            @Test(.enabled(if: AsyncCaptureSupport.exploresMainActorCode))
            func aMainActorBodyBlockingTheMainThreadIsADeadlockAndTheMainQueueIsFreed() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.explore(schedules: 5) { @MainActor _ in
                                await Task.yield()  // an async body: its tasks are explored
                                let semaphore = DispatchSemaphore(value: 0)
                                Task.detached { semaphore.signal() }
                                blockUntilSignalled(semaphore)
                            }
                        }
                        ChildProcess.expect(error.kind == .deadlock, "kind \(error.kind): \(error.message)")
                        ChildProcess.expect(error.message.contains("a step running task 1 @MainActor"), error.message)
                        let report = try await MockDispatchable.exploreAll { mock in
                            try await AsyncOrderingBug.all[2].run(mock, false)
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

    /// Blocks the calling thread until `semaphore` is signalled: what a synchronous API that waits
    /// for async work does (`DispatchSemaphore.wait()` is `noasync` in Apple's SDKs, so real code
    /// reaches it through a synchronous function like this one).
    func blockUntilSignalled(_ semaphore: DispatchSemaphore) {
        semaphore.wait()
    }
#endif
