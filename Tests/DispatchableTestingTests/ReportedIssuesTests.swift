import Foundation
import Testing

@testable import Dispatchable
@testable import DispatchableTesting

/// Two searches offloaded; each result hops to main. Returns the result shown last. The bug
/// (`buggy`): the older result, landing last, overwrites the newer one.
@MainActor func lastShownSearch(_ mock: MockDispatchable, buggy: Bool) throws -> String? {
    let shown = Issues()
    let latest = Issues()
    for query in ["sw", "swift"] {
        latest.append(query)
        mock.offload {
            mock.main {
                if buggy || latest.all.last == query { shown.append(query) }
            }
        }
    }
    try mock.runUntilIdle()
    return shown.all.last
}

/// What a test reports when a schedule fails under DispatchableTesting's Swift Testing traits: the
/// test's own issues once (from one more run of the minimised schedule), and the explorer's one
/// report naming the schedule. Each runs the trait's scope inside an issue handler that keeps, and
/// holds back, the issues that come out of it — what the test would have reported.
@Suite struct ReportedIssuesTests {
    /// `.issuesFailSchedules` on a test that calls a closure form: a stale search result found by
    /// `exploreAll`. The exploration throws its error, naming the schedule and the replay call.
    @Test func aClosureFormReportsTheTestsOwnIssueOnceBesideItsError() async throws {
        let runs = Issues()
        let (reported, thrown) = try await reportedIssues(of: IssuesFailSchedules.issuesFailSchedules) {
            _ = try await MainActor.run {
                try MockDispatchable.exploreAll { mock in
                    runs.append("run")
                    let shown = try lastShownSearch(mock, buggy: true)
                    #expect(shown == "swift")
                }
            }
        }
        #expect(runs.all.count > 3, "it explored, then minimised")
        #expect(reported.count == 1, "the test's own issue, once: \(reported)")
        #expect(reported.first?.contains("Expectation failed: (shown") == true, "\(reported)")
        let error = try #require(thrown as? MockDispatchableError)
        #expect(error.message.contains("run it again with MockDispatchable.replay(\""), "\(error.message)")
        #expect(error.schedule != nil)
    }

    /// A test that throws in a failing schedule has no issues of its own above the explorer's: the
    /// explorer's issue says the test threw, in its first line, rather than "Issue recorded".
    @Test func aTestThatThrowsIsReportedAsThrowingInTheExplorersFirstLine() async throws {
        struct StaleResult: Error {}
        let (reported, thrown) = try await reportedIssues(of: ExplorationTrait.exploredExhaustively(limit: 1_000)) {
            let shown = try await MainActor.run { try lastShownSearch(MockDispatchable(mode: .manual), buggy: true) }
            if shown != "swift" { throw StaleResult() }
        }
        #expect(thrown == nil)
        #expect(reported.count == 1, "the explorer's issue alone: \(reported)")
        let first = reported.first?.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("DispatchableTesting: a schedule failed: the test threw an error in it"), "\(first)")
        #expect(!first.contains("Issue recorded"), "\(first)")
        #expect(reported.first?.contains("StaleResult") == true, "the error is named below: \(reported)")
    }

    /// The `.exploredExhaustively` trait on the same search: the test's own issue once, and the
    /// explorer's one issue naming the `.replayed("…")` trait.
    @Test func theTraitReportsTheTestsOwnIssueOnceBesideItsOwn() async throws {
        let (reported, thrown) = try await reportedIssues(of: ExplorationTrait.exploredExhaustively(limit: 1_000)) {
            try await staleSearch(buggy: true)
        }
        #expect(thrown == nil)
        let own = reported.filter { $0.hasPrefix("Expectation failed: (shown.all.last") }
        #expect(own.count == 1, "\(reported)")
        let explorers = reported.filter { $0.contains("DispatchableTesting: a schedule failed") }
        #expect(explorers.count == 1, "\(reported)")
        #expect(explorers.first?.contains(".replayed(\"") == true, "\(reported)")
        #expect(reported.count == 2, "\(reported)")
    }

    /// One seed, one report: a `@MainActor` view-model test explored with the same seed names the
    /// same minimised schedule in every exploration (`make same-seed` runs it in 20 processes,
    /// with and without both cores busy).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aSeedNamesTheSameScheduleInEveryExplorationOfAMainActorTest() async throws {
        let explorations = Int(ProcessInfo.processInfo.environment["DISPATCHABLE_SAME_SEED_RUNS"] ?? "") ?? 8
        var named: [String] = []
        for _ in 0..<explorations {
            let (reported, _) = try await reportedIssues(of: ExplorationTrait.explored(schedules: 300, seed: 1)) {
                @MainActor in
                let mock = MockDispatchable(mode: .manual)
                let model = StaleSearchModel(service: SearchService(dispatch: mock))
                model.queryChanged("sw")
                model.queryChanged("swift")
                try await mock.waitUntilIdle()
                #expect(model.results == SearchService.titles(matching: "swift"))
            }
            let report = reported.first { $0.contains(".replayed(\"") } ?? "no report among \(reported)"
            let marker = ".replayed(\""
            if let start = report.indices.first(where: { report[$0...].hasPrefix(marker) }) {
                named.append(String(report[start...].dropFirst(marker.count).prefix { $0 != "\"" }))
            } else {
                named.append(report)
            }
        }
        print("same seed, \(explorations) explorations: \(Set(named).sorted())")
        #expect(Set(named).count == 1, "\(named)")
        #expect(named.allSatisfy { !$0.contains("no report") }, "\(named)")
    }

    /// A schedule in which the test waits for good on a stream nothing feeds: one report of the
    /// explorer's, and the test ends (its run, cancelled after the exploration, winds down; what
    /// it records then is held back). Before: the process trapped in `withoutActuallyEscaping`,
    /// the suspended run still holding the test function.
    @Test func aTestLeftWaitingOnAStreamIsReportedOnceAndEnds() async throws {
        let (reported, thrown) = try await reportedIssues(of: ExplorationTrait.explored(schedules: 20)) {
            let (stream, feed) = AsyncStream<Int>.makeStream()
            for await _ in stream {}
            Issue.record("recorded by a run winding down after the exploration")
            withExtendedLifetime(feed) {}
        }
        #expect(thrown == nil)
        #expect(reported.count == 1, "\(reported)")
        // A deadlock under the executor-factory capture; the public one cannot tell it from a sleep.
        #expect(reported.first?.contains("DispatchableTesting") == true, "\(reported)")
    }

    /// A test that polls until it is cancelled: every run reaches the step limit and is given up
    /// with its body task's job still queued. Those jobs run on the real executors once the task
    /// is cancelled, so the test gets its one report and ends. Before: the jobs were dropped, the
    /// task stayed suspended inside the test function, and the process stopped.
    @Test func aTestThatPollsUntilCancelledIsReportedOnceAndEnds() async throws {
        let (reported, thrown) = try await reportedIssues(of: ExplorationTrait.explored(schedules: 5)) {
            while !Task.isCancelled { await Task.yield() }
        }
        #expect(thrown == nil)
        #expect(reported.count == 1, "\(reported)")
        #expect(reported.first?.contains("stepLimitExceeded") == true, "\(reported)")
    }

    /// A schedule in which the test waits for good on a continuation nothing resumes, which no
    /// cancelling ends: the test is kept open (its scope must not return while a run holds the test
    /// function) until the rest of the process is done, then the process exits with status 1 —
    /// Swift Testing's status for a failed run, not a crash — after the report and words on what
    /// to do. The test runs in a child test process (this binary, run on `LeftWaitingForGood`).
    /// Before: `fatalError` after 10 s, status 132, and the tests not yet reported lost.
    @Test func aTestLeftWaitingForGoodEndsTheProcessWithStatus1AndWords() async throws {
        let child = try await ChildProcess.runTest("LeftWaitingForGood/theTestWaitsForAContinuationNothingResumes")
        #expect(child.status == 1, "it exited, not crashed: \(child.output)")
        let refused = child.output.contains("could not explore")
        #expect(child.output.contains("a schedule deadlocked") || refused, "the report came first: \(child.output)")
        #expect(child.output.contains("test was kept open while the other tests ran"), "\(child.output)")
        #expect(child.output.contains("the test process ends now with exit status 1"), "\(child.output)")
        // The words name what was reported: a deadlock found (the default capture), or the refusal
        // of a capture that cannot tell a deadlock from a sleep it does not see (the public one).
        if refused {
            #expect(child.output.contains("still waits, after the refusal reported above"), "\(child.output)")
            #expect(!child.output.contains("the deadlock reported above"), "\(child.output)")
        } else {
            #expect(child.output.contains("(the deadlock reported above (.replayed(\""), "\(child.output)")
            #expect(child.output.contains("MockDispatchable.exploreTasks"), "\(child.output)")
        }
        #expect(
            child.output.contains("exits with status 1: theTestWaitsForAContinuationNothingResumes() kept open"),
            "\(child.output)")
        #expect(!child.output.contains("Fatal error"), "\(child.output)")
    }

    /// A run whose work is resumed from outside it (refused: the body is not deterministic) and
    /// whose test then waits for good: the words that end the process name the refusal reported
    /// above, and the work the explorer handed to the real executors, not a deadlock.
    @Test func aTestRefusedAndThenLeftWaitingForGoodIsToldSoWhenTheProcessEnds() async throws {
        let child = try await ChildProcess.runTest("LeftWaitingForGood/theTestIsResumedFromOutsideAndThenWaitsForGood")
        #expect(child.status == 1, "it exited, not crashed: \(child.output)")
        #expect(child.output.contains("could not explore this test"), "the refusal came first: \(child.output)")
        #expect(child.output.contains("the test process ends now with exit status 1"), "\(child.output)")
        #expect(!child.output.contains("the deadlock reported above"), "\(child.output)")
        let named =
            child.output.contains("after the exploration ended with the error reported above")
            || child.output.contains("after the refusal reported above")
        #expect(named, "\(child.output)")
    }

    /// Thirteen tests in one process, one of which deadlocks under `.explored` for good: every
    /// result is reported — twelve passes, two of them by tests still computing when the deadlocked
    /// test was kept open, and the deadlock's report — and the process ends with status 1 in
    /// bounded time. (Before: the process stopped at the deadlock, and the tests not yet reported
    /// never were.)
    @Test func aDeadlockAmongThirteenTestsCostsNoOtherTestItsResult() async throws {
        // Bounded: a child still running after ``ChildProcess/testTimeout`` is killed, and its
        // status is then not 1. (It takes about 12 s; no closer bound is asserted: SPEC's gates
        // want ten times what a test expects, on a loaded machine.)
        let child = try await ChildProcess.runTest("TwelveBesideADeadlock")
        let output = child.output
        #expect(child.status == 1, "\(output)")
        let passed = output.split(separator: "\n").filter { $0.contains(" passed after ") && $0.contains("Test ") }
        #expect(passed.count == 12, "twelve passes: \(passed)")
        let reported = output.contains("a schedule deadlocked") || output.contains("could not explore")
        #expect(reported, "the deadlock's report: \(output)")
        #expect(output.contains("exits with status 1: deadlocks() kept open"), "\(output)")
        // The tests that computed past the start of the hold were waited for.
        let beforeTheEnd = output.components(separatedBy: "the test process ends now").first ?? ""
        for name in ["computesUntilTheDeadlockIsKeptOpen()", "computesTwoSecondsLonger()"] {
            #expect(beforeTheEnd.contains("\(name) passed"), "\(name) reported before the process ended: \(output)")
        }
    }

    /// A run that deadlocked and whose wait ends while the test is kept open (here another test
    /// resumes the continuation): the test ends as usual with its report, and the run ends as
    /// usual — Swift Testing's summary, status 1 for the failed test — with no process stopped.
    @Test func aWaitThatEndsWhileTheTestIsKeptOpenEndsTheTestAsUsual() async throws {
        let child = try await ChildProcess.runTest("ResumedWhileKeptOpen")
        #expect(child.status == 1, "\(child.output)")
        let reported = child.output.contains("a schedule deadlocked") || child.output.contains("could not explore")
        #expect(reported, "\(child.output)")
        #expect(child.output.contains("resumesTheWaitOnceItIsKeptOpen() passed"), "\(child.output)")
        #expect(!child.output.contains("the test process ends now"), "\(child.output)")
        #expect(child.output.contains("Test run with 2 tests in 1 suite failed"), "\(child.output)")
    }

    /// `swift test --attachments-path DIR` keeps the timeline a failing explored test attaches.
    @Test func theTimelineOfAFailingTestIsSavedWhereAttachmentsGo() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dispatchable-attachments-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let child = try await ChildProcess.runTest(
            "FailingExploredTest/theStaleSearchFails", "--attachments-path", directory.path)
        #expect(child.status != 0, "the explored test failed: \(child.output)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let timelines = saved.filter { $0.contains("dispatchable-timeline") }
        #expect(timelines.count == 1, "\(saved)")
        let text = try String(contentsOf: directory.appendingPathComponent(timelines.first ?? "-"), encoding: .utf8)
        #expect(text.contains("Schedule:"), "\(text)")
    }

    /// Runs `body` in `trait`'s scope for the current test, and returns the issues that came out of
    /// it (held back from the test) and the error it threw, if any.
    /// What `trait` reported of `body`, each issue in words (a warning's words after `warning: `),
    /// and what it threw.
    func reportedIssues(
        of trait: some TestScoping & TestTrait, _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> (issues: [String], thrown: (any Error)?) {
        let test = try #require(Test.current)
        let reported = Issues()
        let thrown = Locked<(any Error)?>(nil)
        let keep: IssueHandlingTrait = .compactMapIssues { issue in
            reported.append((issue.severity == .warning ? "warning: " : "") + String(describing: issue))
            return nil
        }
        try await keep.provideScope(for: test, testCase: Test.Case.current) {
            do {
                try await trait.provideScope(for: test, testCase: Test.Case.current, performing: body)
            } catch {
                thrown.withLock { $0 = error }
            }
        }
        return (reported.all, thrown.withLock { $0 })
    }
}

/// Tests that stop their process, run only in a child test process (see ``ChildProcess/runTest(_:_:)``).
@Suite(.enabled(if: ChildProcess.isChild)) struct LeftWaitingForGood {
    @Test(.explored(schedules: 5))
    func theTestWaitsForAContinuationNothingResumes() async {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
    }

    @Test(.explored(schedules: 5))
    func theTestIsResumedFromOutsideAndThenWaitsForGood() async {
        await withCheckedContinuation { continuation in DispatchQueue.global().async { continuation.resume() } }
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
    }
}

/// Thirteen tests, run only in a child test process: one deadlocks for good under `.explored`;
/// twelve pass, two of them computing until after it is kept open (so only waiting for them
/// reports them).
@Suite(.enabled(if: ChildProcess.isChild)) struct TwelveBesideADeadlock {
    @Test(.explored(schedules: 5))
    func deadlocks() async {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
    }

    @Test func computesUntilTheDeadlockIsKeptOpen() async {
        #expect(await Computing.until({ OpenScopes.heldCount > 0 }, then: 0.5))
    }

    @Test func computesTwoSecondsLonger() async {
        #expect(await Computing.until({ OpenScopes.heldCount > 0 }, then: 2))
    }

    @Test func one() { #expect(1 == 1) }
    @Test func two() { #expect(2 == 2) }
    @Test func three() { #expect(3 == 3) }
    @Test func four() { #expect(4 == 4) }
    @Test func five() { #expect(5 == 5) }
    @Test func six() async { #expect(6 == 6) }
    @Test func seven() async { #expect(7 == 7) }
    @Test func eight() async { #expect(8 == 8) }
    @Test func nine() async throws { #expect(9 == 9) }
    @Test func ten() async throws { #expect(10 == 10) }
}

/// Two tests, run only in a child test process: one deadlocks under `.explored` on continuations
/// the other resumes once the first is kept open.
@Suite(.enabled(if: ChildProcess.isChild)) struct ResumedWhileKeptOpen {
    static let parked = Locked<[CheckedContinuation<Void, Never>]>([])

    @Test(.explored(schedules: 5))
    func waitsUntilKeptOpen() async {
        await withCheckedContinuation { continuation in Self.parked.withLock { $0.append(continuation) } }
    }

    @Test func resumesTheWaitOnceItIsKeptOpen() async {
        #expect(await Computing.until({ OpenScopes.heldCount > 0 }, then: 0))
        let parked = Self.parked.withLock { parked in
            defer { parked = [] }
            return parked
        }
        #expect(!parked.isEmpty)
        for continuation in parked { continuation.resume() }
    }
}

/// Busy work on a thread of its own (not the cooperative pool's few), so the process counts as
/// busy while it runs.
enum Computing {
    /// Computes until `condition` holds, then `then` seconds more; false if it never held within
    /// 60 s.
    static func until(_ condition: @escaping @Sendable () -> Bool, then: TimeInterval) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread {
                let deadline = DispatchTime.now() + 60
                var sum = 0
                while !condition(), DispatchTime.now() < deadline { sum &+= spin() }
                let held = condition()
                let end = DispatchTime.now() + then
                while DispatchTime.now() < end { sum &+= spin() }
                withExtendedLifetime(sum) { continuation.resume(returning: held) }
            }.start()
        }
    }

    private static func spin() -> Int {
        var value = 0
        for step in 0..<10_000 { value = value &* 31 &+ step }
        return value
    }
}

/// A failing explored test, run only in a child test process with an attachments path.
@Suite(.enabled(if: ChildProcess.isChild)) struct FailingExploredTest {
    @Test(.exploredExhaustively(limit: 1_000))
    func theStaleSearchFails() async throws {
        try await staleSearch(buggy: true)
    }
}
