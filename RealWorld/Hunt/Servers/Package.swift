// swift-tools-version:6.2
import Foundation
import PackageDescription

// A hunt for concurrency bugs: five server-side packages' own async test suites, explored as
// written (generate.py writes Tests/ from the machine's offline copies; run.sh runs them with both
// captures). Each test target holds one upstream test target's files (or the part of it listed in
// generate.py), under upstream's name.
//
// A path dependency's identity is its folder's name: read it instead of guessing.
let dispatchable = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let testing: [Target.Dependency] = [
    "HuntSupport",
    .product(name: "DispatchableTesting", package: dispatchable),
    .product(name: "Dispatchable", package: dispatchable),
]

/// grpc-swift-2's settings for its targets (its Package.swift).
let grpcSettings: [SwiftSetting] = (0...3).map { minor in
    .enableExperimentalFeature(
        "AvailabilityMacro=gRPCSwift 2.\(minor):macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0")
} + [
    .swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
    // Upstream's test targets see GRPCCore's and GRPCInProcessTransport's `package` declarations
    // (InProcessTransport's initialisers, ServerCancellationManager, MethodConfigs, …): compiled with
    // grpc-swift-2's package name (`packageAccess: false` keeps SwiftPM's own out), these do too.
    .unsafeFlags(["-package-name", "grpc_swift_2"]),
]
/// hummingbird's settings (its Package.swift, Swift ≥ 6.3).
let hummingbirdSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableExperimentalFeature(
        "AvailabilityMacro=hummingbird 2.0:macOS 14.0, iOS 17.0, tvOS 17.0, visionOS 1.0, Android 28"),
    // Upstream's test targets see Hummingbird's `package` declarations (RouterValidationError's
    // initialiser, `pipliningAssistance`, RequestBody(nioAsyncChannelInbound:)): compiled with
    // hummingbird's package name (`packageAccess: false` keeps SwiftPM's own out), these do too.
    .unsafeFlags(["-package-name", "hummingbird"]),
    // Its default traits, on here (as upstream's targets see them): ConfigReaderTests is `#if ConfigurationSupport`.
    .define("ConfigurationSupport"), .define("FullFoundation"),
]

let nio: (String) -> Target.Dependency = { .product(name: $0, package: "swift-nio") }

let package = Package(
    name: "HuntServers",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: "../../.."),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2", exact: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        .package(url: "https://github.com/grpc/grpc-swift-2", exact: "2.4.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", exact: "1.6.2"),
        // What the tests import beside them (the versions the packages resolve to here).
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.9.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.0.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.30.0"),
    ],
    targets: [
        // XCTest's assertions and expectations as Swift Testing issues: BugBench's XCTestShims.swift
        // (a symlink, unchanged) and the few names it lacks (XCTestShimsExtra.swift).
        .target(name: "HuntSupport", dependencies: [.product(name: "Dispatchable", package: dispatchable)]),

        // swift-nio 2.101.2
        .testTarget(
            name: "NIOCoreTests",
            dependencies: testing + [
                nio("NIOCore"), nio("NIOEmbedded"), nio("NIOConcurrencyHelpers"), nio("NIOTestUtils"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            packageAccess: false,
            // NIOAsyncWriterTests call NIOTestUtils' `package` withManualTaskExecutors: compiled with
            // swift-nio's package name, as upstream's test target is.
            swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-package-name", "swift_nio"])]
        ),
        .testTarget(
            name: "NIOEmbeddedTests",
            dependencies: testing + [
                nio("NIOCore"), nio("NIOEmbedded"), nio("NIOConcurrencyHelpers"),
                .product(name: "Atomics", package: "swift-atomics"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // grpc-swift-2 2.4.3
        .testTarget(
            name: "GRPCCoreTests",
            dependencies: testing + [
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
            ],
            packageAccess: false,
            swiftSettings: grpcSettings
        ),
        .testTarget(
            name: "GRPCInProcessTransportTests",
            dependencies: testing + [
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
            ],
            packageAccess: false,
            swiftSettings: grpcSettings
        ),
        // hummingbird 2.28.1
        .testTarget(
            name: "HummingbirdTests",
            dependencies: testing + [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdRouter", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Configuration", package: "swift-configuration"),
                nio("NIOCore"), nio("NIOPosix"), nio("NIOEmbedded"), nio("NIOHTTP1"), nio("NIOConcurrencyHelpers"),
                nio("_NIOFileSystem"), nio("NIOFoundationEssentialsCompat"),
            ],
            packageAccess: false,
            swiftSettings: hummingbirdSettings
        ),
        .testTarget(
            name: "HummingbirdRouterTests",
            dependencies: testing + [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdRouter", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                nio("NIOCore"), nio("NIOFoundationEssentialsCompat"),
            ],
            packageAccess: false,
            swiftSettings: hummingbirdSettings
        ),
        .testTarget(
            name: "HummingbirdCoreTests",
            dependencies: testing + [
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "DequeModule", package: "swift-collections"),
                nio("NIOCore"), nio("NIOEmbedded"), nio("NIOHTTP1"),
            ],
            packageAccess: false,
            swiftSettings: hummingbirdSettings
        ),
        // swift-websocket 1.6.2
        .testTarget(
            name: "WebSocketTests",
            dependencies: testing + [
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "WSCompression", package: "swift-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                nio("NIOCore"), nio("NIOEmbedded"), nio("NIOHTTP1"), nio("NIOWebSocket"), nio("NIOPosix"),
                nio("NIOConcurrencyHelpers"),
            ],
            packageAccess: false,
            // Its Utils/WebSocketClient+test.swift uses WSClient's `package` InternalError: compiled
            // with swift-websocket's package name, as upstream's test target is.
            swiftSettings: [.unsafeFlags(["-package-name", "swift_websocket"])]
        ),
        // Reproductions of FINDINGS.md outside the explorer (real executors; not part of run.sh's counts).
        .testTarget(
            name: "Reproductions",
            dependencies: [
                .product(name: "DispatchableTesting", package: dispatchable),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCInProcessTransport", package: "grpc-swift-2"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // swift-nio-http2 1.46.0
        .testTarget(
            name: "NIOHTTP2Tests",
            dependencies: testing + [
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                nio("NIOCore"), nio("NIOEmbedded"), nio("NIOHTTP1"), nio("NIOTLS"), nio("NIOConcurrencyHelpers"),
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
