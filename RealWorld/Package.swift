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

/// swift-configuration's settings for its targets (its Package.swift), and its traits' conditions as
/// its own targets see them with every trait on.
let configurationSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableExperimentalFeature(
        "AvailabilityMacro=Configuration 1.0:macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0"
    ),
] + ["JSON", "Logging", "Reloading", "CommandLineArguments", "YAML", "PropertyList"].map { .define($0) }

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
        // Every trait, as upstream's CI tests it (ENABLE_ALL_TRAITS): the reloading providers among them.
        .package(
            url: "https://github.com/apple/swift-configuration", from: "1.4.0",
            traits: ["JSON", "Logging", "Reloading", "CommandLineArguments", "YAML", "PropertyList"]
        ),
        // Its tests import these (as its own dependencies, at its own lower bounds).
        .package(url: "https://github.com/apple/swift-metrics", from: "2.7.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
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
        // swift-configuration's tests, with its test-support target ConfigurationTestingInternal ported
        // beside them (not a product; its `package` helpers are visible within one package only).
        .target(
            name: "ConfigurationTestingInternal",
            dependencies: [
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ConfigurationTestingInternal",
            swiftSettings: configurationSettings
        ),
        .testTarget(
            name: "ConfigurationTests",
            dependencies: testing + [
                .product(name: "Configuration", package: "swift-configuration"),
                "ConfigurationTestingInternal",
                // Upstream's own copy of that target, which this product links, is renamed: module names
                // are unique in a package graph.
                .product(
                    name: "ConfigurationTesting", package: "swift-configuration",
                    moduleAliases: ["ConfigurationTestingInternal": "UpstreamConfigurationTestingInternal"]
                ),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: configurationSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
