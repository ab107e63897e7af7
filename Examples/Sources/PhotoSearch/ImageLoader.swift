import Dispatchable
import Foundation

/// A decoded image. The "decoding" parses `"WIDTHxHEIGHT"` so the example needs no image codec.
public struct Thumbnail: Sendable, Equatable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Decodes `"WIDTHxHEIGHT"`; nil for anything else.
    public init?(data: Data) {
        let parts = String(decoding: data, as: UTF8.self).split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        self.init(width: parts[0], height: parts[1])
    }
}

/// Decodes images off the main thread and delivers them on it.
@MainActor
public final class ImageLoader {
    public typealias Decoder = @Sendable (Data) -> Thumbnail?

    private let dispatch: any Dispatchable
    private let decode: Decoder
    /// True from `load` until its completion runs.
    public private(set) var isLoading = false

    public init(dispatch: any Dispatchable = GCD(), decode: @escaping Decoder = { Thumbnail(data: $0) }) {
        self.dispatch = dispatch
        self.decode = decode
    }

    /// Decodes offloaded; calls `completion` on the main thread.
    public func load(_ data: Data, completion: @escaping @MainActor @Sendable (Thumbnail?) -> Void) {
        isLoading = true
        let decode = self.decode
        let dispatch = self.dispatch
        dispatch.offload {
            let thumbnail = decode(data)
            dispatch.main { [weak self] in
                self?.isLoading = false
                completion(thumbnail)
            }
        }
    }

    /// The `async` form: decodes offloaded and returns the result.
    public func thumbnail(for data: Data) async -> Thumbnail? {
        let decode = self.decode
        return await dispatch.performOffloaded { decode(data) }
    }
}
