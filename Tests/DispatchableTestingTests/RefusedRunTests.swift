import DispatchableTesting
import Foundation
import Testing

@testable import Dispatchable

/// A run the explorer refuses (`.unsupported`) ends with its one issue and lets the test return:
/// what it left queued in the mock — an offload item, a timer, a `mock.clock` sleeper — is run
/// once the exploration is over, so the test function it suspended returns, and the test process
/// goes on to its other tests. (It once stopped the process: the test waited for the refused run's
/// queued work, which nothing ran.)
@Suite(.enabled(if: !ChildProcess.isChild)) struct RefusedRunTests {
    /// Under the public capture with the main-executor hook turned off (what macOS 15.0–15.3 and
    /// iOS 18.0–18.3 get), a `@MainActor` test is refused; the child runs it and a plain test after it.
    @Test func aRefusedMainActorTestThatLeftWorkQueuedEndsWithItsIssueAndTheProcessLives() async throws {
        let child = try await ChildProcess.runTest(
            "RefusedWithWorkLeft", environment: ["DISPATCHABLE_ASYNC_CAPTURE": "public-without-main-executor-hook"])
        #expect(child.status == 1, "the refused test failed, the process did not stop: \(child.output)")
        #expect(!child.output.contains("the test process stops here"), "\(child.output)")
        #expect(
            child.output.components(separatedBy: "could not explore this test").count == 2, "one issue: \(child.output)"
        )
        #expect(child.output.contains("swift_task_getMainExecutor_hook"), "it names what is missing: \(child.output)")
        #expect(child.output.contains("theNextTestStillRuns() passed"), "the process went on: \(child.output)")
    }

    /// Under the public capture on a runtime whose sleeps pass no public hook, a test whose task
    /// begins a `Task.sleep` is refused as the sleep begins; the run's other queued jobs go on
    /// outside it, so the test function — here a task group racing the sleep against an actor call —
    /// returns, with the refusal its one issue.
    @Test func aTestRefusedAsItsSleepBeginsReturnsWithItsIssueAndTheProcessLives() async throws {
        let child = try await ChildProcess.runTest(
            "RefusedAtASleep", environment: ["DISPATCHABLE_ASYNC_CAPTURE": "public"])
        #expect(child.status == 1, "the refused test failed, the process did not stop: \(child.output)")
        #expect(!child.output.contains("the test process exits"), "\(child.output)")
        #expect(
            child.output.components(separatedBy: "could not explore this test").count == 2, "one issue: \(child.output)"
        )
        #expect(child.output.contains("began a Task.sleep"), "it names the sleep: \(child.output)")
        #expect(child.output.contains("theNextTestStillRuns() passed"), "the process went on: \(child.output)")
    }

    /// The same test where the hook exists is explored, and passes.
    @Test func theSameTestIsExploredWhereTheRuntimeHasTheHook() async throws {
        let child = try await ChildProcess.runTest(
            "RefusedWithWorkLeft", environment: ["DISPATCHABLE_ASYNC_CAPTURE": "public"])
        #expect(child.status == 0, "\(child.output)")
        #expect(child.output.contains("theNextTestStillRuns() passed"), "\(child.output)")
    }
}

/// Run only in a child test process (see ``ChildProcess/runTest(_:_:)``).
@Suite(.enabled(if: ChildProcess.isChild), .serialized) struct RefusedWithWorkLeft {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @MainActor @Test(.explored(schedules: 5))
    func aMainActorTestLeavesAnOffloadATimerAndAClockSleeperQueued() async throws {
        let mock = MockDispatchable(mode: .manual)
        mock.after(2) {}
        async let offloaded = mock.performOffloaded { 1 }
        async let slept: Void = mock.clock.sleep(for: .seconds(1))
        let (value, _) = try await (offloaded, slept)
        #expect(value == 1)
    }

    @Test func theNextTestStillRuns() {
        #expect(1 + 1 == 2)
    }
}

/// Run only in a child test process (see ``ChildProcess/runTest(_:_:)``).
@Suite(.enabled(if: ChildProcess.isChild), .serialized) struct RefusedAtASleep {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.explored(schedules: 5))
    func aTimeoutRacesAnActorCall() async throws {
        let counter = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await Task.sleep(for: .seconds(3_600)) }
            group.addTask { await counter.increment() }
            try await group.next()
            group.cancelAll()
        }
    }

    @Test func theNextTestStillRuns() {
        #expect(1 + 1 == 2)
    }

    private actor Counter {
        var value = 0
        func increment() { value += 1 }
    }
}
