import DispatchableTesting
import Foundation
import Testing
import XCTest

@testable import Dispatchable

/// XCTest methods as users write them: `ExploringTestCase` instead of `XCTestCase`, `XCTAssert…`
/// in the closure forms. The fixed twins pass in every schedule.
final class ExploringTestCaseTests: ExploringTestCase {
    func testTheFixedSearchShowsTheLatestResultInEverySchedule() throws {
        try MainActor.assumeIsolated {
            let report = try MockDispatchable.exploreAll { mock in
                XCTAssertEqual(try lastShownSearch(mock, buggy: false), "swift")
            }
            XCTAssertTrue(report.isExhaustive)
            XCTAssertGreaterThan(report.distinctSchedules, 1)
        }
    }

    func testTheFixedCacheDecodesOnceInEveryScheduleFromAnAsyncTest() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            throw XCTSkip("exploreAllTasks needs task executors")
        }
        let report = try await MockDispatchable.exploreAllTasks(limit: 2_000) { _ in
            let cache = ImageCache(buggy: false)
            async let a = cache.image(for: "cat")
            async let b = cache.image(for: "cat")
            _ = await (a, b)
            let decodes = await cache.decodes
            XCTAssertEqual(decodes, 1)
        }
        XCTAssertGreaterThan(report.distinctSchedules, 1)
    }
}

// swift-corelibs-xctest runs a test case instance on its own (`run()`): the tests below run each
// body as the one test of a fresh test case, read the failures XCTest recorded for it, and keep
// them from the process's own result. Apple's XCTest is only type-checked here (`make apple-check`).
#if !canImport(Darwin)
    /// A test run that keeps the failures reported to it (what reached `XCTestCase`'s own
    /// `recordFailure`, past `ExploringTestCase`).
    final class KeptFailuresRun: XCTestCaseRun, @unchecked Sendable {
        // @unchecked: `kept` is only touched while `lock` is held.
        private let lock = NSLock()
        private var failures: [String] = []

        var kept: [String] { lock.withLock { failures } }

        override func recordFailure(
            withDescription description: String, inFile filePath: String?, atLine lineNumber: Int, expected: Bool
        ) {
            lock.withLock { failures.append(description) }
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The test case under test. It has no `test…` method: XCTest never runs it by itself.
    final class ExploringFixture: ExploringTestCase {
        override var testRunClass: AnyClass? { KeptFailuresRun.self }
    }

    /// The same without DispatchableTesting: what `ExploringTestCase` changes.
    final class PlainFixture: XCTestCase {
        override var testRunClass: AnyClass? { KeptFailuresRun.self }
    }

    /// Runs `body` as the one test of a fresh `type` instance, as XCTest runs a synchronous test
    /// method (on the main thread, here the main actor's), and returns the failures it recorded.
    @MainActor func failures(
        of type: XCTestCase.Type = ExploringFixture.self, _ body: @escaping @MainActor () throws -> Void
    ) -> [String] {
        let fixture = type.init(name: "fixture") { _ in try MainActor.assumeIsolated { try body() } }
        fixture.run()
        return (fixture.testRun as? KeptFailuresRun)?.kept ?? ["no test run"]
    }

    /// Runs `body` as the one test of a fresh `ExploringFixture`, as XCTest runs an `async` test
    /// method (`asyncTest`, which waits for it in the calling thread: here a thread of its own, so
    /// that no thread of the cooperative pool blocks), and returns the failures it recorded.
    func failures(ofAsync body: @escaping @Sendable () async throws -> Void) async -> [String] {
        await withCheckedContinuation { continuation in
            Thread {
                let fixture = ExploringFixture(name: "fixture") { testCase in
                    try asyncTest { (_: ExploringFixture) in body }(testCase as! ExploringFixture)()
                }
                fixture.run()
                continuation.resume(returning: (fixture.testRun as? KeptFailuresRun)?.kept ?? ["no test run"])
            }.start()
        }
    }

    /// The explorer's failure: the thrown error, naming the schedule and the call that replays it.
    private func explorersReports(_ failures: [String]) -> [String] {
        failures.filter { $0.hasPrefix("threw error \"MockDispatchable:") && $0.contains("Schedule: \"") }
    }

    /// The schedule an explorer's failure names.
    private func schedule(in report: String) throws -> String {
        let rest = try #require(report.range(of: "Schedule: \"")).upperBound
        let end = try #require(report[rest...].firstIndex(of: "\""))
        return String(report[rest..<end])
    }

    /// Failures in explorations of an `ExploringTestCase`'s tests, verified on nested test cases
    /// (one at a time: XCTest's current test case is one global).
    @Suite(.serialized) struct ExploringTestCaseFailureTests {
        @MainActor @Test func aStaleSearchFailsWithOneFailureNamingItsScheduleAndTheAssertionOnce() throws {
            let recorded = failures {
                try MockDispatchable.exploreAll { mock in
                    XCTAssertEqual(try lastShownSearch(mock, buggy: true), "swift")
                }
            }
            let reports = explorersReports(recorded)
            #expect(reports.count == 1, "\(recorded)")
            let report = try #require(reports.first)
            #expect(report.contains("the test recorded an issue: XCTAssertEqual failed"), "\(report)")
            #expect(report.contains("run it again with MockDispatchable.replay(\""), "\(report)")
            #expect(report.contains("differs from ordinary manual mode in 1 choice"), "\(report)")
            #expect(report.contains("stall"), "\(report)")
            // The test's own assertion, once: from one more run of the minimised schedule.
            let own = recorded.filter { $0.hasPrefix("XCTAssertEqual failed") }
            #expect(own.count == 1, "\(recorded)")
            #expect(own.first?.contains("\"sw\"") == true, "\(recorded)")
            #expect(recorded.count == 2, "\(recorded)")

            // The named schedule, replayed: the assertion reported as it is, and the run failing.
            let named = try schedule(in: report)
            let replayed = failures {
                try MockDispatchable.replay(named) { mock in
                    XCTAssertEqual(try lastShownSearch(mock, buggy: true), "swift")
                }
            }
            #expect(replayed.filter { $0.hasPrefix("XCTAssertEqual failed") }.count == 1, "\(replayed)")
            #expect(explorersReports(replayed).map { try? schedule(in: $0) } == [named], "\(replayed)")
            #expect(replayed.count == 2, "\(replayed)")
        }

        @MainActor @Test func theFixedSearchRecordsNoFailure() {
            let recorded = failures {
                try MockDispatchable.exploreAll { mock in
                    XCTAssertEqual(try lastShownSearch(mock, buggy: false), "swift")
                }
            }
            #expect(recorded.isEmpty, "\(recorded)")
        }

        @MainActor @Test func aBodyWrongInEveryScheduleIsReportedOnce() {
            let runs = Issues()
            let recorded = failures {
                try MockDispatchable.explore(schedules: 300, seed: 1) { mock in
                    runs.append("run")
                    _ = try lastShownSearch(mock, buggy: true)
                    XCTFail("wrong in every schedule")
                }
            }
            #expect(runs.all.count > 2, "it explored")
            #expect(recorded.filter { $0.contains("wrong in every schedule") }.count == 2, "\(recorded)")
            let reports = explorersReports(recorded)
            #expect(reports.count == 1, "\(recorded)")
            #expect(reports.first?.contains("It is ordinary manual mode") == true, "\(recorded)")
            #expect(recorded.count == 2, "one report and the failure once, not one per schedule: \(recorded)")
        }

        /// Without DispatchableTesting, each failing schedule fails the test and the exploration passes.
        @MainActor @Test func aPlainTestCaseFailsOncePerFailingScheduleAndNamesNone() {
            let recorded = failures(of: PlainFixture.self) {
                try MockDispatchable.exploreAll { mock in
                    XCTAssertEqual(try lastShownSearch(mock, buggy: true), "swift")
                }
            }
            #expect(recorded.count > 1, "\(recorded)")
            #expect(recorded.allSatisfy { $0.hasPrefix("XCTAssertEqual failed") }, "\(recorded)")
            #expect(explorersReports(recorded).isEmpty, "\(recorded)")
        }

        @MainActor @Test func failuresOutsideRunsAreReportedAsTheyAre() {
            let recorded = failures {
                XCTFail("before")
                try MockDispatchable.exploreAll { mock in
                    XCTAssertEqual(try lastShownSearch(mock, buggy: false), "swift")
                }
                XCTFail("after")
            }
            #expect(recorded == ["failed - before", "failed - after"], "\(recorded)")
        }

        /// An `async` test method: the task XCTest runs it in has issues failing schedules, and so
        /// have the run's tasks (made in the awaiting task).
        @Test func theReentrantCacheFailsWithOneFailureFromAnAsyncTest() async throws {
            let recorded = await failures(ofAsync: {
                try await MockDispatchable.exploreAllTasks(limit: 2_000) { _ in
                    let cache = ImageCache(buggy: true)
                    async let a = cache.image(for: "cat")
                    async let b = cache.image(for: "cat")
                    _ = await (a, b)
                    let decodes = await cache.decodes
                    XCTAssertEqual(decodes, 1)
                }
            })
            let reports = explorersReports(recorded)
            #expect(reports.count == 1, "\(recorded)")
            #expect(reports.first?.contains("MockDispatchable.replayTasks(\"") == true, "\(recorded)")
            #expect(recorded.filter { $0.hasPrefix("XCTAssertEqual failed") }.count == 1, "\(recorded)")
            #expect(recorded.count == 2, "\(recorded)")
        }
    }
#endif
