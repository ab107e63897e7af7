import DispatchableTesting
import Foundation
import PhotoSearch
import Testing

@testable import Dispatchable

/// The thumbnail cache's tests as they would be written without exploration — `#expect` and a
/// manual-mode mock — explored by one trait each: the mock the test makes joins every run.
@Suite struct ThumbnailCacheTraitTests {
    static let photo: @Sendable (String) -> Data = { _ in Data("640x480".utf8) }

    @Test(.exploredExhaustively(limit: 1_000))
    func twoCellsAskingAtOnceShareOneDecode() async throws {
        let mock = MockDispatchable(mode: .manual)
        let cache = ThumbnailCache(dispatch: mock, fetch: Self.photo)
        async let first = cache.thumbnail(for: "cat")
        async let second = cache.thumbnail(for: "cat")
        let (a, b) = await (first, second)
        #expect(a == Thumbnail(width: 640, height: 480))
        #expect(a == b)
        #expect(await cache.decodes == 1)
    }

    @Test(.explored(schedules: 200, seed: 7), arguments: ["cat", "dog"])
    func aThumbnailIsDecodedOncePerKey(key: String) async throws {
        let mock = MockDispatchable(mode: .manual)
        let cache = ThumbnailCache(dispatch: mock, fetch: Self.photo)
        async let first = cache.thumbnail(for: key)
        async let second = cache.thumbnail(for: key)
        _ = await (first, second)
        #expect(await cache.decodes == 1)
    }
}
