import Foundation
import Testing
import XCTest

@testable import Dispatchable

/// How exploration reports, minimises, replays and refuses.
@MainActor
@Suite("Exploration: reports, replay, determinism")
struct ExplorationTests {
    /// Two saves in flight; the older must not land last. Needs one deviation: offload #2 first.
    static func autosave(_ mock: MockDispatchable, buggy: Bool = true) throws {
        try OrderingBug.all[0].run(mock, buggy)
    }

    @Test func theFailureNamesTheScheduleTheErrorTheDeviationAndTheTimeline() throws {
        let error = try #require(
            #expect(throws: MockDispatchableError.self) { try MockDispatchable.exploreAll { try Self.autosave($0) } })
        #expect(error.kind == .scheduleFailed)
        #expect(error.schedule == "1/2")
        #expect(error.message.contains("exploreAll(limit: 100000): schedule 2 failed"))
        #expect(error.message.contains("The body threw: the file has version 1, \"a\""))
        #expect(error.message.contains("MockDispatchable.replay(\"1/2\")"))
        #expect(error.message.contains("offload #2, scheduled at t=0.000s from the test, ran before offload #1"))
        #expect(error.timeline.contains("┌ #2"), "the timeline numbers the work it shows")
        #expect(error.description.contains("ExplorationTests.swift"), "and the call site")
    }

    /// Runs reuse the memory of the run before's timeline: the failing schedule's shows its own
    /// run's events, as many as one run of the body records, and none of the passing runs' before it.
    @Test func theFailingScheduleTimelineHoldsOnlyItsOwnRun() throws {
        let plain = MockDispatchable(mode: .manual)
        try Self.autosave(plain, buggy: false)
        let oneRun = plain.recorder.events.count
        let error = try #require(
            #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.explore(schedules: 200, seed: 3, strategy: .randomWalk) { try Self.autosave($0) }
            })
        #expect(!error.message.contains("schedule 1 failed"), "runs before the failing one")
        #expect(error.timeline.contains(", \(oneRun) events"))
    }

    @Test func aFailureInOrdinaryManualModeIsScheduleOneWithNoDeviation() {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.explore(schedules: 10, seed: 1) { mock in
                mock.offload {}
                try mock.assertNoPendingWork()
            }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.schedule == "")
        #expect(error?.message.contains("schedule 1 failed") == true)
        #expect(error?.message.contains("It is ordinary manual mode") == true)
        #expect(error?.message.contains("pendingWork: 1 item is still queued") == true, "misuse shows as the failure")
    }

    @Test func aRunawayInsideABodyIsAFailingSchedule() {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll { mock in
                @Sendable func tick() { mock.offload { tick() } }
                tick()
                try mock.runUntilIdle(maxSteps: 50)
            }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.message.contains("reschedules itself forever") == true)
    }

    @Test func theReportedScheduleIsMinimised() throws {
        // Six independent offloads shuffle freely; only the two saves' order matters. A random
        // walk's failing schedule deviates in many places; the reported one in one.
        let error = try #require(
            #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.explore(schedules: 1_000, seed: 5, strategy: .randomWalk) { mock in
                    for _ in 0..<6 { mock.offload {} }
                    try Self.autosave(mock)
                }
            })
        #expect(error.message.contains("differs from ordinary manual mode in 1 choice"))
        #expect(error.message.contains("(minimised from"))
        #expect(error.message.contains("offload #8, scheduled at t=0.000s from the test, ran before offload #7"))
        let replayed = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay(error.schedule ?? "") { mock in
                for _ in 0..<6 { mock.offload {} }
                try Self.autosave(mock)
            }
        }
        #expect(replayed?.schedule == error.schedule)
    }

    @Test(arguments: [MockDispatchable.ExplorationStrategy.mixed, .randomWalk, .pct(depth: 2)])
    func theSameSeedRunsTheSameSchedules(strategy: MockDispatchable.ExplorationStrategy) throws {
        func explore(seed: Int) throws -> (MockDispatchable.ExplorationReport, [[String]]) {
            var orders: [[String]] = []
            let report = try MockDispatchable.explore(schedules: 50, seed: seed, strategy: strategy) { mock in
                let trace = Trace()
                for name in ["a", "b", "c", "d"] { mock.offload { MainActor.assumeIsolated { trace(name) } } }
                mock.after(1) { trace("t") }
                try mock.runUntilIdle()
                orders.append(trace.entries)
            }
            return (report, orders)
        }
        let (first, firstOrders) = try explore(seed: 9)
        let (again, againOrders) = try explore(seed: 9)
        let (_, otherOrders) = try explore(seed: 10)
        #expect(first == again)
        #expect(firstOrders == againOrders)
        #expect(firstOrders != otherOrders, "another seed, other schedules")
        #expect(first.schedulesRun == 50)
        #expect(first.distinctSchedules > 10 && first.distinctSchedules <= 50)
        #expect(!first.isExhaustive)
    }

    @Test func exploreCountsDistinctSchedulesAndStopsOnceItHasRunEveryOne() throws {
        let report = try MockDispatchable.explore(schedules: 300, seed: 1) { mock in
            for _ in 0..<3 { mock.offload {} }
            try mock.runUntilIdle()
        }
        #expect(report.distinctSchedules == 6)
        #expect(report.isExhaustive)
        #expect(report.schedulesRun >= 6 && report.schedulesRun < 300)
    }

    @Test func exploreAllStopsAtItsLimit() throws {
        let report = try MockDispatchable.exploreAll(limit: 4) { mock in
            for _ in 0..<3 { mock.offload {} }
            try mock.runUntilIdle()
        }
        #expect(report.schedulesRun == 4)
        #expect(report.distinctSchedules == 4)
        #expect(!report.isExhaustive)
        let exact = try MockDispatchable.exploreAll(limit: 6) { mock in
            for _ in 0..<3 { mock.offload {} }
            try mock.runUntilIdle()
        }
        #expect(exact.isExhaustive, "a limit that covers every schedule still knows it did")
    }

    /// Ordinary manual mode, then every schedule with one deviation, then every one with two: the
    /// orders three independent offloads run in, read back as deviations, never decrease.
    @Test func exploreAllRunsFewestDeviationsFirst() throws {
        let orders = LockedValue<[[Int]]>([])
        let report = try MockDispatchable.exploreAll { mock in
            let ran = LockedValue<[Int]>([])
            for index in 0..<3 { mock.offload { ran.mutate { $0.append(index) } } }
            try mock.runUntilIdle()
            orders.mutate { $0.append(ran.value) }
        }
        #expect(report.distinctSchedules == 6)
        #expect(Set(orders.value).count == 6)
        // At each step the first choice is the lowest index still queued; any other is a deviation.
        let deviations = orders.value.map { order in
            order.indices.filter { step in order[step] != order[step...].min() }.count
        }
        #expect(deviations == deviations.sorted(), "run in order of deviations: \(deviations)")
        #expect(deviations.first == 0)
        #expect(deviations.last == 2)
    }

    /// A bug that needs one deviation sits behind astronomically many deep schedules of unrelated
    /// work in flight: depth-first would not reach it within the limit; fewest-first meets it among
    /// the first.
    @Test func exploreAllMeetsAOneDeviationBugEarlyInABusyBody() {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(limit: 1_000) { mock in
                let saved = LockedValue<[String]>([])
                mock.offload { mock.main { saved.mutate { $0.append("old") } } }
                mock.offload { mock.main { saved.mutate { $0.append("new") } } }
                for _ in 0..<8 { mock.offload { mock.main {} } }  // unrelated hops in flight
                try mock.runUntilIdle()
                guard saved.value.last == "new" else { throw InvariantBroken("saved \(saved.value)") }
            }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.message.contains("It differs from ordinary manual mode in 1 choice:") == true)
    }

    @Test func aBodyThatChangesAcrossRunsIsCalledNondeterministic() {
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll { mock in
                runs += 1  // state shared across runs: the second run queues one more offload
                for _ in 0..<(runs == 1 ? 2 : 3) { mock.offload {} }
                try mock.runUntilIdle()
            }
        }
        #expect(error?.kind == .nondeterministicBody)
        #expect(error?.message.contains("not deterministic") == true)
        #expect(error?.message.contains("choice point 1 (step 1) offers 3 choices") == true)
        #expect(error?.schedule == nil)
    }

    @Test func replayingIntoADifferentBodyIsCalledNondeterministic() {
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.replay("0/3 1/2") { mock in
                mock.offload {}
                mock.offload {}
                try mock.runUntilIdle()
            }
        }
        #expect(error?.kind == .nondeterministicBody)
    }

    @Test(arguments: ["1", "2/2", "x/3", "0/1", "1/2 3"])
    func replayRejectsWhatIsNotASchedule(_ text: String) {
        let error = #expect(throws: MockDispatchableError.self) { try MockDispatchable.replay(text) { _ in } }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("is not a schedule") == true)
        #expect(error?.description.contains("MockDispatchable timeline — manual mode, now t=0.000s, 0 events") == true)
    }

    @Test func theRecorderWorksInsideEverySchedule() throws {
        var entered = Set<[DispatchThread]>()
        var marks = Set<[String]>()
        try MockDispatchable.exploreAll { mock in
            mock.offload { mock.mark("background") }
            mock.main { mock.mark("main") }
            try mock.runUntilIdle()
            entered.insert(mock.recorder.enteredThreads)
            marks.insert(mock.recorder.marks)
            #expect(mock.recorder.threadStack.isEmpty)
        }
        #expect(entered == [[.offload, .main], [.main, .offload]])
        #expect(marks == [["background", "main"], ["main", "background"]])
    }

    @Test func everySteppingCallWorksInsideABody() throws {
        let report = try MockDispatchable.exploreAll { mock in
            mock.offload {}
            mock.offload {}
            mock.main {}
            mock.after(1) {}
            try mock.runNextOffload()
            try mock.runNextMain()
            try mock.runNext()
            try mock.advance(by: 0.5)
            try mock.runUntilIdle()
            try mock.assertNoPendingWork()
        }
        #expect(report.isExhaustive)
        // runNextOffload picks one of two offloads; runNextMain has one choice; runNext picks the
        // other offload or the timer; what is left is forced.
        #expect(report.schedulesRun == 2 * 2)
    }
}

/// Synchronous XCTest methods run on the main thread: `MainActor.assumeIsolated` states it. Async
/// ones run off the main actor: `await MainActor.run` takes the call there.
final class ExplorationXCTests: XCTestCase {
    func testExploreFromASynchronousXCTestMethod() throws {
        try MainActor.assumeIsolated {
            let report = try MockDispatchable.exploreAll { mock in
                try OrderingBug.all[2].run(mock, false)
            }
            XCTAssertTrue(report.isExhaustive)
            XCTAssertThrowsError(
                try MockDispatchable.explore(schedules: 100, seed: 1) { mock in try OrderingBug.all[2].run(mock, true) }
            ) { error in
                XCTAssertEqual((error as? MockDispatchableError)?.kind, .scheduleFailed)
            }
        }
    }

    func testExploreFromAnAsyncXCTestMethodInsideMainActorRun() async throws {
        let report = try await MainActor.run {
            try MockDispatchable.exploreAll { mock in try OrderingBug.all[2].run(mock, false) }
        }
        XCTAssertTrue(report.isExhaustive)
        let replayed = try await MainActor.run {
            try MockDispatchable.replay("") { mock in
                mock.main {}
                try mock.runUntilIdle()
            }
        }
        XCTAssertEqual(replayed.schedulesRun, 1)
    }
}
