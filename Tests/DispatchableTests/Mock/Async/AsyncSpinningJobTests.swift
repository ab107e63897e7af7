import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// A job that never suspends (issue #41 item 6; RealWorld finding 5): a task loops
        /// `while !Task.isCancelled { … }` until the body, which started it, cancels it. A schedule
        /// that runs the loop's job first spins in it: the run runs one job at a time, so the body's
        /// cancel never comes. The watchdog must end the exploration within its time
        /// (`Limits.blockedStepGrace`), naming the task and saying it spins, and the answer must reach
        /// the caller — a `@MainActor` one too, whose run holds the main queue while the job spins.
        /// Each runs in a child process under a watchdog of its own: before the fix, the `@MainActor`
        /// form hung (the spinning job held the main queue, which its caller needed for the answer).
        @Suite("Hostile input: async jobs that never suspend (child processes)", .serialized, .tags(.hostile))
        struct AsyncSpinningJobTests {
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aSpinningTaskEndsTheExplorationNamingItAndIsCancelled() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 90) {
                        let started = ContinuousClock.now
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreTasks(schedules: 5, SpinningJob.cancelledByTheBody)
                        }
                        let waited = started.duration(to: .now)
                        SpinningJob.expectSpinning(error, task: "task 2")
                        ChildProcess.expect(error.schedule == "", "the first run spins: \(error.schedule ?? "nil")")
                        ChildProcess.expect(waited < SpinningJob.answeredWithin, "answered after \(waited)")
                        // The spinning job was cancelled: the thread (and, under a capture that drives
                        // runs there, the main queue) is free, and the same process explores on.
                        let report = try await MockDispatchable.exploreAllTasks { mock in
                            try await TaskOrderingBug.all[0].run(mock, false)
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// A job that computes in bursts for longer than the watchdog's grace, as a thread does
            /// that a loaded machine gives a few percent of a core, and then returns: not taken for
            /// spinning, since it has used far less CPU than a spinning job would.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aJobStarvedOfTheCPUPastTheGraceIsNotTakenForSpinning() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 90) {
                        let report = try await MockDispatchable.exploreTasks(schedules: 1) { _ in
                            let end = ContinuousClock.now + .seconds(MockDispatchable.Limits.blockedStepGrace + 1)
                            while ContinuousClock.now < end {
                                let burst = ContinuousClock.now + .milliseconds(1)
                                while ContinuousClock.now < burst {}
                                usleep(20_000)
                            }
                        }
                        ChildProcess.expect(report.schedulesRun == 1, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// RealWorld finding 5's shape: the task iterates an async sequence whose iterator never
            /// suspends (swift-async-algorithms' `Indefinite(value:).async`, buffered), until cancelled.
            /// Each `next()` is a call of a nonisolated async function, which the runtime runs in the
            /// same job (no suspension); the explorer runs that job on the run's executor and folds
            /// the hop back into the step. It used to end the step after 100,000 such hops and queue
            /// the rest as a new job: every step returned, the watchdog saw nothing, and a schedule
            /// took up to a thousand of those steps (fairness) — `exploreAllTasks` never answered.
            /// One job, as the runtime runs it: it spins, and the watchdog ends it.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aTaskIteratingASequenceThatNeverSuspendsEndsTheExploration() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 90) {
                        let stopped = LockedValue(false)
                        let started = ContinuousClock.now
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreAllTasks(limit: 20) { _ in
                                let consumer = Task {
                                    for await _ in NeverSuspending() {}
                                    stopped.value = true
                                }
                                await consumer.value
                            }
                        }
                        let waited = started.duration(to: .now)
                        SpinningJob.expectSpinning(error, task: "task 2")
                        ChildProcess.expect(waited < SpinningJob.answeredWithin, "answered after \(waited)")
                        // Only the explorer's cancel ends the loop (on the real executors by then: its
                        // next hop left the closed run).
                        let deadline = ContinuousClock.now + SpinningJob.answeredWithin
                        while !stopped.value, ContinuousClock.now < deadline {
                            try await Task.sleep(for: .milliseconds(10))
                        }
                        ChildProcess.expect(stopped.value, "the spinning task was not cancelled")
                        let report = try await MockDispatchable.exploreAllTasks { mock in
                            try await TaskOrderingBug.all[0].run(mock, false)
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// The `@MainActor` form: its runs are driven on the main queue, which the spinning job
            /// holds, and its caller resumes on the main actor; so does the body's cancel, a main-actor
            /// job, handed to the real main queue when the run is given up. Before the fix this hung:
            /// nothing stopped the loop, and the answer never reached the caller. Cancelling the
            /// spinning task frees both.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test(.enabled(if: AsyncCaptureSupport.exploresMainActorCode))
            func aMainActorBodysSpinningTaskEndsTheExplorationAndFreesTheMainQueue() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 90) {
                        let started = ContinuousClock.now
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.explore(schedules: 5) { @MainActor _ in
                                let spinner = Task.detached {
                                    var turns = 0
                                    while !Task.isCancelled { turns &+= 1 }
                                    return turns
                                }
                                await Task.yield()
                                spinner.cancel()
                                _ = await spinner.value
                            }
                        }
                        let waited = started.duration(to: .now)
                        SpinningJob.expectSpinning(error, task: "task 2")
                        ChildProcess.expect(waited < SpinningJob.answeredWithin, "answered after \(waited)")
                        let report = try await MockDispatchable.exploreAll { mock in
                            try await AsyncOrderingBug.all[2].run(mock, false)
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// A loop that ignores cancellation cannot be stopped (a thread cannot be killed): here it
            /// waits for a flag only the test sets, after the exploration. The answer still reaches the
            /// caller within the watchdog's time, and when the job has not returned `blockedStepGrace`
            /// later, the watchdog says on standard error what still holds the thread. Once the flag is
            /// set, the thread is back and the process explores on.
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aLoopThatIgnoresCancellationIsAnsweredAndNotedOnStandardError() async {
                let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                    await ChildProcess.run(within: 90) {
                        let released = LockedValue(false)
                        let started = ContinuousClock.now
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreTasks(schedules: 5) { _ in
                                let spinner = Task {
                                    var turns = 0
                                    while !released.value { turns &+= 1 }
                                    return turns
                                }
                                await Task.yield()
                                _ = await spinner.value
                            }
                        }
                        let waited = started.duration(to: .now)
                        SpinningJob.expectSpinning(error, task: "task 2")
                        ChildProcess.expect(waited < SpinningJob.answeredWithin, "answered after \(waited)")
                        // The watchdog's note comes blockedStepGrace after the answer.
                        let noted = ContinuousClock.now + .seconds(MockDispatchable.Limits.blockedStepGrace + 3)
                        while ContinuousClock.now < noted { try await Task.sleep(for: .milliseconds(50)) }
                        released.value = true
                        let report = try await MockDispatchable.exploreAllTasks { mock in
                            try await TaskOrderingBug.all[0].run(mock, false)
                        }
                        ChildProcess.expect(report.isExhaustive, "\(report)")
                    }
                }
                ChildProcess.explain(result)
                let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(
                    text.contains("MockDispatchable watchdog: exploreTasks(schedules: 5, seed: 0) gave its answer")
                        && text.contains("task 2 still runs on the thread that drove the run"), "\(text.suffix(2_000))")
            }
        }
    }

    /// An async sequence of ones whose iterator never suspends, until its task is cancelled (as
    /// swift-async-algorithms' `AsyncSyncSequence` over an endless sequence).
    struct NeverSuspending: AsyncSequence {
        struct AsyncIterator: AsyncIteratorProtocol {
            mutating func next() async -> Int? { Task.isCancelled ? nil : 1 }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    /// Bodies whose task spins in one job.
    enum SpinningJob {
        /// Generous beside the watchdog's 5 s (the suite runs on a loaded machine): what the tests
        /// tell apart is an answer from a hang, which the child's own limit catches.
        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        static let answeredWithin: Duration = .seconds(50)

        /// Starts a task that loops, never suspending, until it is cancelled, then yields and cancels
        /// it. In the order jobs became runnable the task's job runs first, and spins.
        static let cancelledByTheBody: @Sendable (MockDispatchable) async throws -> Void = { _ in
            let spinner = Task {
                var turns = 0
                while !Task.isCancelled { turns &+= 1 }
                return turns
            }
            await Task.yield()
            spinner.cancel()
            _ = await spinner.value
        }

        /// The answer a spinning `task` gets: `.stepLimitExceeded` saying it spins, where the platform
        /// tells a busy thread from a blocked one (Linux reads the thread's CPU clock, Apple's systems
        /// its Mach thread info); elsewhere `.deadlock` saying it blocks or spins.
        static func expectSpinning(_ error: MockDispatchableError, task: String) {
            #if os(Linux) || canImport(Darwin)
                ChildProcess.expect(error.kind == .stepLimitExceeded, "kind \(error.kind): \(error.message)")
                ChildProcess.expect(
                    error.message.contains("a step running \(task) has not returned for 5 s")
                        && error.message.contains("\(task) is spinning, not blocked")
                        && error.message.contains("cooperative pool of width 1")
                        && error.message.contains("await Task.yield()"),
                    error.message)
            #else
                ChildProcess.expect(error.kind == .deadlock, "kind \(error.kind): \(error.message)")
                ChildProcess.expect(error.message.contains("Or it spins"), error.message)
            #endif
            ChildProcess.expect(error.message.contains("\(task) was cancelled"), error.message)
        }
    }
#endif
