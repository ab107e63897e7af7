import Dispatchable
import Testing
import XCTest

// Route 2: the joined `Mocks/MockDispatchable.swift` copied (here: symlinked) into this test
// target, next to a plain `import Dispatchable` — no `@testable`. It compiles unchanged on the
// public API alone.

final class CopiedMockXCTests: XCTestCase {
    func testCopiedMockRecordsHops() {
        let mock = MockDispatchable()
        var exits: [DispatchThread] = []
        mock.didExitThread = { exits.append($0) }
        mock.offload { mock.main {} }
        XCTAssertEqual(mock.recorder.enteredThreads, [.offload, .main])
        XCTAssertEqual(exits, [.main, .offload])
    }
}

@MainActor
@Suite("Copied mock")
struct CopiedMockTests {
    @Test func copiedMockSupportsManualModeAndVirtualTime() throws {
        let mock = MockDispatchable(mode: .manual)
        mock.after(2) { mock.mark("fired") }
        try mock.advance(by: 2)
        #expect(mock.recorder.marks == ["fired"])
        #expect(mock.now == 2)
        try mock.assertNoPendingWork()
    }

    @Test func theMockHereIsThisTargetsOwnCopy() {
        // Without @testable the module's copy is invisible, so the name resolves to the copy
        // compiled into this target, which conforms through the public protocol alone.
        #expect(String(reflecting: MockDispatchable.self) == "CopiedMockTests.MockDispatchable")
        let dispatch: any Dispatchable = MockDispatchable(mode: .manual)
        dispatch.offload(after: 1) {}
        #expect(dispatch.now == 0)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func copiedMockHasAClockOnVirtualTime() async throws {
        let mock = MockDispatchable(mode: .manual)
        let clock: any Clock<Duration> = mock.clock
        let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
        // The wait is for the sleeper to register, microseconds alone; in the whole suite the main
        // actor it needs may be busy for seconds at a time, so the bound is far above that rather
        // than a measure of speed.
        try await mock.advance(by: 2, timeout: 120)
        try await sleeper.value
        #expect(mock.clock.now.offset == .seconds(2))
        try mock.assertNoPendingWork()
    }

    @Test func copiedMockExplores() throws {
        let report = try MockDispatchable.exploreAll { mock in
            mock.offload {}
            mock.offload {}
            try mock.runUntilIdle()
        }
        #expect(report.schedulesRun == 2)
        #expect(report.isExhaustive)
    }
}
