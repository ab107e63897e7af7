// swift-tools-version:6.2
// 6.2: the package needs a Swift 6.2 compiler or later (`nonisolated(nonsending)`, `nonisolated`
// types); older ones refuse the manifest instead of failing on the sources.
import PackageDescription

let package = Package(
    name: "Dispatchable",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Dispatchable", targets: ["Dispatchable"]),
        // For test targets only: explores existing tests with a trait, or an XCTestCase subclass
        // (imports Testing, and XCTest where it exists).
        .library(name: "DispatchableTesting", targets: ["DispatchableTesting"]),
    ],
    targets: [
        // `Sources/Dispatchable/Mock` holds the mock's parts, compiled here under `#if DEBUG` only
        // (route 1). `make mock` joins them into `Mocks/MockDispatchable.swift`, the one file users
        // copy (route 2), which imports `Dispatchable` like any client.
        .target(name: "Dispatchable"),
        // Traits that explore a test as it is written, and `ExploringTestCase` for XCTest; reaches
        // the mock with `@testable import`, so it is compiled in debug builds only (a release build
        // of it is empty).
        .target(name: "DispatchableTesting", dependencies: ["Dispatchable"]),
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
        // DispatchableTesting's traits on tests written as users write them.
        .testTarget(name: "DispatchableTestingTests", dependencies: ["Dispatchable", "DispatchableTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
