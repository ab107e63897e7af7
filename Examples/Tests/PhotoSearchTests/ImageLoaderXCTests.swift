import Foundation
import PhotoSearch
import XCTest

@testable import Dispatchable

/// Route 1 (`@testable import Dispatchable`), XCTest. Synchronous XCTest methods run on the main
/// thread; `MainActor.assumeIsolated` states that for the main-actor app code.
final class ImageLoaderXCTests: XCTestCase {
    func testDecodesOffloadedAndDeliversOnMain() {
        MainActor.assumeIsolated {
            let mock = MockDispatchable()
            let loader = ImageLoader(dispatch: mock)
            var deliveredOnMain: Bool?
            mock.didEnterThread = { thread in
                if thread == .main { deliveredOnMain = loader.isLoading }
            }
            var result: Thumbnail?
            loader.load(Data("4x3".utf8)) { result = $0 }
            XCTAssertEqual(result, Thumbnail(width: 4, height: 3))
            XCTAssertEqual(mock.recorder.enteredThreads, [.offload, .main])
            XCTAssertEqual(deliveredOnMain, true, "still loading when main work starts")
            XCTAssertFalse(loader.isLoading)
        }
    }

    func testLoaderOnRealGCD() throws {
        try MainActor.assumeIsolated {
            let loader = ImageLoader(dispatch: GCD())
            var result: Thumbnail?
            loader.load(Data("8x8".utf8)) { result = $0 }
            try waitUntil { result != nil }
            XCTAssertEqual(result, Thumbnail(width: 8, height: 8))
        }
    }

    func testUploadTimesOutThenRetriesWithBackoff() throws {
        try MainActor.assumeIsolated {
            let mock = MockDispatchable(mode: .manual)
            // The first attempt never answers; the second succeeds after 1 s.
            let client = UploadClient(dispatch: mock, timeout: 5) { attempt, done in
                if attempt >= 2 { mock.after(1) { done(true) } }
            }
            client.start()
            try mock.advance(by: 4.999)
            XCTAssertNil(client.outcome)
            try mock.advance(by: 0.001)  // timeout at 5 s, retry scheduled for 6 s
            XCTAssertEqual(client.attemptLog, [1])
            try mock.advance(by: 1)
            XCTAssertEqual(client.attemptLog, [1, 2])
            try mock.runUntilIdle()
            XCTAssertEqual(client.outcome, .uploaded(attempts: 2))
            XCTAssertEqual(mock.now, 7)
            XCTAssertEqual(client.attemptTimes, [0, 6], "timed out at 5 s, retried after a 1 s backoff")
            try mock.assertNoPendingWork()  // the second attempt's timeout was cancelled
        }
    }
}
