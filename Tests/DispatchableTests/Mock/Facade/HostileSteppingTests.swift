import Foundation
import Testing

@testable import Dispatchable

/// The stepping calls and the clock, fed what a hostile user would: every refusal is a clear
/// error naming the argument, and changes nothing.
@MainActor
@Suite("Hostile input: stepping and virtual time", .tags(.hostile))
struct HostileSteppingTests {
    @Test(arguments: [-1, Int.min])
    func runUntilIdleRefusesANegativeStepLimitAndRunsNothing(maxSteps: Int) {
        let mock = MockDispatchable(mode: .manual)
        let ran = LockedValue(false)
        mock.offload { ran.value = true }
        let error = #expect(throws: MockDispatchableError.self) { try mock.runUntilIdle(maxSteps: maxSteps) }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("maxSteps must be zero or more, not \(maxSteps)") == true)
        #expect(!ran.value)
        #expect(mock.pendingWork.count == 1)
    }

    @Test(arguments: [-1, Int.min])
    func advanceRefusesANegativeStepLimitAndLeavesTheClock(maxSteps: Int) {
        let mock = MockDispatchable(mode: .manual)
        mock.after(1) {}
        let error = #expect(throws: MockDispatchableError.self) { try mock.advance(by: 5, maxSteps: maxSteps) }
        #expect(error?.kind == .invalidArgument)
        #expect(mock.now == 0)
        #expect(mock.pendingWork.count == 1)
    }

    @Test func theLargestStepLimitRunsLargeQueuesWhole() throws {
        let mock = MockDispatchable(mode: .manual)
        let runs = LockedValue(0)
        for _ in 0..<1_000 { mock.offload { runs.mutate { $0 += 1 } } }
        try mock.runUntilIdle(maxSteps: .max)
        #expect(runs.value == 1_000)
    }

    @Test func aStepLimitOfZeroRunsNothingAndSaysSoOnlyWhenWorkIsDue() throws {
        let mock = MockDispatchable(mode: .manual)
        try mock.runUntilIdle(maxSteps: 0)
        mock.offload {}
        let error = #expect(throws: MockDispatchableError.self) { try mock.runUntilIdle(maxSteps: 0) }
        #expect(error?.kind == .stepLimitExceeded)
        #expect(mock.pendingWork.count == 1)
    }

    @Test(arguments: [1e300, .greatestFiniteMagnitude, 1e10, 9e9] as [TimeInterval])
    func advancingPastTheEndOfVirtualTimeIsRefused(seconds: TimeInterval) {
        let mock = MockDispatchable(mode: .manual)
        let ran = LockedValue(false)
        mock.after(1) { ran.value = true }
        let error = #expect(throws: MockDispatchableError.self) { try mock.advance(by: seconds) }
        #expect(error?.kind == .invalidAdvance)
        #expect(error?.message.contains("past its end") == true)
        #expect(!ran.value)
        #expect(mock.now == 0)
    }

    /// A clock that saturated would make every later timer due at once.
    @Test func timersNearTheEndOfVirtualTimeStillRunInOrderAndOnTime() throws {
        let mock = MockDispatchable(mode: .manual)
        try mock.advance(by: 8e9)  // about 253 years
        let trace = LockedValue<[String]>([])
        mock.after(1) { trace.mutate { $0.append("1 s") } }
        mock.after(2) { trace.mutate { $0.append("2 s") } }
        mock.after(GCD.neverDelay - 1) { trace.mutate { $0.append("31 years") } }
        try mock.advance(by: 1)
        #expect(trace.value == ["1 s"])
        try mock.advance(by: 1)
        #expect(trace.value == ["1 s", "2 s"])
        #expect(mock.pendingWork.first?.dueTime.isFinite == true)
    }

    @Test func assertNoPendingWorkKeepsItsMessageShortHoweverMuchIsQueued() {
        let mock = MockDispatchable(mode: .manual)
        for _ in 0..<20_000 { mock.offload {} }
        let error = #expect(throws: MockDispatchableError.self) { try mock.assertNoPendingWork() }
        #expect(error?.message.contains("20000 items are still queued") == true)
        #expect(error?.message.contains("#20 offload work") == true)
        #expect(error?.message.contains("#21 offload work") == false)
        #expect(error?.message.contains("… and 19980 more") == true)
        #expect((error?.message.count ?? .max) < 4_000)
        #expect((error?.description.count ?? .max) < 20_000, "the timeline is bounded too")
        #expect(mock.pendingWork.count == 20_000, "nothing is lost")
    }

    @Test func aHugeMarkLabelKeepsTheTimelineNarrow() {
        let mock = MockDispatchable()
        mock.mark(String(repeating: "x", count: 1_000_000))
        let widest = mock.recorder.timeline.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest < 200)
        #expect(mock.recorder.marks.first?.count == 1_000_000, "the recorder keeps the label whole")
    }

    @Test func immediateModeNestsUpToItsLimitThenQueues() throws {
        let mock = MockDispatchable()
        let depth = LockedValue(0)
        @Sendable func nest(_ level: Int) {
            depth.value = max(depth.value, mock.recorder.threadStack.count)
            if level < MockDispatchable.nestingLimit + 5 { mock.offload { nest(level + 1) } }
        }
        nest(0)
        #expect(depth.value == MockDispatchable.nestingLimit)
        #expect(mock.pendingWork.map(\.thread) == [.offload], "the first item too deep is queued, not lost")
        try mock.runUntilIdle()
        #expect(mock.pendingWork.isEmpty)
    }

    @Test func aHookThatStepsTheMockReentrantlyRunsTheNextItem() throws {
        let mock = MockDispatchable(mode: .manual)
        let order = LockedValue<[Int]>([])
        mock.offload { order.mutate { $0.append(1) } }
        mock.offload { order.mutate { $0.append(2) } }
        var stepped = false
        mock.didEnterThread = { _ in
            guard !stepped else { return }
            stepped = true
            try? mock.runNextOffload()  // re-entrant: runs #2 inside #1's enter hook
        }
        try mock.runNextOffload()
        #expect(order.value == [2, 1])
        #expect(mock.recorder.threadStack.isEmpty)
    }
}
