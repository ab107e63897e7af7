// swift-tools-version:6.2
// Deterministic tests in parallel (FlakyClinic/README.md, "In parallel"): 100 `.deterministic` tests
// of a main-actor view model, run at Swift Testing's default parallelism beside two busy loops, and
// a test beside them that hops to the main actor every 10 ms and reports how late each hop ran.
// `./run.sh` builds and runs it; it depends on nothing but the library.
import PackageDescription

let package = Package(
    name: "ClinicParallel",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Dispatchable", path: "../..")],
    targets: [
        .testTarget(
            name: "ClinicParallelTests",
            dependencies: [
                .product(name: "Dispatchable", package: "Dispatchable"),
                .product(name: "DispatchableTesting", package: "Dispatchable"),
            ],
            path: "Tests")
    ]
)
