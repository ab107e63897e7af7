import Dispatchable
import Foundation

/// Thumbnails by key, decoded off the main thread once each, however many cells ask at once.
///
/// A cell that scrolls back into view while its thumbnail is still decoding asks again. The cache
/// remembers the decode in flight and hands the second caller the same result:
///
/// ```swift
/// let cache = ThumbnailCache(dispatch: GCD()) { key in try Data(contentsOf: url(for: key)) }
/// let thumbnail = await cache.thumbnail(for: "cat")
/// ```
public actor ThumbnailCache {
    private let dispatch: any Dispatchable
    private let fetch: @Sendable (String) -> Data
    private var thumbnails: [String: Thumbnail] = [:]
    private var inFlight: [String: Task<Thumbnail?, Never>] = [:]
    /// How many decodes ran.
    public private(set) var decodes = 0

    public init(dispatch: any Dispatchable, fetch: @escaping @Sendable (String) -> Data) {
        self.dispatch = dispatch
        self.fetch = fetch
    }

    public func thumbnail(for key: String) async -> Thumbnail? {
        if let thumbnail = thumbnails[key] { return thumbnail }
        if let decoding = inFlight[key] { return await decoding.value }
        decodes += 1
        let (dispatch, fetch) = (dispatch, fetch)
        let decoding = Task { await dispatch.performOffloaded { Thumbnail(data: fetch(key)) } }
        inFlight[key] = decoding
        let thumbnail = await decoding.value
        thumbnails[key] = thumbnail
        inFlight[key] = nil
        return thumbnail
    }
}

/// ``ThumbnailCache`` as it is often first written: it checks the cache, awaits the decode, and
/// trusts the check afterwards. A second caller that arrives during the `await` (actor
/// reentrancy) decodes again. Ordinary runs hit that rarely; `make example` shows exploration
/// finding it.
public actor NaiveThumbnailCache {
    private let dispatch: any Dispatchable
    private let fetch: @Sendable (String) -> Data
    private var thumbnails: [String: Thumbnail] = [:]
    public private(set) var decodes = 0

    public init(dispatch: any Dispatchable, fetch: @escaping @Sendable (String) -> Data) {
        self.dispatch = dispatch
        self.fetch = fetch
    }

    public func thumbnail(for key: String) async -> Thumbnail? {
        if let thumbnail = thumbnails[key] { return thumbnail }
        decodes += 1
        let fetch = fetch
        let thumbnail = await dispatch.performOffloaded { Thumbnail(data: fetch(key)) }
        thumbnails[key] = thumbnail
        return thumbnail
    }
}
