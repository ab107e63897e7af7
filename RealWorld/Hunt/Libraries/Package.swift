// swift-tools-version:6.2
import Foundation
import PackageDescription

// A hunt for concurrency bugs: the test suites of five libraries, explored as written under
// DispatchableTesting's `.explored(schedules: 300, seed: 1)`. Every test file is upstream's,
// written by generate.py from the machine's offline copies (`git show VERSION:path`); each
// file's header names its source, version, licence and every change. run.sh builds and runs it.
//
// The project's identity is its folder's name (a path dependency); read it instead of guessing.
let dispatchable = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let explored: [Target.Dependency] = [.product(name: "DispatchableTesting", package: dispatchable)]
/// XCTest suites run as Swift Testing suites: XCTest's names as shims (HuntXCTestSupport).
let xctest: [Target.Dependency] = explored + ["HuntXCTestSupport"]

let package = Package(
    name: "HuntLibraries",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: "../../.."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.7.0"),
        // GraphQLSwift/GraphQL instead of swift-otel 1.6.0: without its OTLP traits swift-otel does not
        // build on Linux (OTel+Configuration+EnvironmentVariableRepresentable.swift uses
        // `trimmingCharacters`, Foundation it gets only through the OTLP code), and with them it needs
        // gRPC and AsyncHTTPClient: a build this machine, at a load average of 15, could not give in time.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", exact: "4.3.0"),
        .package(url: "https://github.com/vapor/async-kit", exact: "1.22.0"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        // What the tests import besides the package under test (at those packages' lower bounds).
        .package(url: "https://github.com/apple/swift-nio", from: "2.95.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.10.1"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.0.2"),
    ],
    targets: [
        .target(name: "HuntXCTestSupport", dependencies: explored),
        .testTarget(
            name: "OpenAPIRuntimeTests",
            dependencies: xctest + [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                // Upstream's default trait, which its tests test for (`#if FullFoundation`): on here too.
                .define("FullFoundation"),
            ]
        ),
        .testTarget(
            name: "GraphQLTests",
            dependencies: explored + [.product(name: "GraphQL", package: "GraphQL")],
            resources: [.copy("LanguageTests/kitchen-sink.graphql"), .copy("LanguageTests/schema-kitchen-sink.graphql")]
        ),
        .testTarget(
            name: "AsyncKitTests",
            dependencies: xctest + [
                .product(name: "AsyncKit", package: "async-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Atomics", package: "swift-atomics"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InferIsolatedConformances"), .enableUpcomingFeature("ImmutableWeakCaptures"),
                .swiftLanguageMode(.v5),
            ]
        ),
        .testTarget(
            name: "MetricsTests",
            dependencies: explored + [
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: [
                .enableExperimentalFeature("StrictConcurrency=complete"), .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
        .testTarget(
            name: "PrometheusTests",
            dependencies: xctest + [.product(name: "Prometheus", package: "swift-prometheus")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),
        // Minimal reproductions of the wrong verdicts the hunt met (FINDINGS.md); not run by run.sh.
        .testTarget(name: "HuntFalseAlarmRepros", dependencies: explored),
    ]
)
