import Dispatch
import Foundation
import Testing
import XCTest

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

/// Several OS threads driving one mock: each sees its own frames.
final class PerThreadFrameTests: XCTestCase {
    func testABackgroundThreadInsideOffloadWorkIsNotOnMainWhileTheMainThreadIsInsideMainWork() throws {
        let mock = MockDispatchable(mode: .manual)
        let seenInOffload = LockedValue<(Bool, [DispatchThread])?>(nil)
        let seenInMain = LockedValue<(Bool, [DispatchThread])?>(nil)
        mock.offload {
            seenInOffload.value = (mock.recorder.isMainThread, mock.recorder.threadStack)
        }
        mock.main {
            // While the main thread is inside main work, a background thread runs the offload.
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                try? mock.runNextOffload()
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
            seenInMain.value = (mock.recorder.isMainThread, mock.recorder.threadStack)
        }
        try mock.runNextMain()
        XCTAssertEqual(seenInOffload.value?.0, false)
        XCTAssertEqual(seenInOffload.value?.1, [.offload])
        XCTAssertEqual(seenInMain.value?.0, true)
        XCTAssertEqual(seenInMain.value?.1, [.main])
        XCTAssertEqual(mock.recorder.enteredThreads, [.main, .offload], "one global record")
        XCTAssertTrue(mock.recorder.threadStack.isEmpty)
    }
}

@MainActor
@Suite("offload(after:), the clock, and thenOnMain")
struct DelayedOffloadTests {
    @Test func delayedOffloadIsDueAtNowPlusTheDelayAndRecordedAsOffload() throws {
        let mock = MockDispatchable(mode: .manual)
        let ranAt = LockedValue<TimeInterval?>(nil)
        try mock.advance(by: 1)
        mock.offload(after: 2) { ranAt.value = mock.now }
        #expect(mock.pendingWork.first?.thread == .offload)
        #expect(mock.pendingWork.first?.dueTime == 3)
        try mock.advance(by: 1.999)
        #expect(ranAt.value == nil, "never early")
        try mock.advance(by: 0.001)
        #expect(ranAt.value == 3)
        #expect(mock.recorder.enteredThreads == [.offload])
    }

    @Test func cancelledDelayedOffloadNeverRuns() throws {
        let mock = MockDispatchable(mode: .manual)
        let ran = LockedValue(false)
        let token = mock.offload(after: 1) { ran.value = true }
        token.cancel()
        try mock.runUntilIdle()
        #expect(!ran.value)
        #expect(token.isCancelled)
        try mock.assertNoPendingWork()
    }

    @Test func delayedOffloadRunsAtOnceInImmediateMode() {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.offload(after: 5) { ran.value = true }
        #expect(ran.value)
        #expect(mock.recorder.enteredThreads == [.offload])
    }

    @Test(arguments: [MockDispatchable.Mode.immediate, .manual])
    func thenOnMainComputesOffloadedAndDeliversOnMain(mode: MockDispatchable.Mode) throws {
        let mock = MockDispatchable(mode: mode)
        var delivered: (Int, Bool)?
        mock.offload {
            6 * 7
        } thenOnMain: { value in
            delivered = (value, mock.recorder.isMainThread)
        }
        try mock.runUntilIdle()
        #expect(delivered?.0 == 42)
        #expect(delivered?.1 == true)
        #expect(mock.recorder.enteredThreads == [.offload, .main])
    }

    /// A conformer written against the first three methods keeps compiling and gets the rest.
    @Test func aThreeMethodConformerGetsTheClockAndDelayedOffloadForFree() async throws {
        final class ThreeMethods: Dispatchable {
            let afterDelays = LockedValue<[TimeInterval]>([])
            let offloads = LockedValue(0)
            func offload(_ work: @escaping @Sendable () -> Void) {
                offloads.mutate { $0 += 1 }
                work()
            }
            func main(_ work: @escaping @MainActor @Sendable () -> Void) { MainActor.assumeIsolated(work) }
            func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
                afterDelays.mutate { $0.append(delay) }
                MainActor.assumeIsolated(work)
                return DelayedWork()
            }
        }
        let dispatch = ThreeMethods()
        let ran = LockedValue(false)
        dispatch.offload(after: 2) { ran.value = true }
        #expect(ran.value)
        #expect(dispatch.afterDelays.value == [2], "waits with after")
        #expect(dispatch.offloads.value == 1, "then offloads")
        let first = dispatch.now
        try await Task.sleep(nanoseconds: 1_000_000)
        #expect(dispatch.now > first, "the default clock is the uptime clock")
    }
}

/// `GCD` on real queues.
final class GCDClockAndDelayedOffloadTests: XCTestCase {
    func testNowIsMonotonicSeconds() throws {
        let first = GCD().now
        Thread.sleep(forTimeInterval: 0.01)
        let second = GCD().now
        XCTAssertGreaterThanOrEqual(second - first, 0.01)
        XCTAssertLessThan(second - first, 30)
    }

    func testDelayedOffloadRunsOnItsQueueNeverEarly() throws {
        let queue = DispatchQueue(label: "dispatchable.tests.delayed")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let start = GCD().now
        let seen = LockedValue<(elapsed: TimeInterval, onQueue: Bool)?>(nil)
        GCD(queue: queue).offload(after: 0.1) {
            seen.value = (GCD().now - start, DispatchQueue.getSpecific(key: key) == true)
        }
        try waitUntil(timeout: 30) { seen.value != nil }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(seen.value).elapsed, 0.1)
        XCTAssertTrue(try XCTUnwrap(seen.value).onQueue)
    }

    func testCancelledDelayedOffloadNeverRunsAndBadDelaysDoNotCrash() throws {
        let ran = LockedValue(false)
        GCD().offload(after: 0.05) { ran.value = true }.cancel()
        GCD().offload(after: .nan) { ran.value = true }
        GCD().offload(after: .infinity) { ran.value = true }
        let control = LockedValue(false)
        GCD().offload(after: -1) { control.value = true }
        try waitUntil(timeout: 30) { control.value }
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertFalse(ran.value)
    }

    func testThenOnMainDeliversOnTheMainThread() throws {
        let delivered = LockedValue<(Int, Bool)?>(nil)
        GCD().offload {
            (6 * 7, Thread.isMainThread)
        } thenOnMain: { result in
            delivered.value = (result.0 + (result.1 ? 1000 : 0), Thread.isMainThread)
        }
        try waitUntil(timeout: 30) { delivered.value != nil }
        XCTAssertEqual(delivered.value?.0, 42, "computed off the main thread")
        XCTAssertEqual(delivered.value?.1, true)
    }
}

/// Offloaded work that blocks, run on a real thread with a timeout instead of hanging the test.
final class BlockingOffloadTests: XCTestCase {
    func testBlockedWorkFailsWithinTheTimeoutNamingTheItem() throws {
        let mock = MockDispatchable(mode: .manual)
        let released = DispatchSemaphore(value: 0)
        mock.offload { released.wait() }  // waits for the test, which would come only later
        let start = DispatchTime.now()
        XCTAssertThrowsError(try mock.runNextOffloadOnBackgroundThread(timeout: 0.2)) { error in
            let error = error as? MockDispatchableError
            XCTAssertEqual(error?.kind, .timedOut)
            XCTAssertTrue(error?.message.contains("offload #1, scheduled at t=0.000s from the test") == true)
            XCTAssertTrue(error?.message.contains("did not finish within 0.200s") == true)
            XCTAssertTrue(error?.timeline.contains("┌ #1") == true, "the timeline shows it entered")
        }
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        XCTAssertLessThan(waited, 20)
        released.signal()  // let the thread finish
    }

    func testWorkThatFinishesRunsOnABackgroundThreadAndIsRecorded() throws {
        let mock = MockDispatchable(mode: .manual)
        let onMainThread = LockedValue<Bool?>(nil)
        mock.offload {
            onMainThread.value = Thread.isMainThread
            mock.main {}
        }
        try mock.runNextOffloadOnBackgroundThread(timeout: 30)
        XCTAssertEqual(onMainThread.value, false)
        XCTAssertEqual(mock.recorder.enteredThreads, [.offload])
        XCTAssertEqual(mock.pendingWork.map(\.thread), [.main], "what it dispatched is queued")
        XCTAssertThrowsError(try mock.runNextOffloadOnBackgroundThread(timeout: -1)) {
            XCTAssertEqual(($0 as? MockDispatchableError)?.kind, .invalidArgument)
        }
    }
}
