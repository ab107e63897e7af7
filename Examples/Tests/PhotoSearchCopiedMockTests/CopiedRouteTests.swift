import Dispatchable
import Foundation
import PhotoSearch
import Testing
import XCTest

// Route 2: MockDispatchable.swift copied into this target, next to a plain `import Dispatchable`.

final class CopiedRouteXCTests: XCTestCase {
    func testLoaderDeliversOnMain() {
        MainActor.assumeIsolated {
            let mock = MockDispatchable()
            let loader = ImageLoader(dispatch: mock)
            var onMain = false
            loader.load(Data("1x1".utf8)) { _ in onMain = mock.recorder.isMainThread }
            XCTAssertTrue(onMain)
            XCTAssertEqual(mock.recorder.enteredThreads, [.offload, .main])
        }
    }
}

@MainActor
@Suite struct CopiedRouteTests {
    @Test func debounceInVirtualTime() throws {
        let mock = MockDispatchable(mode: .manual)
        let search = SearchModel(dispatch: mock) { [$0] }
        search.queryChanged("a")
        search.queryChanged("ab")
        try mock.runUntilIdle()
        #expect(search.sentQueries == ["ab"])
        #expect(mock.now == 0.3)
    }

    @Test func retryBackoffIsNotEarly() throws {
        let mock = MockDispatchable(mode: .manual)
        let client = UploadClient(dispatch: mock, timeout: 5) { attempt, done in done(attempt >= 3) }
        client.start()
        try mock.advance(by: 2.999)  // attempt 2 at t=1, attempt 3 due at t=3
        #expect(client.attemptLog == [1, 2])
        try mock.advance(by: 0.001)
        #expect(client.attemptLog == [1, 2, 3])
        #expect(client.outcome == .uploaded(attempts: 3))
    }
}
