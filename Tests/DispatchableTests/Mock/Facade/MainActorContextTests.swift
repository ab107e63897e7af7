import Foundation
import Testing
import XCTest

@testable import Dispatchable

// The four test contexts users have, and what the mock does with main-actor work in each.

final class XCTestContextTests: XCTestCase {
    /// XCTest synchronous tests run on the main thread: main work runs at once.
    func testSyncTestRunsMainWorkImmediately() {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.main { ran.value = true }
        XCTAssertTrue(ran.value)
        XCTAssertEqual(mock.recorder.enteredThreads, [.main])
    }

    /// XCTest `async` tests run off the main actor: wrapping the driving code in
    /// `MainActor.run` lets the mock run main work at once.
    func testAsyncTestRunsMainWorkInsideMainActorRun() async {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        await MainActor.run { mock.main { ran.value = true } }
        XCTAssertTrue(ran.value)
        XCTAssertEqual(mock.recorder.enteredThreads, [.main])
    }

    /// Without it, the mock keeps the work queued rather than race the main actor, and says what
    /// to do when asked to run it synchronously.
    func testAsyncTestKeepsMainWorkQueuedAndExplainsWhy() async throws {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.main { ran.value = true }
        XCTAssertFalse(ran.value)
        XCTAssertEqual(mock.pendingWork.count, 1)
        do {
            try mock.runNext()
            XCTFail("runNext() off the main actor must throw")
        } catch let error as MockDispatchableError {
            XCTAssertEqual(error.kind, .mainActorRequired)
            XCTAssertTrue(error.description.contains("MainActor.run"))
        }
        XCTAssertEqual(mock.pendingWork.count, 1, "nothing is lost")
        try await mock.runNextMain(timeout: 1)
        XCTAssertTrue(ran.value)
    }

    /// The awaitable counterparts hop to the main actor themselves, from any context.
    func testAsyncTestAwaitsMainWork() async {
        let mock = MockDispatchable()
        let onMainQueue = await mock.performOnMain { DispatchThread.isOnMainQueue }
        XCTAssertTrue(onMainQueue)
        XCTAssertEqual(mock.recorder.enteredThreads, [.main])
    }
}

@Suite("Swift Testing contexts")
struct SwiftTestingContextTests {
    /// `@MainActor` tests run on the main queue (on Linux not on the main thread): main work runs
    /// at once.
    @MainActor @Test func mainActorTestRunsMainWorkImmediately() {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.main { ran.value = true }
        mock.after(1) {}
        #expect(ran.value)
        #expect(mock.recorder.enteredThreads == [.main, .after(1)])
    }

    /// Nonisolated tests run on the cooperative pool: main work stays queued until run from the
    /// main actor.
    @Test func nonisolatedTestKeepsMainWorkQueuedUntilRunOnTheMainActor() async throws {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.offload { mock.main { ran.value = true } }
        #expect(!ran.value)
        #expect(mock.recorder.enteredThreads == [.offload])
        let error = #expect(throws: MockDispatchableError.self) { try mock.runUntilIdle() }
        #expect(error?.kind == .mainActorRequired)
        try await mock.runUntilIdle(timeout: 30)
        #expect(ran.value)
        #expect(mock.recorder.enteredThreads == [.offload, .main])
    }

    @Test func nonisolatedTestRunsOffloadWorkImmediately() {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.offload { ran.value = true }
        #expect(ran.value)
    }

    @Test func nonisolatedTestAwaitsMainWork() async {
        let mock = MockDispatchable()
        let value = await mock.performOnMain { 42 }
        #expect(value == 42)
    }
}
