#if DEBUG && canImport(XCTest)
    import XCTest

    @testable import Dispatchable

    /// An `XCTestCase` whose `XCTAssert…` and `XCTFail` fail the schedule they happened in, as a
    /// thrown error does, in the explorations its tests run (`MockDispatchable.explore { mock in … }`
    /// and the other closure forms, synchronous, `async` and `…Tasks`).
    ///
    /// An `XCTAssert…` records a failure and lets the body go on, so in an exploration of a plain
    /// `XCTestCase` it fails the test once per failing schedule — hundreds of failures — while the
    /// exploration itself passes, and names no schedule. Subclass this instead; the test is
    /// otherwise unchanged:
    ///
    /// ```swift
    /// import DispatchableTesting
    /// import XCTest
    /// @testable import Dispatchable
    ///
    /// final class SearchTests: ExploringTestCase {          // was: XCTestCase
    ///     func testTheLatestSearchWins() throws {
    ///         try MainActor.assumeIsolated {
    ///             try MockDispatchable.exploreAll { mock in
    ///                 let search = SearchModel(dispatch: mock)
    ///                 search.queryChanged("sw")
    ///                 search.queryChanged("swift")
    ///                 try mock.runUntilIdle()
    ///                 XCTAssertEqual(search.results, ["swift"])   // fails the schedule
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// While exploring, the failures of failing schedules are held back. The failing schedule is
    /// minimised as usual and run once more with the test's own failures reported as they are;
    /// then the exploration throws its usual error, which XCTest reports as the test's one other
    /// failure: the schedule, its deviations from ordinary manual mode in words, its longest
    /// stall, the `MockDispatchable.replay("…")` call that runs it again, and the run's timeline. A
    /// test that fails in every schedule is reported once, not once per schedule. In a `replay`,
    /// the run's failures are reported as they are and fail it.
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
    /// either in a subclass calls `super` to keep this. Swift Testing's counterpart is the
    /// `.issuesFailSchedules` trait.
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
