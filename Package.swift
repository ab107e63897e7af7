// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Dispatchable",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "Dispatchable", targets: ["Dispatchable"])
    ],
    targets: [
        // `Sources/Dispatchable/MockDispatchable.swift` is a symlink to `Mocks/MockDispatchable.swift`.
        // The define tells that file it is being compiled inside the module (route 1, `#if DEBUG`
        // only); without it the file imports `Dispatchable` like any client (route 2, copied).
        .target(
            name: "Dispatchable",
            swiftSettings: [.define("DISPATCHABLE_LIBRARY")]
        ),
        // Route 1: `@testable import Dispatchable`, Swift 6 language mode, XCTest and Swift Testing.
        .testTarget(name: "DispatchableTests", dependencies: ["Dispatchable"]),
        // The seed example as a Swift 5-mode client would write it.
        .testTarget(
            name: "DispatchableSwift5Tests",
            dependencies: ["Dispatchable"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Route 2: the mock file copied (here: symlinked) next to a plain `import Dispatchable`.
        .testTarget(name: "CopiedMockTests", dependencies: ["Dispatchable"]),
    ],
    swiftLanguageModes: [.v6]
)
