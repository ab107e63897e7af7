// NOT an upstream file: BugBench's stand-ins for the Kingfisher types that SessionDataTask.swift and
// its test name but that the race does not touch. Upstream defines them in Sources/Networking/
// ImageDownloader.swift (ImageLoadingResult), Sources/General/KingfisherError.swift (KingfisherError),
// Sources/General/KingfisherOptionsInfo.swift (KingfisherOptionsInfo, KingfisherParsedOptionsInfo) and
// Sources/Networking/NetworkMetrics.swift (NetworkMetrics); those files pull in UIKit/AppKit image
// types, the cache, the processors and URLSessionTaskMetrics, so the kernel leaves them out. Only the
// names and the one initialiser the test calls (`KingfisherParsedOptionsInfo(nil)`) are kept; nothing
// here takes a lock, touches a queue or stores state. Identical in Buggy/ and Fixed/.

import Foundation

public struct ImageLoadingResult: Sendable {}

public enum KingfisherError: Error {}

public enum KingfisherOptionsInfoItem: Sendable {}
public typealias KingfisherOptionsInfo = [KingfisherOptionsInfoItem]

public struct KingfisherParsedOptionsInfo: Sendable {
    public init(_ info: KingfisherOptionsInfo?) {}
}

public struct NetworkMetrics: Sendable {}
