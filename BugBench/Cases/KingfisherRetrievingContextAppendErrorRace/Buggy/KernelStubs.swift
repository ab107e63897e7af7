// NOT an upstream file: BugBench's stand-ins for the Kingfisher types that RetrievingContext and its
// test name but that the race does not touch. Upstream defines them in Sources/General/ImageSource/
// Source.swift (`Source`, whose `.network` case holds `any Resource`, here a `URL`, which upstream makes
// a `Resource`), Sources/General/KingfisherError.swift (`KingfisherError`, here only the one case the
// test builds) and Sources/General/KingfisherOptionsInfo.swift (`KingfisherOptionsInfo(Item)`,
// `KingfisherParsedOptionsInfo`, here only `init(_:)` and the `alternativeSources` property that
// `popAlternativeSource()` reads). Those files pull in UIKit/AppKit image types, processors, caches
// and data providers, so the kernel leaves them out. Nothing here takes a lock, touches a queue or
// holds shared state. Identical in Buggy/ and Fixed/.

import Foundation

public enum Source: Sendable {
    case network(URL)
}

public enum KingfisherError: Error {
    public enum RequestErrorReason: Sendable {
        case emptyRequest
    }
    case requestError(reason: RequestErrorReason)
}

public enum KingfisherOptionsInfoItem: Sendable {}
public typealias KingfisherOptionsInfo = [KingfisherOptionsInfoItem]

public struct KingfisherParsedOptionsInfo: Sendable {
    public var alternativeSources: [Source]? = nil
    public init(_ info: KingfisherOptionsInfo?) {}
}
