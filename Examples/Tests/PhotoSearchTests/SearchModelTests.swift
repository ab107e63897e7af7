import Foundation
import PhotoSearch
import Testing

@testable import Dispatchable

/// Route 1 (`@testable import Dispatchable`), Swift Testing.
@MainActor
@Suite struct SearchModelTests {
    @Test func onlyTheLastQueryWithinTheDebounceIsSent() throws {
        let mock = MockDispatchable(mode: .manual)
        let search = SearchModel(dispatch: mock) { ["\($0)!"] }
        search.queryChanged("s")
        try mock.advance(by: 0.2)
        search.queryChanged("sw")
        try mock.advance(by: 0.299)
        #expect(search.sentQueries.isEmpty)
        try mock.advance(by: 0.001)
        #expect(search.sentQueries == ["sw"])
        try mock.runUntilIdle()
        #expect(search.results == ["sw!"])
        #expect(mock.recorder.enteredThreads == [.after(0.3), .offload, .main])
    }

    @Test func awaitsThumbnailsDeterministically() async throws {
        let mock = MockDispatchable(mode: .manual)
        let loader = ImageLoader(dispatch: mock)
        async let thumbnail = loader.thumbnail(for: Data("2x2".utf8))
        try await mock.runNextOffload(timeout: 5)
        #expect(await thumbnail == Thumbnail(width: 2, height: 2))
    }

    @Test func uploadGivesUpAfterMaxAttempts() throws {
        let mock = MockDispatchable(mode: .manual)
        let client = UploadClient(dispatch: mock, maxAttempts: 3, timeout: 5) { _, done in done(false) }
        client.start()
        try mock.runUntilIdle()
        #expect(client.outcome == .failed(attempts: 3))
        #expect(mock.now == 3, "backoff 1 s + 2 s")
    }
}
