#if DEBUG && canImport(XCTest)
    import XCTest

    @testable import Dispatchable

    /// An `XCTestCase` that runs each of its tests once per schedule of the work it queues, and
    /// reports the first schedule that breaks it — the XCTest tests you already have, unchanged.
    ///
    /// A search model offloads each query and shows its results on main. Type "sw", then "swift":
    /// in ordinary runs "swift"'s results land last, but when the first search is slower they land
    /// first and "sw"'s replace them — a stale screen that a plain test passes every time. The test
    /// as it is, with its base class changed and one property more:
    ///
    /// ```swift
    /// import DispatchableTesting
    /// import XCTest
    /// @testable import Dispatchable
    ///
    /// final class SearchTests: ExploringTestCase {          // was: XCTestCase
    ///     override var exploration: ExplorationTrait? { .exploredExhaustively(limit: 1_000) }
    ///
    ///     var mock: MockDispatchable!
    ///     override func setUp() { mock = MockDispatchable(mode: .manual) }   // joins each run
    ///
    ///     @MainActor func testTheLatestSearchWins() async throws {
    ///         let search = SearchModel(dispatch: mock)
    ///         search.queryChanged("sw")
    ///         search.queryChanged("swift")
    ///         try await mock.runUntilIdle(timeout: 5)
    ///         XCTAssertEqual(search.results, ["swift"])   // fails the schedule it happens in
    ///     }
    /// }
    /// ```
    ///
    /// ## Exploring each test: `exploration`
    ///
    /// Overridden, ``exploration`` runs each test method of the class — synchronous or `async`,
    /// with its `setUp` and `tearDown` (and their `async throws` and `WithError` forms, and
    /// tear-down blocks) — once per schedule of the plan: `.explored(schedules:seed:strategy:…)`,
    /// `.exploredExhaustively(limit:shard:…)` or `.replayed("…")`, the values of Swift Testing's
    /// traits, with their defaults. It may look at `name` to choose per test method, or return
    /// `nil` (the default) to run a method once, as XCTest does. A
    /// `MockDispatchable(mode: .manual)` made during a run — in `setUp` or in the method — joins
    /// the run: its queued work (`offload`, `main`, `after` and their timers) is what each schedule
    /// orders differently.
    ///
    /// An `XCTAssert…` or `XCTFail`, or an error the method throws, fails the schedule it happened
    /// in. The failures of failing schedules are held back; the first failing schedule is
    /// minimised to the fewest deviations from ordinary order that still fail, and run once more
    /// with the test's own failures reported as they are, plus one failure of the explorer's: the
    /// schedule, its deviations in words, its longest stall, and the override that runs it again,
    /// `override var exploration: ExplorationTrait? { .replayed("1/2") }`. A test that fails in
    /// every schedule is reported once.
    ///
    /// What it explores: the queued work of the mocks the test makes, in synchronous and in `async`
    /// test methods alike. Each schedule is one whole `invokeTest()` run by the synchronous
    /// explorer on the main thread, where XCTest runs tests; for an `async` method XCTest waits
    /// there with the main run loop running, so the method's main-actor work runs inside the run.
    /// The tasks and actors of an `async` method run on the real executors, once per schedule, but
    /// unexplored: the async explorers run a run's body as a task they make, and XCTest makes an
    /// `async` test method's task itself. To explore tasks and actors, call
    /// `MockDispatchable.exploreTasks { mock in … }` inside the test (below), or use Swift Testing's
    /// `.explored` trait.
    ///
    /// Each schedule runs on a fresh instance of the class on swift-corelibs-xctest (Linux,
    /// Windows), whose test cases run their tear-down blocks once; Apple's XCTest runs the same
    /// instance again, as overriding `invokeTest()` to repeat a test does, so keep per-test state
    /// in `setUp`. On swift-corelibs-xctest an `XCTSkip` thrown inside a schedule is not reported
    /// (the schedule's instance has no test run of its own). A test that XCTest runs off the main
    /// thread runs once, with a failure saying so.
    ///
    /// ## Closure forms inside a test
    ///
    /// Without ``exploration``, the class makes `XCTAssert…` and `XCTFail` fail the schedule they
    /// happened in, as a thrown error does, in the explorations its tests run themselves
    /// (`MockDispatchable.explore { mock in … }` and the other closure forms, synchronous, `async`
    /// and `…Tasks`):
    ///
    /// ```swift
    /// final class CacheTests: ExploringTestCase {
    ///     func testTheCacheDecodesOnce() async throws {
    ///         try await MockDispatchable.exploreAllTasks(limit: 2_000) { _ in
    ///             let cache = ImageCache()                    // an actor
    ///             async let a = cache.image(for: "cat")
    ///             async let b = cache.image(for: "cat")
    ///             _ = await (a, b)
    ///             let decodes = await cache.decodes
    ///             XCTAssertEqual(decodes, 1)                  // fails the schedule
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// In a plain `XCTestCase` an `XCTAssert…` records a failure and lets the body go on, so it
    /// fails the test once per failing schedule — hundreds of failures — while the exploration
    /// passes and names no schedule. Here the failing schedule is minimised and run once more with
    /// the test's own failures reported as they are; then the exploration throws its usual error,
    /// which XCTest reports as the test's one other failure, naming the
    /// `MockDispatchable.replay("…")` call that runs the schedule again. In a `replay`, the run's
    /// failures are reported as they are and fail it.
    ///
    /// Failures outside a run — before or after an exploration, or in a test that explores
    /// nothing — are reported as in any `XCTestCase`. A test class that has a base class of its
    /// own makes that one inherit from this. Keep `continueAfterFailure` on (the default): off,
    /// XCTest stops a test at its first failure, the exploration with it.
    ///
    /// How it works: each test runs with `MockDispatchable.failsRunsOnIssues` on
    /// (`invokeTest()`), and a failure recorded while a run is under way goes to that run
    /// (`MockDispatchable.runIssues`) instead of the test (`record(_:)` on Apple platforms,
    /// `recordFailure(withDescription:inFile:atLine:expected:)` elsewhere). An override of
    /// `invokeTest()` or of either of those in a subclass calls `super` to keep this. Swift
    /// Testing's counterparts are the `.explored` traits and `.issuesFailSchedules`.
    open class ExploringTestCase: XCTestCase {
        /// The plan each test method of this class runs under: `nil` (the default) runs it once, as
        /// XCTest does; `.explored(…)`, `.exploredExhaustively(…)` or `.replayed("…")` runs it —
        /// its set-up, the method, its tear-down — once per schedule of that plan, and reports the
        /// first schedule that fails. An override may look at `name` to choose per test.
        open var exploration: ExplorationTrait? { nil }

        #if !canImport(Darwin)
            /// The test method's name and closure, as XCTest gave them: each schedule runs them on a
            /// fresh instance of the class (swift-corelibs-xctest runs an instance's tear-down
            /// blocks once, and stops the process if `invokeTest()` runs it again).
            private let method: (name: String, closure: XCTestCaseClosure)

            /// The instance an exploration runs this one for (one schedule), if any: its failures
            /// are that instance's.
            private(set) weak var scheduleOwner: ExploringTestCase?

            /// Makes the test case that runs the test method `name` (XCTest calls it).
            public required init(name: String, testClosure: @escaping XCTestCaseClosure) {
                method = (name, testClosure)
                super.init(name: name, testClosure: testClosure)
            }

            /// A fresh instance of this class that runs the same test method once, for `owner`.
            func scheduleInstance(for owner: ExploringTestCase) -> ExploringTestCase {
                let instance = Swift.type(of: self).init(name: method.name, testClosure: method.closure)
                instance.scheduleOwner = owner
                return instance
            }
        #endif

        /// Runs the test — its set-up, its method, its tear-down — with issues failing schedules:
        /// once, or once per schedule of ``exploration``.
        override open func invokeTest() {
            MockDispatchable.$failsRunsOnIssues.withValue(true) {
                #if !canImport(Darwin)
                    if scheduleOwner != nil { return super.invokeTest() }
                #endif
                guard let exploration else { return super.invokeTest() }
                invokeTest(exploredBy: exploration)
            }
        }

        /// Runs the test once, as XCTest would (one schedule of an exploration).
        func invokeTestOnce() {
            #if canImport(Darwin)
                super.invokeTest()
            #else
                scheduleInstance(for: self).invokeTest()
            #endif
        }

        #if canImport(Darwin)
            /// Files an issue recorded during a run with the run; reports every other as it is.
            override open func record(_ issue: XCTIssue) {
                if let run = MockDispatchable.runIssues {
                    let place = issue.sourceCodeContext.location.map {
                        " (\($0.fileURL.lastPathComponent):\($0.lineNumber))"
                    }
                    run.record(issue.compactDescription + (place ?? ""))
                    guard run.isReported else { return }
                }
                super.record(issue)
            }
        #else
            /// Files a failure recorded during a run with the run; reports every other as it is.
            override open func recordFailure(
                withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
            ) {
                if let owner = scheduleOwner {
                    // A thrown error, say: the exploring instance's, which XCTest reports.
                    return owner.recordFailure(
                        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
                }
                if let run = MockDispatchable.runIssues {
                    // "XCTAssertEqual failed: (…) - message": without the dash of an empty message.
                    let text = description.hasSuffix(" - ") ? String(description.dropLast(3)) : description
                    let file = filePath.split(separator: "/").last.map(String.init) ?? filePath
                    run.record("\(text) (\(file):\(lineNumber))")
                    guard run.isReported else { return }
                }
                super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
        #endif
    }
#endif
