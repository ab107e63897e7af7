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
    ],
    swiftLanguageModes: [.v6]
)
