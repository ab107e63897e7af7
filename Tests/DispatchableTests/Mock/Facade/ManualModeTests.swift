import Foundation
import Testing

@testable import Dispatchable

@MainActor
@Suite("Manual mode and virtual time")
struct ManualModeTests {
    /// Records the order work ran in.
    final class Log: Sendable {
        let entries = LockedValue<[String]>([])
        func callAsFunction(_ entry: String) { entries.mutate { $0.append(entry) } }
        var value: [String] { entries.value }
    }

    @Test func workIsQueuedUntilTheTestRunsIt() throws {
        let mock = MockDispatchable(mode: .manual)
        let log = Log()
        mock.offload { log("offload") }
        mock.main { log("main") }
        #expect(log.value.isEmpty)
        #expect(mock.pendingWork.count == 2)
        try mock.runUntilIdle()
        #expect(log.value == ["offload", "main"])
    }

    @Test func codeAfterOffloadRunsBeforeTheBlock() throws {
        let mock = MockDispatchable(mode: .manual)
        let log = Log()
        mock.offload { log("block") }
        log("after the call")
        try mock.runNextOffload()
        #expect(log.value == ["after the call", "block"])
    }

    @Test func runNextOffloadAndRunNextMainPickTheirKind() throws {
        let mock = MockDispatchable(mode: .manual)
        let log = Log()
        mock.offload { log("o1") }
        mock.main { log("m1") }
        mock.offload { log("o2") }
        try mock.runNextMain()
        try mock.runNextOffload()
        try mock.runNextOffload()
        #expect(log.value == ["m1", "o1", "o2"])
    }

    @Test func runNextFollowsDueTimeThenSchedulingOrder() throws {
        let mock = MockDispatchable(mode: .manual)
        let log = Log()
        mock.after(2) { log("after 2") }
        mock.after(1) { log("after 1 (first)") }
        mock.offload { log("offload") }
        mock.after(1) { log("after 1 (second)") }
        mock.main { log("main") }
        for _ in 0..<5 { try mock.runNext() }
        #expect(log.value == ["offload", "main", "after 1 (first)", "after 1 (second)", "after 2"])
        #expect(mock.now == 2, "runNext moves time to the item's due time")
    }

    @Test func advanceRunsOnlyWhatIsDueAndLeavesNowAtTheTarget() throws {
        let mock = MockDispatchable(mode: .manual)
        let log = Log()
        mock.after(1) { log("1") }
        mock.after(3) { log("3") }
        try mock.advance(by: 2)
        #expect(log.value == ["1"])
        #expect(mock.now == 2)
        try mock.advance(by: 0.999)
        #expect(log.value == ["1"])
        try mock.advance(by: 0.001)
        #expect(log.value == ["1", "3"])
        #expect(mock.now == 3)
    }

    @Test func workScheduledWhileAdvancingRunsAtItsOwnDueTime() throws {
        let mock = MockDispatchable(mode: .manual)
        let times = LockedValue<[TimeInterval]>([])
        mock.after(1) {
            times.mutate { $0.append(mock.now) }
            mock.after(1) {
                times.mutate { $0.append(mock.now) }
                mock.after(5) { times.mutate { $0.append(mock.now) } }
            }
        }
        try mock.advance(by: 3)
        #expect(times.value == [1, 2])
        #expect(mock.now == 3)
        #expect(mock.pendingWork.map(\.dueTime) == [7])
    }

    @Test func negativeDelaysAreDueAtOnceNotInThePast() throws {
        let mock = MockDispatchable(mode: .manual)
        try mock.advance(by: 10)
        let log = Log()
        mock.after(-5) { log("negative") }
        #expect(mock.pendingWork.first?.dueTime == 10)
        try mock.advance(by: 0)
        #expect(log.value == ["negative"])
        #expect(mock.now == 10)
    }

    @Test func cancelledWorkNeverRunsAndIsNotPending() throws {
        let mock = MockDispatchable(mode: .manual)
        let log = Log()
        let token = mock.after(1) { log("cancelled") }
        mock.after(2) { log("kept") }
        token.cancel()
        #expect(mock.pendingWork.count == 1)
        try mock.runUntilIdle()
        #expect(log.value == ["kept"])
        try mock.assertNoPendingWork()
    }

    @Test func pendingWorkDescribesThreadDueTimeAndOrigin() throws {
        let mock = MockDispatchable(mode: .manual)
        mock.offload { mock.after(0.5) {} }
        try mock.runNextOffload()
        let item = try #require(mock.pendingWork.first)
        #expect(item.thread == .after(0.5))
        #expect(item.dueTime == 0.5)
        #expect(item.scheduledFrom == .offload)
        #expect(item.description == "#2 after(0.5) work, due at t=0.500s, scheduled at t=0.000s from offload")
    }

    @Test func runUntilIdleAdvancesTimeToTheLastItem() throws {
        let mock = MockDispatchable(mode: .manual)
        mock.after(4) {}
        mock.after(1.5) {}
        try mock.runUntilIdle()
        #expect(mock.now == 4)
        try mock.assertNoPendingWork()
    }

    @Test func neverDueWorkStaysPendingAfterRunUntilIdle() throws {
        let mock = MockDispatchable(mode: .manual)
        let log = Log()
        mock.after(.infinity) { log("infinity") }
        mock.after(.nan) { log("nan") }
        try mock.runUntilIdle()
        #expect(log.value.isEmpty)
        #expect(mock.pendingWork.map(\.dueTime) == [.infinity, .infinity])
    }

    @Test func timelineShowsVirtualTimeInManualMode() throws {
        let mock = MockDispatchable(mode: .manual)
        mock.after(1.25) { mock.mark("fired") }
        try mock.advance(by: 2)
        let timeline = mock.recorder.timeline
        #expect(timeline.contains("manual mode, now t=2.000s"))
        #expect(timeline.contains("   1.250s ┆"))
        #expect(timeline.contains("◆ fired"))
        #expect(timeline.contains("+ queued after(1.25)"))
    }

    @Test func queuedWorkIsRecordedAsScheduledThenEntered() throws {
        let mock = MockDispatchable(mode: .manual)
        mock.offload {}
        #expect(mock.recorder.events.map(\.kind) == [.enqueue])
        try mock.runNext()
        #expect(mock.recorder.events.map(\.kind) == [.enqueue, .enter, .exit])
    }
}
