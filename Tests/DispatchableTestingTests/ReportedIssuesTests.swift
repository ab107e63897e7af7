import DispatchableTesting
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
