import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// Inputs that once crashed or hung the test process, or could, each run in a child process
        /// (a Swift Testing exit test) under a watchdog: a crash, a hang or a wrong outcome fails the one
        /// test instead of taking the whole run down. The child checks the outcome; see `ChildProcess`.
        ///
        /// Serialized: a dozen children at once (each a whole test process, slower still under TSan)
        /// starve the parent's own timing-sensitive tests on a two-core machine.
        @Suite("Hostile input: exploration neither crashes nor hangs (child processes)", .serialized, .tags(.hostile))
        struct ExplorationCrashAndHangTests {
            @Test func pctWithTheSmallestDepthIsRefusedNotATrap() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MainActor.run {
                                _ = try MockDispatchable.explore(schedules: 5, strategy: .pct(depth: Int.min)) { mock in
                                    mock.offload {}
                                    mock.offload {}
                                    try mock.runUntilIdle()
                                }
                            }
                        }
                        ChildProcess.expect(error.kind == .invalidArgument, "kind \(error.kind)")
                        ChildProcess.expect(error.message.contains("pct(depth:)"), error.message)
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func pctWithTheLargestDepthCostsNoMoreThanARun() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 30) {
                        let report = try await MainActor.run {
                            try MockDispatchable.explore(schedules: 20, strategy: .pct(depth: Int.max)) { mock in
                                for _ in 0..<3 { mock.offload {} }
                                try mock.runUntilIdle()
                            }
                        }
                        ChildProcess.expect(report.distinctSchedules <= 6, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// `.mixed` used to build every single-deviation schedule before its third run: for 700
            /// offloads queued at once, about 57 million choices (gigabytes).
            @Test func mixedExplorationOfALongRunNeedsMemoryForOneRun() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        let before = ChildProcess.peakResidentBytes
                        let report = try await MainActor.run {
                            try MockDispatchable.explore(schedules: 3) { mock in
                                for _ in 0..<700 { mock.offload {} }
                                try mock.runUntilIdle()
                            }
                        }
                        let grown = ChildProcess.peakResidentBytes - before
                        ChildProcess.expect(report.schedulesRun == 3, "\(report)")
                        ChildProcess.expect(grown < 200 << 20, "peak memory grew by \(grown >> 20) MB")
                    }
                }
                ChildProcess.explain(result)
            }

            /// Runs that leave a closure queued which captures their mock: each mock outlives its run (a
            /// reference cycle). Exploration cannot free them — the body might have kept its mock on
            /// purpose — so it says so, once, on standard error.
            @Test(arguments: [true, false])
            func mocksKeptAliveByTheirOwnQueuedWorkAreReportedOnce(leftWorkCapturesTheMock: Bool) async {
                let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                    [leftWorkCapturesTheMock] in
                    await ChildProcess.run(within: 60) {
                        let report = try await MainActor.run {
                            // Eight offloads: 40,320 orders, so 2,500 runs are 2,500 distinct schedules.
                            try MockDispatchable.explore(schedules: 2_500, strategy: .randomWalk) { mock in
                                for _ in 0..<8 { mock.offload {} }
                                try mock.runUntilIdle()
                                if leftWorkCapturesTheMock {
                                    _ = mock.after(5) { _ = mock }
                                } else {
                                    _ = mock.after(5) {}
                                }
                            }
                        }
                        ChildProcess.expect(report.schedulesRun == 2_500, "\(report)")
                    }
                }
                ChildProcess.explain(result)
                let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                let warnings = text.components(separatedBy: "are still alive after their runs").count - 1
                #expect(warnings == (leftWorkCapturesTheMock ? 1 : 0), "\(text.suffix(2_000))")
                if leftWorkCapturesTheMock {
                    #expect(text.contains("explore(schedules: 2500") && text.contains("[weak self]"))
                }
            }

            /// A runaway offload competing with a timer: thousands of choice points in one run.
            @Test func mixedExplorationOfARunawayNeedsMemoryForOneRun() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        let before = ChildProcess.peakResidentBytes
                        let report = try await MainActor.run {
                            try MockDispatchable.explore(schedules: 4) { mock in
                                @Sendable func spin() { mock.offload { spin() } }
                                spin()
                                mock.after(1) {}
                                do {
                                    try mock.advance(by: 2, maxSteps: 5_000)
                                    ChildProcess.fail("advance returned: the runaway ended")
                                } catch let error as MockDispatchableError {
                                    ChildProcess.expect(error.kind == .stepLimitExceeded, "kind \(error.kind)")
                                }
                            }
                        }
                        let grown = ChildProcess.peakResidentBytes - before
                        ChildProcess.expect(report.schedulesRun == 4, "\(report)")
                        ChildProcess.expect(grown < 200 << 20, "peak memory grew by \(grown >> 20) MB")
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func exploringIntMaxSchedulesOfABodyWithOneScheduleReturns() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 30) {
                        let report = try await MainActor.run {
                            try MockDispatchable.explore(schedules: .max) { mock in
                                mock.main {}
                                mock.after(1) {}
                                try mock.runUntilIdle()
                            }
                        }
                        ChildProcess.expect(report.isExhaustive && report.distinctSchedules == 1, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            static let strategies: [MockDispatchable.ExplorationStrategy] = [.mixed, .randomWalk, .pct(depth: 3)]

            @Test(arguments: strategies.indices)
            func exploringIntMaxSchedulesStopsOnceEveryScheduleHasRun(strategy index: Int) async {
                let result = await #expect(processExitsWith: .success) { [index] in
                    await ChildProcess.run(within: 30) {
                        let report = try await MainActor.run {
                            try MockDispatchable.explore(schedules: .max, strategy: Self.strategies[index]) { mock in
                                for _ in 0..<3 { mock.offload {} }
                                try mock.runUntilIdle()
                            }
                        }
                        ChildProcess.expect(report.isExhaustive && report.distinctSchedules == 6, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

#endif
