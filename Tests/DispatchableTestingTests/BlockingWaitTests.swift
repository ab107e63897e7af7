import Dispatch
import DispatchableTesting
import Testing

@testable import Dispatchable

/// A test that waits on its thread for a task it started — what XCTest's `wait(for:timeout:)` does
/// — cannot be explored: one thread drives a run's jobs, so the task cannot run during the wait, and
/// the wait's timeout fails the test in every schedule. The trait says so once, naming the wait,
/// instead of reporting a failing schedule.
@Suite struct BlockingWaitTests {
    @Test func aTestThatWaitsOnItsThreadForItsTaskIsRefusedNamingTheWait() async throws {
        let issues = Issues()
        let trait: ExplorationTrait = .explored(schedules: 5)
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let semaphore = DispatchSemaphore(value: 0)
                Task { semaphore.signal() }
                #expect(semaphore.wait(timeout: .now() + 1) == .success, "the task signalled within 1 s")
            }
        } matching: { issue in
            issues.append(String(describing: issue))
            return true
        }
        let recorded = Set(issues.all)
        #expect(
            recorded.contains { $0.contains("could not explore this test") && $0.contains("blocked its thread") },
            "\(recorded)")
        #expect(!recorded.contains { $0.contains("a schedule failed") }, "\(recorded)")
    }
}
