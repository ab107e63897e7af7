// DispatchableTesting: explores the tests people already have, as they are written.
//
// For test targets only: it imports Testing, which an app must not link (an app that links it
// fails at launch on Apple platforms), and reaches the mock through `@testable import`, which
// only debug builds allow. A release build of this module is empty.

#if DEBUG
    import Foundation
    import Testing

    @testable import Dispatchable

    /// Runs a test once per schedule — its tasks, actors and the mock's queued work in the orders
    /// real Swift concurrency and GCD allow — and reports the first schedule that breaks it.
    ///
    /// An actor that checks its state, awaits, and trusts the state afterwards fails only when a
    /// second call slips in during the `await`, a few times in 10,000 ordinary runs. The test as
    /// it is, with one trait more:
    ///
    /// ```swift
    /// import DispatchableTesting
    ///
    /// @Test(.explored(schedules: 1_000, seed: 42))
    /// func theCacheDecodesOnce() async {
    ///     let cache = ImageCache()                       // an actor
    ///     async let a = cache.image(for: "cat")
    ///     async let b = cache.image(for: "cat")
    ///     _ = await (a, b)
    ///     #expect(await cache.decodes == 1)
    /// }
    /// ```
    ///
    /// A failed `#expect` or `#require`, or `Issue.record`, fails the schedule it happened in, as
    /// a thrown error does. While exploring, those issues are held back; the failing schedule is
    /// minimised, then run once more with the test's own issues reported as they are, plus one
    /// issue of the explorer's naming the schedule, its deviations in words, its longest stall
    /// and the `.replayed("…")` trait that runs it again; the run's timeline is attached. A test
    /// that fails in every schedule is reported once.
    ///
    /// A `MockDispatchable(mode: .manual)` that the test makes during a run joins that run: its
    /// queued work is part of the schedule, so manual-mode tests need no change. Every
    /// manual-mode mock made in one run is the run's one mock (they share queues, clock and
    /// timeline). Tests of actors and tasks need no mock.
    ///
    /// Each schedule runs the test function afresh — a new suite instance each time: Swift
    /// Testing's `provideScope` documents that it "should" call the function once, and does not
    /// enforce it; each call makes the suite instance anew. A `.timeLimit` covers all the
    /// schedules together.
    ///
    /// A schedule that deadlocks is reported like any failure. Its run is still suspended inside
    /// the test function, which Swift Testing lends a trait only until it returns, so the trait
    /// cancels such runs and gives them a second to return (their issues held back). One waiting
    /// on a continuation nothing resumes does not return, and Swift cannot end a task from
    /// outside; then the test is kept open — shown as still running — while the other tests of
    /// the process run and report. If the wait ends meanwhile, the test ends with its report as
    /// usual. Otherwise, once no other test with these traits is under way and the process has
    /// been quiet for 5 s (or after 2 minutes, busy or not), the trait records one more issue
    /// saying so and the process exits with status 1, Swift Testing's status for a failed run,
    /// without its closing summary (nor an `--xunit-output` file). A test that waits longer than
    /// that without computing, or one serialized after the kept-open test, does not report. Explore
    /// such a test with the closure form (`MockDispatchable.exploreTasks { mock in … }`), whose runs
    /// keep what is left, and the test ends.
    ///
    /// As a suite trait it applies to each test function of the suite (each case of a
    /// parameterized test explored on its own).
    public struct ExplorationTrait: TestTrait, SuiteTrait, TestScoping {
        let schedules: MockDispatchable.ExplorationPlan.Schedules
        let maximumStall: TimeInterval?
        private(set) var sourceLocation: SourceLocation
        /// True for a trait made without a caller's location (`.deterministic`): its issues are
        /// placed at the test's.
        private var isPlacedAtTheTest = false

        init(
            schedules: MockDispatchable.ExplorationPlan.Schedules, maximumStall: TimeInterval?,
            sourceLocation: SourceLocation, isPlacedAtTheTest: Bool = false
        ) {
            self.schedules = schedules
            self.maximumStall = maximumStall
            self.sourceLocation = sourceLocation
            self.isPlacedAtTheTest = isPlacedAtTheTest
        }

        /// Whether this is the deterministic run (`.deterministic`): one run in ordinary order.
        var isDeterministic: Bool {
            if case .ordinary = schedules { true } else { false }
        }

        /// What this trait asks for, as `family`'s explorer runs it: the `…Tasks` one for a Swift
        /// Testing test, the synchronous one for an ``ExploringTestCase``'s.
        func plan(_ family: MockDispatchable.ExplorationPlan.Family) -> MockDispatchable.ExplorationPlan {
            var plan = MockDispatchable.ExplorationPlan(
                schedules, maximumStall: maximumStall, family: family, fileID: "DispatchableTesting",
                line: UInt(sourceLocation.line))
            plan.printsSlowWorkFailure = false  // recorded as a warning issue instead
            return plan
        }

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
            if isPlacedAtTheTest {
                var placed = self
                placed.sourceLocation = test.sourceLocation
                placed.isPlacedAtTheTest = false
                return try await placed.provideScope(for: test, testCase: testCase, performing: function)
            }
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
                let text =
                    "DispatchableTesting explores async code on systems with task executors (macOS 15, iOS 18 and "
                    + "later); the test ran once, unexplored."
                Issue.record(ExplorerReport(text: text), sourceLocation: sourceLocation)
                return try await function()
            }
            try await withoutActuallyEscaping(function) { function in
                try await explore(test: test, testCase: testCase, function)
            }
        }

        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private func explore(
            test: Test, testCase: Test.Case?, _ function: @escaping @Sendable () async throws -> Void
        ) async throws {
            // Runs keep what they were given past the exploration (a task a run left is dropped,
            // never resumed, with its closure); they get the test function on loan, and the loan
            // ends with the exploration: see `LentTestFunction`.
            let lent = LentTestFunction(function)
            let body: @Sendable (MockDispatchable) async throws -> Void = { mock in
                try await lent.call(in: mock) { function in
                    try await MockDispatchable.$runToJoin.withValue(mock) { try await function() }
                }
            }
            let outcome = Locked(Outcome.passed)
            try await OpenScopes.open {
                try await exploreOpen(test: test, testCase: testCase, lent: lent, body: body, outcome: outcome)
            }
            if case .failed(let error) = outcome.withLock({ $0 }) { throw error }
        }

        /// How an exploration ended, as the trait reports it.
        private enum Outcome: Sendable {
            case passed
            /// A schedule failed or deadlocked: reported with its replay.
            case found(MockDispatchableError)
            /// The explorer could not explore the test: reported as a refusal.
            case refused(MockDispatchableError)
            /// Something else was thrown: the test's error.
            case failed(any Error)
        }

        /// The exploration, in one open scope of these traits (see ``OpenScopes``).
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private func exploreOpen(
            test: Test, testCase: Test.Case?, lent: LentTestFunction,
            body: @escaping @Sendable (MockDispatchable) async throws -> Void,
            outcome: Locked<Outcome>
        ) async throws {
            try await IssuesFailSchedules.withScope(test: test, testCase: testCase) {
                do {
                    let report = try await MockDispatchable.$leftoverJobs.withValue(lent.leftovers) {
                        try await run(body)
                    }
                    if let slow = report.slowWorkFailure { warn(slow) }
                } catch let error as MockDispatchableError where error.schedule != nil {
                    outcome.withLock { $0 = .found(error) }
                } catch let error as MockDispatchableError {
                    Issue.record(ExplorerReport(text: Self.refusal(error)), sourceLocation: sourceLocation)
                    outcome.withLock { $0 = .refused(error) }
                } catch {
                    outcome.withLock { $0 = .failed(error) }
                }
                // Calls still under way wind down with their issues held back (not the test's).
                await lent.endCalls(within: LentTestFunction.callGrace)
            }
            let ended = outcome.withLock { $0 }
            if case .found(let found) = ended { report(found) }
            guard lent.callsUnderWay > 0 else { return }
            // The test function must not outlive this scope: keep it open until the calls return or
            // the rest of the process is done.
            await OpenScopes.hold(test.displayName ?? test.name, while: lent) { reason, held in
                stop(stuck: lent.callsUnderWay, after: ended, reason: reason, held: held)
            }
        }

        /// Ends the test process with status 1 (`EXIT_FAILURE`, Swift Testing's own status for a failed
        /// run): runs of this test wait for good, and the rest of the process seems done (`reason`).
        /// `held` names every test kept open.
        private func stop(stuck: Int, after outcome: Outcome, reason: OpenScopes.Reason, held: [String]) -> Never {
            let why =
                reason == .quiet
                ? "No other test of DispatchableTesting's traits is under way, and the process has been quiet for "
                    + "\(Int(OpenScopes.quietWindow)) s (a test that waits without computing looks the same)"
                : "It has waited \(Int(OpenScopes.holdLimit)) s, the process busy all along"
            let runs = stuck == 1 ? "a run" : "\(stuck) runs"
            let waits = stuck == 1 ? "waits" : "wait"
            let they = stuck == 1 ? "it" : "they"
            let waiting: String
            let advice: String
            switch outcome {
            case .refused(let refusal):
                // The refused run's work went on outside any schedule, on the real executors and real
                // time: what waits now is the test as a plain run of it goes, not an order the
                // explorer chose.
                waiting =
                    "\(runs) of this test still \(waits), after the refusal reported above (\(refusal.kind)): the "
                    + "explorer stopped \(stuck == 1 ? "the run" : "those runs") there and handed the work queued to "
                    + "the real executors, where the test function went on unexplored, on real time, and has not "
                    + "returned"
                advice =
                    "Run the test without the trait to see whether it waits so on its own too (a test that sleeps "
                    + "real time and expects another task to be done by then waits for good when that task is late), "
                    + "and change what the refusal names so that it can be explored."
            case .found(let found):
                let what = found.kind == .deadlock ? "deadlock" : "failure"
                let replay = found.schedule.map { " (.replayed(\"\($0)\"))" } ?? ""
                waiting =
                    "\(runs) of this test still \(waits) for something nothing will resume (the \(what) reported "
                    + "above\(replay))"
                advice = Self.closureFormAdvice
            case .failed(let error):
                // Thrown after the hold, it would never be reported: the process ends first.
                Issue.record(error, sourceLocation: sourceLocation)
                waiting =
                    "\(runs) of this test still \(waits) for something nothing will resume, after the exploration "
                    + "ended with the error reported above"
                advice = Self.closureFormAdvice
            case .passed:
                waiting = "\(runs) of this test still \(waits) for something nothing will resume"
                advice = Self.closureFormAdvice
            }
            let text =
                "DispatchableTesting: \(waiting): cancelled, \(they) did not return "
                + "(a continuation that is never resumed does not answer cancellation), and Swift cannot end a task "
                + "from outside. Swift Testing lends a trait the test function only until the trait returns, so this "
                + "test was kept open while the other tests ran. \(why), so the test process ends now with exit status "
                + "1, without Swift Testing's closing summary. \(advice)"
            Issue.record(ExplorerReport(text: text), sourceLocation: sourceLocation)
            let names = held.map { "\($0)" }.joined(separator: ", ")
            FileHandle.standardError.write(
                Data(
                    ("DispatchableTesting: the test process exits with status 1: \(names) kept open, waiting for "
                        + "good (reported above); Swift Testing's closing summary is not printed.\n").utf8))
            exit(1)  // EXIT_FAILURE
        }

        /// What to do about a run that waits for good in an order the explorer chose.
        private static let closureFormAdvice =
            "Explore such a test with the closure form (`try await MockDispatchable.exploreTasks { mock in … }` "
            + "inside the test): its runs keep what a deadlocked run leaves, and the test ends."

        /// Runs the plan with `body`, as `exploreTasks` and its kin do (issues fail schedules while
        /// this runs).
        @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
        private func run(
            _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
        ) async throws -> MockDispatchable.ExplorationReport {
            try await MockDispatchable.explore(plan(.tasks), tasksBody: body)
        }

        /// Records the explorer's one issue and attaches the timeline. The test's own issues are
        /// already reported: the exploration ran the minimised schedule once more with them passing
        /// through (``MockDispatchable/RunIssues/isReported``), the run whose timeline this is.
        private func report(_ found: MockDispatchableError) {
            let schedule = found.schedule ?? ""
            let timeline = found.description
            Attachment.record(Array(timeline.utf8), named: "dispatchable-timeline.txt", sourceLocation: sourceLocation)
            let text =
                isDeterministic
                ? "DispatchableTesting: \(Self.headline(of: found, deterministic: true)) Explore the test with "
                    + "`.explored` for the other orders.\n\(found.message)"
                : "DispatchableTesting: \(Self.headline(of: found)) Run it again with the trait "
                    + "\(replayedTrait(schedule)).\n\(found.message)"
            Issue.record(ExplorerReport(text: text), sourceLocation: sourceLocation)
        }

        /// Records what the exploration found past the default stall bound as one warning issue —
        /// the test passes — with the `.replayed("…", maximumStall: .infinity)` trait that fails on
        /// it, and attaches its failing run's timeline. Swift Testing before 6.3 has no warning
        /// severity (an issue would fail the test): there it is said on standard error instead.
        private func warn(_ slow: MockDispatchable.SlowWorkFailure) {
            Attachment.record(
                Array(slow.timeline.utf8), named: "dispatchable-slow-work-timeline.txt", sourceLocation: sourceLocation)
            let text =
                "DispatchableTesting: warning: slow work breaks this test. Run it with the trait "
                + ".replayed(\"\(slow.schedule)\", maximumStall: .infinity) to see it fail.\n\(slow)"
            #if compiler(>=6.3)
                Issue.record(Comment(rawValue: text), severity: .warning, sourceLocation: sourceLocation)
            #else
                FileHandle.standardError.write(Data((text + "\n").utf8))
            #endif
        }

        /// `.replayed("0/2 1/2", maximumStall: 0.5)`: this trait's replay of `schedule`, as Swift.
        func replayedTrait(_ schedule: String) -> String {
            let bound = maximumStall.map { ", maximumStall: \($0 == .infinity ? ".infinity" : "\($0)")" } ?? ""
            if isDeterministic && schedule.isEmpty {
                return bound.isEmpty ? ".deterministic" : ".deterministic(\(bound.dropFirst(2)))"
            }
            return ".replayed(\"\(schedule)\"\(bound))"
        }

        /// The explorer's own issue, recorded as an error so that its first line says what it is
        /// (a comment would follow Swift Testing's "Issue recorded").
        struct ExplorerReport: Error, CustomStringConvertible {
            let text: String
            var description: String { text }
        }

        /// What the explorer found, in words that fit what the test reported of the failing run: its
        /// own issues (reported above, from one more run of it), or an error it threw (below).
        static func headline(of error: MockDispatchableError, deterministic: Bool = false) -> String {
            if deterministic {
                let what = error.kind == .deadlock ? "deadlocked" : "failed"
                let why =
                    error.kind == .deadlock || error.failedOnRecordedIssue
                    ? "any issues of the test above are from one more run of it" : "the error it threw is below"
                return "the deterministic run (ordinary order) \(what) (\(why))."
            }
            if error.kind == .deadlock {
                return "a schedule deadlocked (any issues of the test above are from one more run of it)."
            }
            if error.failedOnRecordedIssue {
                return "a schedule failed (the test's own issues above are from one more run of it)."
            }
            return "a schedule failed: the test threw an error in it (below)."
        }

        /// The refusal's own words say what to do: each names its cause and its remedy (an injected
        /// clock for a sleep the capture cannot see, the mock's queues for work resumed from outside).
        static func refusal(_ error: MockDispatchableError) -> String {
            "DispatchableTesting could not explore this test (\(error.kind)): \(error.message)\nNothing was found "
                + "or ruled out."
        }
    }

    extension Trait where Self == ExplorationTrait {
        /// Runs the test under `schedules` schedules picked by `strategy` from `seed` (the same
        /// seed runs the same schedules), and reports the first that fails; see ``ExplorationTrait``.
        public static func explored(
            schedules: Int = 1_000, seed: Int = 0, strategy: Exploration.Strategy = .mixed,
            maximumStall: TimeInterval? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) -> Self {
            ExplorationTrait(
                schedules: .random(count: schedules, seed: seed, strategy: strategy), maximumStall: maximumStall,
                sourceLocation: sourceLocation)
        }

        /// Runs the test under every distinct schedule, fewest deviations from ordinary order
        /// first, up to `limit`; `shard` (or `DISPATCHABLE_SHARD`) runs one slice of them.
        public static func exploredExhaustively(
            limit: Int = 100_000, shard: Exploration.Shard? = nil, maximumStall: TimeInterval? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) -> Self {
            ExplorationTrait(
                schedules: .exhaustive(limit: limit, shard: shard), maximumStall: maximumStall,
                sourceLocation: sourceLocation)
        }

        /// Runs the test once in ordinary order — the order the runtime's default executors run its
        /// jobs in when nothing is slow — on virtual time: a deterministic run, the everyday cure for
        /// a flaky async test.
        ///
        /// ```swift
        /// @Test(.deterministic)
        /// @MainActor func searchShowsResultsAfterTheDebounce() async throws {
        ///     let mock = MockDispatchable(mode: .manual)
        ///     let model = SearchModel(clock: mock.clock)   // debounces 300 ms on the clock it gets
        ///     model.queryChanged("swift")                 // starts a Task {}
        ///     try await mock.waitUntilIdle()              // the sleep passes on virtual time
        ///     #expect(model.results == ["swift results"])
        /// }
        /// ```
        ///
        /// Every `Task {}` the test starts runs before `waitUntilIdle()` returns, sleeps on
        /// `mock.clock` (and `Task.sleep` where the runtime lets it be captured) take no real time,
        /// and each test's run is its own, so tests in parallel don't disturb it. Ordinary order
        /// is the first schedule every exploration runs, and stays the same across versions.
        /// `.explored` on the same test looks for the orders that break it.
        public static var deterministic: Self {
            ExplorationTrait(
                schedules: .ordinary, maximumStall: nil, sourceLocation: #_sourceLocation, isPlacedAtTheTest: true)
        }

        /// The deterministic run (see ``deterministic``) under `maximumStall`.
        public static func deterministic(
            maximumStall: TimeInterval?, sourceLocation: SourceLocation = #_sourceLocation
        ) -> Self {
            ExplorationTrait(schedules: .ordinary, maximumStall: maximumStall, sourceLocation: sourceLocation)
        }

        /// Runs the test once under `schedule`, a string from a failure the explorer reported.
        public static func replayed(
            _ schedule: String, maximumStall: TimeInterval? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) -> Self {
            ExplorationTrait(schedules: .replay(schedule), maximumStall: maximumStall, sourceLocation: sourceLocation)
        }
    }
#endif
