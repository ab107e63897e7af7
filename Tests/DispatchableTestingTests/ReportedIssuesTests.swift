import DispatchableTesting
import Foundation
import Testing

@testable import Dispatchable

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
    /// cancelling ends: the test process stops, with the report and words on what to do, rather
    /// than hang or trap without a word. The test runs in a child test process (this binary, run
    /// on `LeftWaitingForGood`).
    @Test func aTestLeftWaitingForGoodStopsTheProcessWithWords() async throws {
        let child = try await ChildTestProcess.run("LeftWaitingForGood/theTestWaitsForAContinuationNothingResumes")
        #expect(child.status != 0, "it stopped: \(child.output)")
        let reported = child.output.contains("a schedule deadlocked") || child.output.contains("could not explore")
        #expect(reported, "the report came first: \(child.output)")
        #expect(child.output.contains("the test process stops here rather than hang"), "\(child.output)")
        #expect(child.output.contains("MockDispatchable.exploreTasks"), "\(child.output)")
    }

    /// `swift test --attachments-path DIR` keeps the timeline a failing explored test attaches.
    @Test func theTimelineOfAFailingTestIsSavedWhereAttachmentsGo() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("dispatchable-attachments-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let child = try await ChildTestProcess.run(
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
    private func reportedIssues(
        of trait: some TestScoping & TestTrait, _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> (issues: [String], thrown: (any Error)?) {
        let test = try #require(Test.current)
        let reported = Issues()
        let thrown = Locked<(any Error)?>(nil)
        let keep: IssueHandlingTrait = .compactMapIssues { issue in
            reported.append(String(describing: issue))
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

/// Tests that stop their process, run only in a child test process (see ``ChildTestProcess``).
@Suite(.enabled(if: ChildTestProcess.isChild)) struct LeftWaitingForGood {
    @Test(.explored(schedules: 5))
    func theTestWaitsForAContinuationNothingResumes() async {
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
    }
}

/// A failing explored test, run only in a child test process with an attachments path.
@Suite(.enabled(if: ChildTestProcess.isChild)) struct FailingExploredTest {
    @Test(.exploredExhaustively(limit: 1_000))
    func theStaleSearchFails() async throws {
        try await staleSearch(buggy: true)
    }
}
