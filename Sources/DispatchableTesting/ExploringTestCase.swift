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
        /// Runs the test — its set-up, its method, its tear-down — with issues failing schedules.
        override open func invokeTest() {
            MockDispatchable.$failsRunsOnIssues.withValue(true) { super.invokeTest() }
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
