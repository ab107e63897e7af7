// Minimal reproductions of the hunt's wrong verdicts (FINDINGS.md, "False alarms"), for the lead.
// Not run by run.sh. Each test below is correct Swift: real concurrency cannot fail it.
//   .build-hunt-lib/x86_64-unknown-linux-gnu/debug/HuntLibrariesPackageTests.xctest \
//       --testing-library swift-testing --filter HuntFalseAlarmRepros.SleepAndClock   (or .ManyTasks)
// (after `swift build --build-tests --scratch-path .build-hunt-lib`). Each `…Unexplored` test is
// the same body without the trait: it passes.

import DispatchableTesting
import Testing

/// swift-metrics 2.13.0 `MetricsTests.timerMeasure` / `timerMeasureFromMainActor`, reduced: a
/// 5 ms `Task.sleep` measured on `ContinuousClock`. Real runs always measure at least 5 ms; under
/// exploration the sleep is virtual (SPEC: "a run's sleeps never take real time") while
/// `ContinuousClock.now` stays real, so the measured interval is a few microseconds. The explorer
/// runs the failure again on real time, where it passes, and refuses the test by name ("fails on
/// virtual time only") instead of failing it.
@Suite struct SleepAndClock {
    @Test(.explored(schedules: 1)) func aSleepIsSeenByTheClock() async throws {
        let start = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(5))
        #expect(ContinuousClock.now - start >= .milliseconds(5))
    }

    /// The control: the same body, not explored.
    @Test func aSleepIsSeenByTheClockUnexplored() async throws {
        let start = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(5))
        #expect(ContinuousClock.now - start >= .milliseconds(5))
    }
}

/// swift-prometheus 2.4.1 `GaugeTests.testGaugeSetToFromMultipleTasks`, reduced: 100,000 child
/// tasks that each run once. Under exploration the first schedule ends in `.stepLimitExceeded`
/// ("work that reschedules itself forever"), though nothing reschedules itself; the run is then
/// left waiting for the group, and the trait ends the whole test process with status 1.
@Suite struct ManyTasks {
    @Test(.explored(schedules: 1)) func aHundredThousandChildTasks() async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100_000 { group.addTask {} }
        }
    }

    /// The control: the same body, not explored.
    @Test func aHundredThousandChildTasksUnexplored() async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100_000 { group.addTask {} }
        }
    }
}
