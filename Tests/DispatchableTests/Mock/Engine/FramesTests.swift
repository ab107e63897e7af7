import Dispatch
import Foundation
import XCTest

@testable import Dispatchable

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
