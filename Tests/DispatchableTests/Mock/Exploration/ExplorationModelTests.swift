import Foundation
import Testing

@testable import Dispatchable

/// The exploration model's exact schedule counts (as the "Finding ordering bugs" article states
/// them), and how schedules are run, reported and replayed.
@MainActor
@Suite("Exploration: the model")
struct ExplorationModelTests {
    @Test func threeIndependentOffloadsHaveSixSchedules() throws {
        var orders = Set<[Int]>()
        let report = try MockDispatchable.exploreAll { mock in
            var order: [Int] = []
            for index in 1...3 { mock.offload { MainActor.assumeIsolated { order.append(index) } } }
            try mock.runUntilIdle()
            orders.insert(order)
        }
        #expect(report.schedulesRun == 6)
        #expect(report.distinctSchedules == 6)
        #expect(report.isExhaustive)
        #expect(orders.count == 6, "every permutation ran")
    }

    @Test func twoOffloadsThatEachDispatchMainHaveFourSchedules() throws {
        var orders = Set<[String]>()
        let report = try MockDispatchable.exploreAll { mock in
            let order = Trace()
            for index in 1...2 {
                mock.offload {
                    MainActor.assumeIsolated { order("o\(index)") }
                    mock.main { order("m\(index)") }
                }
            }
            try mock.runUntilIdle()
            orders.insert(order.entries)
        }
        #expect(report.schedulesRun == 4)
        #expect(report.isExhaustive)
        #expect(
            orders == [
                ["o1", "o2", "m1", "m2"], ["o1", "m1", "o2", "m2"], ["o2", "o1", "m2", "m1"], ["o2", "m2", "o1", "m1"],
            ])
    }

    @Test func anOffloadAndATimerHaveTwoSchedules() throws {
        var orders = Set<[String]>()
        let report = try MockDispatchable.exploreAll { mock in
            var order: [String] = []
            mock.offload { MainActor.assumeIsolated { order.append("offload at \(mock.now)") } }
            mock.after(1) { order.append("after at \(mock.now)") }
            try mock.runUntilIdle()
            orders.insert(order)
        }
        #expect(report.schedulesRun == 2)
        #expect(orders == [["offload at 0.0", "after at 1.0"], ["after at 1.0", "offload at 1.0"]])
    }

    /// A background timer may fire while a due offload item has not run yet (an exact count the article states).
    @Test func anOffloadAndADelayedOffloadHaveTwoSchedules() throws {
        var orders = Set<[String]>()
        let report = try MockDispatchable.exploreAll { mock in
            let order = LockedValue<[String]>([])
            mock.offload { order.mutate { $0.append("offload at \(mock.now)") } }
            mock.offload(after: 1) { order.mutate { $0.append("timer at \(mock.now)") } }
            try mock.runUntilIdle()
            orders.insert(order.value)
        }
        #expect(report.schedulesRun == 2)
        #expect(orders == [["offload at 0.0", "timer at 1.0"], ["timer at 1.0", "offload at 1.0"]])
    }

    /// With nothing on the main lane, the background timer is a choice too: whether the race is
    /// explored must not depend on unrelated work.
    @Test func aBackgroundTimerMayOvertakeSeveralDueOffloads() throws {
        var firsts = Set<String>()
        try MockDispatchable.exploreAll { mock in
            let first = LockedValue<String?>(nil)
            for name in ["a", "b"] { mock.offload { first.mutate { $0 = $0 ?? name } } }
            mock.offload(after: 5) { first.mutate { $0 = $0 ?? "timeout" } }
            try mock.runUntilIdle()
            firsts.insert(first.value ?? "")
        }
        #expect(firsts == ["a", "b", "timeout"])
    }

    /// A main hop sent by offload work may land after a timer that falls due later: its sender was
    /// still running when the timer fired. It then runs at that later time.
    @Test func aHopSentByOffloadWorkMayLandAfterALaterTimer() throws {
        var orders = Set<[String]>()
        let report = try MockDispatchable.exploreAll { mock in
            let order = LockedValue<[String]>([])
            mock.offload(after: 1) { mock.main { order.mutate { $0.append("hop at \(mock.now)") } } }
            mock.after(1.5) { order.mutate { $0.append("timer at \(mock.now)") } }
            try mock.runUntilIdle()
            orders.insert(order.value)
        }
        #expect(orders.contains(["hop at 1.0", "timer at 1.5"]))
        #expect(orders.contains(["timer at 1.5", "hop at 1.5"]))
        #expect(report.isExhaustive)
    }

    /// The main lane is never late: a hop sent by the test (not by offload work) is never overtaken.
    @Test func aHopSentByTheTestIsNeverOvertakenByALaterTimer() throws {
        let report = try MockDispatchable.exploreAll { mock in
            var order: [String] = []
            mock.main { order.append("main") }
            mock.after(1.5) { order.append("timer") }
            try mock.runUntilIdle()
            guard order == ["main", "timer"] else { throw InvariantBroken("\(order)") }
        }
        #expect(report.schedulesRun == 1)
    }

    @Test(arguments: OrderingBug.all.suffix(2))
    func theNewOrderingsAreFoundWithUnrelatedWorkAndTheirTwinsPassEverySchedule(_ bug: OrderingBug) throws {
        func body(_ mock: MockDispatchable, buggy: Bool) throws {
            mock.offload {}  // unrelated work in flight
            mock.after(0.2) {}
            try bug.run(mock, buggy)
        }
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll { try body($0, buggy: true) }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(try MockDispatchable.exploreAll { try body($0, buggy: false) }.isExhaustive)
    }

    @Test func mainThreadWorkAloneHasOneSchedule() throws {
        let report = try MockDispatchable.exploreAll { mock in
            mock.main {}
            mock.after(2) {}
            mock.main {}
            mock.after(1) { mock.main {} }
            try mock.runUntilIdle()
        }
        #expect(report.schedulesRun == 1)
        #expect(report.isExhaustive)
    }

    @Test func aTimerBeyondTheAdvanceTargetIsNotAChoice() throws {
        let report = try MockDispatchable.exploreAll { mock in
            mock.offload {}
            mock.after(1) {}
            try mock.advance(by: 0.5)
        }
        #expect(report.schedulesRun == 1)
    }

    @Test func theFirstScheduleIsOrdinaryManualMode() throws {
        var first: [String]?
        var ordinary: [String] = []
        func body(_ mock: MockDispatchable) throws -> [String] {
            var order: [String] = []
            mock.offload { MainActor.assumeIsolated { order.append("a") } }
            mock.after(0.5) { order.append("t") }
            mock.offload { MainActor.assumeIsolated { order.append("b") } }
            try mock.runUntilIdle()
            return order
        }
        ordinary = try body(MockDispatchable(mode: .manual))
        try MockDispatchable.exploreAll { mock in
            let order = try body(mock)
            if first == nil { first = order }
        }
        #expect(first == ordinary)
        #expect(ordinary == ["a", "b", "t"])
    }

    @Test func runNextOffloadChoosesAmongOffloadsOnly() throws {
        var seen = Set<String>()
        let report = try MockDispatchable.exploreAll { mock in
            var order = ""
            mock.main { order += "m" }
            mock.offload { MainActor.assumeIsolated { order += "1" } }
            mock.offload { MainActor.assumeIsolated { order += "2" } }
            try mock.runNextOffload()
            seen.insert(order)
            try mock.runUntilIdle()
        }
        #expect(seen == ["1", "2"])
        #expect(report.schedulesRun == 2 * 2, "then main and the other offload in either order")
    }

    @Test func cancelledWorkIsNeverAChoice() throws {
        let report = try MockDispatchable.exploreAll { mock in
            mock.offload {}
            mock.offload(after: 0) {}.cancel()
            mock.after(1) {}.cancel()
            try mock.runUntilIdle()
        }
        #expect(report.schedulesRun == 1)
    }

    @Test func aDueDelayedOffloadIsAnOffloadChoice() throws {
        let report = try MockDispatchable.exploreAll { mock in
            mock.offload(after: 1) {}
            mock.offload(after: 1) {}
            try mock.advance(by: 1)
        }
        #expect(report.schedulesRun == 2)
    }
}
