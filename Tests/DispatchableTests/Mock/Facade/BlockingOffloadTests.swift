import Dispatch
import Foundation
import XCTest

@testable import Dispatchable

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
