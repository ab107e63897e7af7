// The benchmark's one trait: measures what the explorer says about a historical bug's own test,
// and what a user gets today by running it plainly, and prints one `BUG-BENCH|key=value|…` line
// that `make bug-bench` collects (scripts/bug-bench.sh).
//
// For each test it runs, in one process:
// 1. three explorations of seed 1 — `.mixed` (the default), `.pct(depth: 3)`, and every schedule
//    fewest deviations first (`exploreAllTasks`) — each up to `BUGBENCH_SCHEDULES` (1,000)
//    schedules, noting the schedule that first failed, its time, and the minimised deviations;
// 2. the first finding's `.replayed("…")` value three times;
// 3. the buggy twin only, under the default capture only (no exploration: the capture does not
//    matter): the test run plainly, on the real executors, up to `BUGBENCH_PLAIN_RUNS` (1,000)
//    times or `BUGBENCH_PLAIN_SECONDS` (60 s), each run given 10 s, counting the runs that fail.
// Issues the test records fail the run they happen in and are held back: the line is the verdict
// (a fixed twin that fails a schedule is a false alarm, which the make target counts).

import Dispatchable
import Foundation
import Testing

@testable import Dispatchable
@testable import DispatchableTesting

/// Measures a historical bug's test; see the file's header.
public struct BugBenchTrait: TestTrait, TestScoping {
    /// Scopes each case of a test function, not the suite.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { testCase == nil ? nil : self }

    /// Measures the test function as the file's header says.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        try await withoutActuallyEscaping(function) { function in
            try await measure(test: test, testCase: testCase, function)
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func measure(
        test: Test, testCase: Test.Case?, _ function: @escaping @Sendable () async throws -> Void
    ) async throws {
        let settings = BenchSettings.current
        let lent = LentTestFunction(function)
        let body: @Sendable (MockDispatchable) async throws -> Void = { mock in
            try await lent.call(in: mock) { function in
                try await MockDispatchable.$runToJoin.withValue(mock) { try await function() }
            }
        }
        let kept = Locked(BenchLine(test: test, settings: settings))
        try await Self.withIssuesHeldBack(test: test, testCase: testCase) {
            for strategy in BenchStrategy.allCases where settings.phases.contains(strategy.rawValue) {
                kept.withLock { $0.begin(strategy.rawValue) }
                let started = ContinuousClock.now
                let outcome = await strategy.explore(schedules: settings.schedules, body)
                kept.withLock { $0.note(strategy, outcome, seconds: (ContinuousClock.now - started) / .seconds(1)) }
            }
            if settings.phases.contains("replay"), let schedule = kept.withLock({ $0.firstSchedule }) {
                kept.withLock { $0.begin("replay") }
                var failed = 0
                for _ in 0..<3 {
                    if case .found = await BenchStrategy.replay(schedule, body) { failed += 1 }
                }
                kept.withLock { $0.replayed = failed }
            }
            await lent.endCalls(within: LentTestFunction.callGrace)
            // What the explorations said is out before the plain runs, which may freeze the process
            // (a real deadlock of threads); their result follows on a line of its own.
            kept.withLock { $0 }.print()
            if settings.twin == "buggy" && !settings.isPublicCapture && settings.phases.contains("plain") {
                kept.withLock { $0.begin("plain") }
                let plain = await PlainRuns.run(function, settings: settings) { frozen in
                    kept.withLock { $0.plain = frozen }
                    kept.withLock { $0 }.printPlain()
                }
                kept.withLock { $0.plain = plain }
                kept.withLock { $0 }.printPlain()
            }
        }
        let line = kept.withLock { $0 }
        if lent.callsUnderWay > 0 || line.plain?.hung == true {
            // A run (explored or plain) still waits for something nothing will resume, holding the
            // test function, which must not outlive this scope: the line is out, the process ends.
            FileHandle.standardError.write(
                Data("BugBench: \(line.testName) left a run waiting for good; the process ends here.\n".utf8))
            exit(0)
        }
    }

    /// Runs `body` with every issue the test records held back: inside a run it fails the run's
    /// schedule; in a plain run it counts that run as failed.
    private static func withIssuesHeldBack(
        test: Test, testCase: Test.Case?, _ body: @Sendable () async throws -> Void
    ) async throws {
        let handler: IssueHandlingTrait = .compactMapIssues { issue in
            if let run = MockDispatchable.runIssues {
                run.record(String(describing: issue))
            } else if let plain = PlainRuns.current {
                plain.fail(String(describing: issue))
            } else {
                return issue
            }
            return nil
        }
        try await handler.provideScope(for: test, testCase: testCase) {
            try await MockDispatchable.$failsRunsOnIssues.withValue(true) { try await body() }
        }
    }
}

extension Trait where Self == BugBenchTrait {
    /// Measures the test as BugBench does: explored three ways, replayed, run plainly.
    public static var bugBench: Self { BugBenchTrait() }
}

/// What the environment asks of the benchmark, read in one place.
struct BenchSettings: Sendable {
    let twin: String
    let isPublicCapture: Bool
    let schedules: Int
    let plainRuns: Int
    let plainSeconds: Double
    let plainTimeout: Double
    /// The phases to run (`BUGBENCH_PHASES=pct,all,replay,plain`; all by default): after a
    /// process died in one, the script runs the rest in another.
    let phases: Set<String>

    static var current: Self {
        let environment = ProcessInfo.processInfo.environment
        func number(_ name: String, _ fallback: Double) -> Double { environment[name].flatMap(Double.init) ?? fallback }
        return Self(
            twin: environment["BUGBENCH_TWIN"] == "fixed" ? "fixed" : "buggy",
            isPublicCapture: environment["DISPATCHABLE_ASYNC_CAPTURE"] == "public",
            schedules: Int(number("BUGBENCH_SCHEDULES", 1_000)),
            plainRuns: Int(number("BUGBENCH_PLAIN_RUNS", 1_000)),
            plainSeconds: number("BUGBENCH_PLAIN_SECONDS", 60),
            plainTimeout: number("BUGBENCH_PLAIN_TIMEOUT", 10),
            phases: Set(
                (environment["BUGBENCH_PHASES"] ?? "mixed,pct,all,replay,plain").split(separator: ",").map(String.init))
        )
    }
}
