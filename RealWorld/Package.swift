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

/// A Swift Testing target explored as written: its files are upstream's, with one
/// DispatchableTesting trait added to each `@Test` (Porting/explored.py).
let testing: [Target.Dependency] = [.product(name: "DispatchableTesting", package: dispatchable)]

let package = Package(
    name: "RealWorld",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", exact: "1.4.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", exact: "1.7.3"),
        .package(url: "https://github.com/apple/swift-service-context", exact: "1.5.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
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
        // Swift Testing suites explored with `.explored(…)` as upstream wrote them (Porting/explored.py).
        .testTarget(
            name: "LoggingTests",
            dependencies: testing + [.product(name: "Logging", package: "swift-log")],
            // swift-log's own settings for its test targets (its Package.swift): the tests are
            // compiled as upstream compiles them, nonisolated(nonsending) by default among them.
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),
        .testTarget(
            name: "TracingTests",
            dependencies: testing + [
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "InMemoryTracingTests",
            dependencies: testing + [
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "InstrumentationTests",
            dependencies: testing + [.product(name: "Instrumentation", package: "swift-distributed-tracing")]
        ),
        .testTarget(
            name: "ServiceContextTests",
            dependencies: testing + [
                .product(name: "ServiceContextModule", package: "swift-service-context"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "FlyingSocksTests",
            dependencies: testing + [.product(name: "FlyingSocks", package: "FlyingFox")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]  // FlyingFox's own setting for its tests
        ),
        .testTarget(
            name: "MCPTests",
            dependencies: testing + [
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
