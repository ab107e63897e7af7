import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// A body that traps in some schedule takes the process down with the exploration's report:
        /// the crash trail writes the run's schedule so far to standard error first, so that
        /// `replay` crashes it again, and lets the crash go on as before. Each test runs the crash
        /// in a child process and reads the child's standard error.
        @Suite("Hostile input: a crash in a run leaves its schedule (child processes)", .serialized, .tags(.hostile))
        struct CrashTrailTests {
            /// Two saves that must land in order; the body traps (a failed `precondition`) when the
            /// second lands first, which only the schedule "1/2" does.
            @MainActor
            static func twoSavesThatTrapOutOfOrder(_ mock: MockDispatchable) throws {
                let saved = LockedValue<[Int]>([])
                mock.offload { saved.mutate { $0.append(1) } }
                mock.offload { saved.mutate { $0.append(2) } }
                try mock.runUntilIdle()
                precondition(saved.value == [1, 2], "the second save landed first")
            }

            @Test func aTrapInARunWritesTheRunsScheduleBeforeTheCrash() async {
                let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = try? await MainActor.run {
                        try MockDispatchable.exploreAll(limit: 100) {
                            try CrashTrailTests.twoSavesThatTrapOutOfOrder($0)
                        }
                    }
                }
                let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(text.contains("the second save landed first"), "\(text.suffix(2_000))")
                #expect(
                    text.contains("MockDispatchable: the process crashed (SIG"), "\(text.suffix(2_000))")
                #expect(
                    text.contains("in a run of exploreAll(limit: 100) at DispatchableTests/CrashTrailTests.swift:"),
                    "\(text.suffix(2_000))")
                #expect(
                    text.contains(
                        #"The run's schedule so far: "1/2". Replay it, in an exit test as it crashes: "#
                            + #"MockDispatchable.replay("1/2") { mock in … }"#), "\(text.suffix(2_000))")
            }

            @Test func theScheduleLeftByACrashCrashesAgainUnderReplay() async {
                let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = try? await MainActor.run {
                        try MockDispatchable.replay("1/2") { try CrashTrailTests.twoSavesThatTrapOutOfOrder($0) }
                    }
                }
                let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(text.contains("the second save landed first"), "\(text.suffix(2_000))")
                #expect(text.contains(#"in a run of replay("1/2")"#), "\(text.suffix(2_000))")
            }

            /// A body that traps only when a task's job is slower than the default stall bound lets
            /// it be (a watchdog that crashes the process when its 1 s timeout fires first, as
            /// ServiceGroup's cancellation timeout does) passes its exploration and traps in the
            /// search past the bound: the trail names the search and the bound that replays it.
            @Test func aTrapInTheSearchPastTheStallBoundNamesTheSearch() async {
                guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
                let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = try? await MockDispatchable.exploreAllTasks(limit: 100) { mock in
                        let clock = mock.clock
                        let done = LockedValue(false)
                        let watchdog = Task {
                            try await clock.sleep(for: .seconds(1))
                            precondition(done.value, "the watchdog fired: the work took longer than 1 s")
                        }
                        let work = Task { done.value = true }
                        await work.value
                        watchdog.cancel()
                        _ = await watchdog.result
                    }
                }
                let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(text.contains("the watchdog fired"), "\(text.suffix(2_000))")
                #expect(
                    text.contains(
                        "in a run of the search past the default stall bound (a task's job slower than 0.1 s) of "
                            + "exploreAllTasks(limit: 100) at DispatchableTests/CrashTrailTests.swift:"),
                    "\(text.suffix(2_000))")
                #expect(text.contains(#"", maximumStall: .infinity) { mock in … }"#), "\(text.suffix(2_000))")
            }

            /// A crash outside any run (after the exploration has ended) is not the exploration's:
            /// nothing is written, and the crash goes on as before.
            @Test func aCrashAfterTheExplorationEndedWritesNothing() async {
                let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    // The replay passes (ordinary manual mode saves in order); `try!` would trap
                    // without the index's message if it threw.
                    _ = try! await MainActor.run {
                        try MockDispatchable.replay("") { try CrashTrailTests.twoSavesThatTrapOutOfOrder($0) }
                    }
                    let empty: [Int] = []
                    _ = empty[empty.count]
                }
                let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
                #expect(text.contains("Index out of range"), "\(text.suffix(2_000))")
                #expect(!text.contains("the process crashed"), "\(text.suffix(2_000))")
            }
        }
    }
#endif
