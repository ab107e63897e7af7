// swift-tools-version:6.2
// A minimal reproduction, without Dispatchable: while Swift Testing exit tests' children run, does
// a parallel test's `Task.sleep` wait for them? Run by `scripts/exit-test-stall.sh`
// (`make exit-test-stall`), whose header has the answer measured here and the reason.
import PackageDescription

let package = Package(
    name: "ExitTestStall",
    targets: [.testTarget(name: "StallTests", path: "Tests/StallTests")]
)
