#if DEBUG && canImport(XCTest)
    import Foundation
    import Testing
    import XCTest

    @testable import Dispatchable

    extension ExploringTestCase {
        /// Runs the test once per schedule of `trait`'s plan, each run a whole `invokeTest()` — set-up,
        /// method, tear-down — under the synchronous explorer on the main thread; a manual-mode mock
        /// the test makes joins the run. Records the explorer's one failure for a failing schedule.
        ///
        /// Synchronous: XCTest calls `invokeTest()` on the main thread and waits in it for an `async`
        /// test method, spinning the main run loop (swift-corelibs-xctest's `asyncTest`; Apple's
        /// XCTest alike), so the method's main-actor work — the mock's `main` work among it — runs
        /// inside the run. Its tasks and actors run on the real executors, unexplored: the `…Tasks`
        /// explorers run a run's body as a task they make, and XCTest makes the task of an `async`
        /// test method itself, out of the explorer's reach.
        func invokeTest(exploredBy trait: ExplorationTrait) {
            guard Thread.isMainThread else {
                recordExplorersFailure(
                    "DispatchableTesting: ExploringTestCase explores a test that XCTest runs on the main thread, as "
                        + "it runs every test; this one ran off it, once, unexplored.",
                    at: trait.sourceLocation)
                return invokeTestOnce()
            }
            // The test case stays on this thread, the main one, where XCTest runs it: the explorer calls
            // the body here, synchronously.
            nonisolated(unsafe) let testCase = self
            let outcome = MainActor.assumeIsolated { () -> Result<MockDispatchable.ExplorationReport, any Error> in
                Result {
                    try MockDispatchable.explore(trait.plan(.synchronous)) { mock in
                        MockDispatchable.$runToJoin.withValue(mock) { testCase.invokeTestOnce() }
                    }
                }
            }
            switch outcome {
            case .success(let report):
                // XCTest has no warnings: a failure past the default stall bound is said on standard
                // error, as the closure forms say it.
                if let slow = report.slowWorkFailure {
                    FileHandle.standardError.write(Data("DispatchableTesting: warning: \(slow)\n".utf8))
                }
            case .failure(let error as MockDispatchableError) where error.schedule != nil:
                recordExplorersFailure(Self.report(error, trait: trait), at: trait.sourceLocation)
            case .failure(let error as MockDispatchableError):
                recordExplorersFailure(ExplorationTrait.refusal(error), at: trait.sourceLocation)
            case .failure(let error):
                recordExplorersFailure("DispatchableTesting: the exploration threw \(error)", at: trait.sourceLocation)
            }
        }

        /// The explorer's one failure: the schedule, its deviations in words, and the override that
        /// runs it again. The test's own failures are already reported: the exploration ran the
        /// minimised schedule once more with them passing through.
        static func report(_ found: MockDispatchableError, trait: ExplorationTrait) -> String {
            "DispatchableTesting: \(ExplorationTrait.headline(of: found)) Run it again with "
                + "`override var exploration: ExplorationTrait? { \(trait.replayedTrait(found.schedule ?? "")) }`.\n"
                + found.message
        }

        /// Records `text` as a failure of the test at `location`, outside any run.
        private func recordExplorersFailure(_ text: String, at location: SourceLocation) {
            // `filePath` is Swift Testing 6.3's name; 6.2's (Xcode 26.0) is `_filePath`.
            #if compiler(>=6.3)
                let file = location.filePath
            #else
                let file = location._filePath
            #endif
            #if canImport(Darwin)
                let place = XCTSourceCodeLocation(filePath: file, lineNumber: location.line)
                record(
                    XCTIssue(
                        type: .assertionFailure, compactDescription: text,
                        sourceCodeContext: XCTSourceCodeContext(location: place)))
            #else
                recordFailure(withDescription: text, inFile: file, atLine: location.line, expected: true)
            #endif
        }
    }
#endif
