import Dispatch
import Foundation
import Testing

@testable import Dispatchable

@MainActor
@Suite("Virtual time has nanosecond resolution")
struct NanosecondTests {
    @Test func aSumOfDecimalDelaysIsDueAtTheDecimalItAddsUpTo() throws {
        let mock = MockDispatchable(mode: .manual)
        let ran = LockedValue(false)
        mock.after(0.1 + 0.2) { ran.value = true }
        try mock.advance(by: 0.3)
        #expect(ran.value)
    }

    @Test func repeatedAdvancesAddUpExactly() throws {
        let mock = MockDispatchable(mode: .manual)
        for _ in 0..<3 { try mock.advance(by: 0.1) }
        #expect(mock.now == 0.3)
    }

    @Test(arguments: [MockDispatchable.Mode.immediate, .manual])
    func recordedDelaysAreRoundedToTheNanosecond(mode: MockDispatchable.Mode) throws {
        let mock = MockDispatchable(mode: mode)
        mock.after(1 - 0.7 + 0.01) {}
        try mock.runUntilIdle()
        #expect(mock.recorder.enteredThreads == [.after(0.31)])
    }

    @Test func theClockIsVirtualTimeInManualMode() throws {
        let mock = MockDispatchable(mode: .manual)
        let dispatch: any Dispatchable = mock
        #expect(dispatch.now == 0)
        try mock.advance(by: 2.5)
        #expect(dispatch.now == 2.5)
    }
}
