// swift-tools-version:6.2
// A minimal reproduction, without Dispatchable: while a Swift Testing exit test that observes the
// child's standard error runs, a parallel test's `Task.sleep` waits for the child to end.
// Run by `scripts/exit-test-stall.sh` (`make exit-test-stall`).
import PackageDescription

let package = Package(
    name: "ExitTestStall",
    targets: [.testTarget(name: "StallTests", path: "Tests/StallTests")]
)
