import Foundation
import Testing

/// Tests that Swift Testing runs at once: `STALL_CHILDREN` child processes that sleep 3 s (as many
/// as the machine has cores when unset), and a 500 ms `Task.sleep` started while they run.
/// `STALL_OBSERVE=1` makes the exit tests observe their child's standard error.
@Suite struct StallTests {
    static let children =
        ProcessInfo.processInfo.environment["STALL_CHILDREN"].flatMap(Int.init)
        ?? ProcessInfo.processInfo.activeProcessorCount

    @Test(arguments: 0..<children)
    func aChildThatSleepsThreeSeconds(_ child: Int) async {
        if ProcessInfo.processInfo.environment["STALL_OBSERVE"] == "1" {
            await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                Thread.sleep(forTimeInterval: 3)
            }
        } else {
            await #expect(processExitsWith: .success) {
                Thread.sleep(forTimeInterval: 3)
            }
        }
    }

    @Test func aParallelSleepOfHalfASecond() async throws {
        try await Task.sleep(for: .milliseconds(300))  // the child has started
        let started = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(500))
        let took = started.duration(to: .now)
        print("exit-test-stall: children=\(Self.children) observing=\(ProcessInfo.processInfo.environment["STALL_OBSERVE"] ?? "0"): a 500 ms Task.sleep took \(took)")
    }
}
