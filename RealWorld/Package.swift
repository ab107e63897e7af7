// swift-tools-version:6.2
import Foundation
import PackageDescription

// Real async tests from real packages' own suites, ported near-verbatim and run under
// exploration (SPEC: "no false alarm"). Each test target holds the tests of one source package;
// each test names its source file and test in a header comment. `make real-world` builds and runs it.
//
// A path dependency's identity is its folder's name, which depends on where the repository was
// cloned; read it instead of guessing.
let dispatchable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent

let explorer: [Target.Dependency] = [
    "CorpusSupport",
    .product(name: "Dispatchable", package: dispatchable),
]

let package = Package(
    name: "RealWorld",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", exact: "1.4.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // The `.corpus(…)` trait (explores a test, reports its verdict) and XCTest's assertions as
        // shims that fail the schedule they happen in.
        .target(
            name: "CorpusSupport",
            dependencies: [
                .product(name: "Dispatchable", package: dispatchable),
                .product(name: "DispatchableTesting", package: dispatchable),
            ]
        ),
        .testTarget(
            name: "AsyncAlgorithmsCorpus",
            dependencies: explorer + [.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]
        ),
        .testTarget(
            name: "ConcurrencyExtrasCorpus",
            dependencies: explorer + [.product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")]
        ),
        .testTarget(
            name: "ServiceLifecycleCorpus",
            dependencies: explorer + [
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
