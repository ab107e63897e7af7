import Foundation
import PhotoSearch
import Testing

@testable import Dispatchable

/// The thumbnail cache under async exploration: a cell that scrolls back into view while its
/// thumbnail decodes asks the actor again, during its `await`.
@Suite struct ThumbnailCacheExplorationTests {
    static let photo: @Sendable (String) -> Data = { _ in Data("640x480".utf8) }

    @MainActor final class Reappearance {
        var task: Task<Void, Never>?
    }

    struct DecodedTwice: Error {}

    @Test func theNaiveCacheDecodesTwiceInSomeOrder() async throws {
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.explore(schedules: 1_000, seed: 3) { mock in
                let cache = NaiveThumbnailCache(dispatch: mock, fetch: Self.photo)
                let reappeared = Reappearance()
                mock.after(0.1) { reappeared.task = Task { _ = await cache.thumbnail(for: "cat") } }
                _ = await cache.thumbnail(for: "cat")
                try await mock.sleep(for: 0.2)
                await reappeared.task?.value
                guard await cache.decodes == 1 else { throw DecodedTwice() }
            }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.schedule == "1/2", "one deviation: the timer fires while the decode is still due")
    }

    @Test func theCacheSharesTheDecodeInFlightInEverySchedule() async throws {
        let report = try await MockDispatchable.exploreAll { mock in
            let cache = ThumbnailCache(dispatch: mock, fetch: Self.photo)
            let reappeared = Reappearance()
            mock.after(0.1) { reappeared.task = Task { _ = await cache.thumbnail(for: "cat") } }
            let thumbnail = await cache.thumbnail(for: "cat")
            try await mock.sleep(for: 0.2)
            await reappeared.task?.value
            #expect(thumbnail == Thumbnail(width: 640, height: 480))
            guard await cache.decodes == 1 else { throw DecodedTwice() }
        }
        #expect(report.isExhaustive)
    }
}
