#if DEBUG
    import Testing

    @testable import Dispatchable

    /// Makes an issue recorded during a run of an exploration — a failed `#expect` or `#require`,
    /// `Issue.record` — fail that run's schedule, as a thrown error does, in the closure forms
    /// (`MockDispatchable.explore { mock in … }` and the rest) called inside a test:
    ///
    /// ```swift
    /// @Test(.issuesFailSchedules)
    /// @MainActor func latestSearchWins() throws {
    ///     try MockDispatchable.exploreAll { mock in
    ///         let search = SearchModel(dispatch: mock)
    ///         search.queryChanged("sw")
    ///         search.queryChanged("swift")
    ///         try mock.runUntilIdle()
    ///         #expect(search.results == ["swift"])       // fails the schedule, not only the test
    ///     }
    /// }
    /// ```
    ///
    /// Issues of the failing runs are held back while exploring. The minimised failing schedule is
    /// run once more with the test's own issues reported as they are, and the exploration then
    /// throws its usual report (the schedule, its deviations in words, its longest stall and the
    /// replay call): a test that fails in every schedule shows its own issues once, beside that
    /// one error. In a `replay` the one run's issues are reported as they are, and fail it. The
    /// `.explored`, `.exploredExhaustively` and `.replayed` traits do this themselves; XCTest's
    /// counterpart is `ExploringTestCase`.
    public struct IssuesFailSchedules: TestTrait, SuiteTrait, TestScoping {
        /// True: as a suite trait it applies to every test function of the suite, nested suites too.
        public var isRecursive: Bool { true }

        /// Scopes each case of a test function (each explored on its own), not the suite itself.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            testCase == nil ? nil : self
        }

        /// Runs the test function as the trait says; Swift Testing calls it once per test case.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            // One open scope of these traits: a test kept open waits for it (see `OpenScopes`).
            try await OpenScopes.open { try await Self.withScope(test: test, testCase: testCase, function) }
        }

        /// Runs `body` with issues of explorations' runs failing their schedules: an issue handler
        /// that files an issue recorded inside a run with the run (``MockDispatchable/runIssues``),
        /// passing it on too when the run is the one a report shows, and passes every other issue on
        /// as it is.
        static func withScope(
            test: Test, testCase: Test.Case?, _ body: @Sendable () async throws -> Void
        ) async throws {
            let handler: IssueHandlingTrait = .compactMapIssues { issue in
                // A run the exploration has ended, winding down after cancelling: not the test's.
                if LentTestFunction.current?.hasEnded == true { return nil }
                guard let run = MockDispatchable.runIssues else { return issue }
                run.record(String(describing: issue))
                return run.isReported ? issue : nil
            }
            try await handler.provideScope(for: test, testCase: testCase) {
                try await MockDispatchable.$failsRunsOnIssues.withValue(true) { try await body() }
            }
        }
    }

    extension Trait where Self == IssuesFailSchedules {
        /// Issues recorded in a run of an exploration fail its schedule; see ``IssuesFailSchedules``.
        public static var issuesFailSchedules: Self { IssuesFailSchedules() }
    }
#endif
