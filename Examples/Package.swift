// swift-tools-version:6.2
import Foundation
import PackageDescription

// A consumer of Dispatchable, by path. A path dependency's identity is its folder's name, which
// depends on where the repository was cloned; read it instead of guessing.
let dispatchable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let package = Package(
    name: "PhotoSearch",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    dependencies: [.package(path: "..")],
    targets: [
        // The app code: it only ever sees `any Dispatchable`.
        .target(name: "PhotoSearch", dependencies: [.product(name: "Dispatchable", package: dispatchable)]),
        // Runs the app code on real GCD, then on the mock, and prints the recorded timeline. Its
        // `MockDispatchable.swift` is a copy (symlink) of the library's, as in route 2.
        .executableTarget(
            name: "PhotoSearchDemo",
            dependencies: ["PhotoSearch", .product(name: "Dispatchable", package: dispatchable)]
        ),
        // Route 1: `@testable import Dispatchable`, XCTest and Swift Testing.
        .testTarget(
            name: "PhotoSearchTests",
            dependencies: [
                "PhotoSearch", .product(name: "Dispatchable", package: dispatchable),
                .product(name: "DispatchableTesting", package: dispatchable),
            ]
        ),
        // Route 2: `MockDispatchable.swift` copied into the test target, plain `import Dispatchable`.
        .testTarget(
            name: "PhotoSearchCopiedMockTests",
            dependencies: ["PhotoSearch", .product(name: "Dispatchable", package: dispatchable)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
