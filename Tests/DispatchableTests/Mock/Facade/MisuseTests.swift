import Foundation
import Testing

@testable import Dispatchable

@MainActor
@Suite("Misuse throws, explains, and loses nothing")
struct MisuseTests {
    @Test(arguments: ["runNext", "runNextOffload", "runNextMain"])
    func steppingAnEmptyQueueThrows(call: String) {
        let mock = MockDispatchable(mode: .manual)
        mock.mark("before")
        let error = #expect(throws: MockDispatchableError.self) {
            switch call {
            case "runNext": try mock.runNext()
            case "runNextOffload": try mock.runNextOffload()
            default: try mock.runNextMain()
            }
        }
        #expect(error?.kind == .noPendingWork)
        #expect(error?.description.contains("there is no queued") == true)
        #expect(error?.description.contains("◆ before") == true, "the message includes the timeline")
        #expect(error?.description.contains("MisuseTests.swift") == true, "and the call site")
    }

    /// Swift Testing reflects the error `#expect(throws:)` caught: the mock's timeline, which the
    /// error keeps for its description, is left out, so that a long run's error is not walked item
    /// by item (50,000 items took 10 s, on the main actor).
    @Test func aThrownErrorReflectsAsItsWordsNotItsTimeline() throws {
        let mock = MockDispatchable(mode: .manual)
        for _ in 0..<1_000 { mock.offload {} }
        try mock.runUntilIdle()
        let error = try #require(#expect(throws: MockDispatchableError.self) { try mock.runNext() })
        let labels = Mirror(reflecting: error).children.compactMap(\.label)
        #expect(labels == ["kind", "message", "schedule", "fileID", "line"])
        #expect(error.description.contains("┌ #1000"), "the description still shows the timeline")
    }

    @Test func steppingTheWrongKindSaysWhatIsQueued() {
        let mock = MockDispatchable(mode: .manual)
        mock.main {}
        let error = #expect(throws: MockDispatchableError.self) { try mock.runNextOffload() }
        #expect(error?.message.contains("1 main-thread item(s) are queued") == true)
        #expect(mock.pendingWork.count == 1)
    }

    @Test func steppingInImmediateModeSuggestsManualMode() {
        let mock = MockDispatchable()
        let error = #expect(throws: MockDispatchableError.self) { try mock.runNext() }
        #expect(error?.message.contains("immediate mode") == true)
    }

    @Test(arguments: [-1, -.infinity, .infinity, .nan] as [TimeInterval])
    func advancingByAnInvalidAmountThrowsAndRunsNothing(seconds: TimeInterval) {
        let mock = MockDispatchable(mode: .manual)
        let ran = LockedValue(false)
        mock.after(0) { ran.value = true }
        let error = #expect(throws: MockDispatchableError.self) { try mock.advance(by: seconds) }
        #expect(error?.kind == .invalidAdvance)
        #expect(error?.message.contains("advance(by: \(seconds))") == true)
        #expect(!ran.value)
        #expect(mock.now == 0)
        #expect(mock.pendingWork.count == 1)
    }

    @Test func runUntilIdleOnWorkThatReschedulesItselfForeverThrows() {
        let mock = MockDispatchable(mode: .manual)
        let runs = LockedValue(0)
        @Sendable func tick() {
            runs.mutate { $0 += 1 }
            mock.after(0) { tick() }
        }
        tick()
        let error = #expect(throws: MockDispatchableError.self) { try mock.runUntilIdle(maxSteps: 1000) }
        #expect(error?.kind == .stepLimitExceeded)
        #expect(error?.message.contains("reschedules itself forever") == true)
        #expect(runs.value == 1001)
        #expect(mock.pendingWork.count == 1, "the next tick is still queued")
    }

    @Test func advanceIsBoundedToo() {
        let mock = MockDispatchable(mode: .manual)
        @Sendable func tick() { mock.offload { tick() } }
        tick()
        let error = #expect(throws: MockDispatchableError.self) { try mock.advance(by: 1, maxSteps: 10) }
        #expect(error?.kind == .stepLimitExceeded)
        #expect(mock.pendingWork.count == 1)
    }

    @Test func assertNoPendingWorkListsEveryItem() {
        let mock = MockDispatchable(mode: .manual)
        mock.offload {}
        mock.after(2) {}
        let error = #expect(throws: MockDispatchableError.self) { try mock.assertNoPendingWork() }
        #expect(error?.kind == .pendingWork)
        #expect(error?.message.contains("2 items are still queued") == true)
        #expect(error?.message.contains("#1 offload work, due at t=0.000s") == true)
        #expect(error?.message.contains("#2 after(2) work, due at t=2.000s") == true)
        #expect(mock.pendingWork.count == 2, "nothing is lost")
    }

    @Test func errorTimelineShowsOnlyTheLatestEvents() {
        let mock = MockDispatchable()
        for index in 0..<100 { mock.mark("m\(index)") }
        let error = #expect(throws: MockDispatchableError.self) { try mock.runNext() }
        #expect(error?.timeline.contains("… 40 earlier events not shown") == true)
        #expect(error?.timeline.contains("◆ m99") == true)
    }
}

@Suite("A stepping call that throws changes nothing")
struct ThrowingStepTests {
    /// Nonisolated: not on the main queue, so main-actor work cannot run here.
    @Test func mainActorWorkDueLaterStaysQueuedAndTimeStaysPut() async throws {
        let mock = MockDispatchable(mode: .manual)
        mock.after(1) {}
        let events = mock.recorder.events.count
        let errors = [
            #expect(throws: MockDispatchableError.self) { try mock.runNext() },
            #expect(throws: MockDispatchableError.self) { try mock.runNextMain() },
            #expect(throws: MockDispatchableError.self) { try mock.advance(by: 5) },
        ]
        #expect(errors.map { $0?.kind } == Array(repeating: .mainActorRequired, count: 3))
        #expect(mock.now == 0, "virtual time did not move")
        #expect(mock.pendingWork.count == 1, "no work was taken")
        #expect(mock.recorder.events.count == events, "nothing was recorded")
    }
}
