// swift-tools-version:6.2
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where the repository was
// cloned; read it instead of guessing.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "DispatchableBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(path: ".."),
        // For the side-by-side run against swift-clocks' TestClock only; the library itself has no
        // package dependencies.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        // The peers whose own tests `RealBodiesBenchmark` times, explored and unexplored.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // ServiceGroup's configuration takes a `Logger`; swift-service-lifecycle's own dependency too.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // `MockDispatchable.swift` here is a symlink to `../../../Mocks/MockDispatchable.swift`:
        // release builds of the library leave the mock out, so the benchmark compiles the copy, with
        // optimisations, exactly as a user's copied test target would. `OrderingBugs.swift` and
        // `LockedValue.swift` link the tests' corpus of ordering bugs and their lock helper.
        .executableTarget(
            name: "DispatchableBenchmarks",
            dependencies: [
                .product(name: "Dispatchable", package: root),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        // The GCD overhead counted in instructions (see scripts/gcd-instructions.sh).
        .executableTarget(
            name: "GCDOverheadProbe",
            dependencies: [.product(name: "Dispatchable", package: root)]
        ),
        // Exploration's cost per schedule counted in instructions (see
        // scripts/exploration-instructions.sh); compiles the copied mock like the benchmark.
        .executableTarget(
            name: "ExplorationProbe",
            dependencies: [.product(name: "Dispatchable", package: root)]
        ),
        // Real packages' test bodies (and the project's small ones), each run N times unexplored
        // and explored for N schedules, in one process (see `make bench-real`); compiles the copied
        // mock like the benchmark. Built in debug, the build tests run in, as well as in release.
        .executableTarget(
            name: "RealBodiesBenchmark",
            dependencies: [
                .product(name: "Dispatchable", package: root),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
