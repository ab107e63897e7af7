import DispatchableTesting
import Foundation
import Testing
import XCTest

@testable import Dispatchable

/// Search-as-you-type, as app code writes it: each query is searched offloaded and its results
/// shown on main. The bug (`fixed == false`): an older query's results, landing last, replace the
/// latest query's.
@MainActor final class SearchViewModel {
    private let dispatch: any Dispatchable
    private let fixed: Bool
    private var latest = ""
    private(set) var results: [String] = []

    init(dispatch: any Dispatchable, fixed: Bool) {
        self.dispatch = dispatch
        self.fixed = fixed
    }

    func queryChanged(_ query: String) {
        latest = query
        dispatch.offload { [dispatch] in
            let found = ["\(query) results"]
            dispatch.main { self.show(found, for: query) }
        }
    }

    private func show(_ found: [String], for query: String) {
        if fixed, query != latest { return }
        results = found
    }
}

// The test cases below run on swift-corelibs-xctest, each as a nested test case whose failures
// are kept (see `KeptFailuresRun`). Apple's XCTest is only type-checked here.
#if !canImport(Darwin)
    /// A plain XCTest test case turned `ExploringTestCase`, with `exploration` overridden: its
    /// methods are the tests as users write them (no `test` prefix: XCTest never runs them by itself).
    final class SearchViewModelFixture: ExploringTestCase {
        override var testRunClass: AnyClass? { KeptFailuresRun.self }

        /// What the tests below set: the plan, chosen per test method by its name.
        nonisolated(unsafe) static var plans: [String: ExplorationTrait] = [:]
        /// What ran, in order: `setUp`, `method`, `tearDown`.
        static let log = Issues()

        override var exploration: ExplorationTrait? { Self.plans[name] }

        /// A manual-mode mock made in `setUp`: it joins the run of the schedule, as one made in the
        /// method does.
        var setUpMock: MockDispatchable?

        override func setUp() {
            super.setUp()
            Self.log.append("setUp")
            setUpMock = MockDispatchable(mode: .manual)
        }

        override func tearDown() {
            Self.log.append("tearDown")
            super.tearDown()
        }

        func staleSearch() throws { try search(fixed: false) }
        func fixedSearch() throws { try search(fixed: true) }
        /// Fails every schedule, by throwing (on Linux, XCTest records it on the instance running
        /// the schedule).
        func throwsInEverySchedule() throws {
            try search(fixed: true)
            throw WrongInEverySchedule()
        }

        struct WrongInEverySchedule: Error {}

        @MainActor func staleSearchAsync() async throws { try await searchAsync(fixed: false) }
        @MainActor func fixedSearchAsync() async throws { try await searchAsync(fixed: true) }

        /// A synchronous test method (XCTest runs it on the main thread).
        private func search(fixed: Bool) throws {
            Self.log.append("method")
            try MainActor.assumeIsolated {
                let mock = MockDispatchable(mode: .manual)
                let model = SearchViewModel(dispatch: mock, fixed: fixed)
                model.queryChanged("sw")
                model.queryChanged("swift")
                try mock.runUntilIdle()
                XCTAssertEqual(model.results, ["swift results"])
            }
        }

        /// An `async` test method on the main actor.
        @MainActor private func searchAsync(fixed: Bool) async throws {
            Self.log.append("method")
            let mock = MockDispatchable(mode: .manual)
            let model = SearchViewModel(dispatch: mock, fixed: fixed)
            model.queryChanged("sw")
            await Task.yield()
            model.queryChanged("swift")
            try await mock.runUntilIdle(timeout: 5)
            XCTAssertEqual(model.results, ["swift results"])
        }

        /// The stale search with the mock `setUp` made.
        @MainActor func staleSearchWithTheSetUpMock() async throws {
            Self.log.append("method")
            let mock = try XCTUnwrap(setUpMock)
            let model = SearchViewModel(dispatch: mock, fixed: false)
            model.queryChanged("sw")
            model.queryChanged("swift")
            try await mock.runUntilIdle(timeout: 5)
            XCTAssertEqual(model.results, ["swift results"])
        }

        /// The test case running `method` (one of the above) under `plan`.
        static func running(
            _ method: String, under plan: ExplorationTrait?
        ) -> SearchViewModelFixture {
            plans = plan.map { ["\(Self.self).\(method)": $0] } ?? [:]
            let closure: XCTestCaseClosure
            switch method {
            case "staleSearch": closure = { try ($0 as! Self).staleSearch() }
            case "fixedSearch": closure = { try ($0 as! Self).fixedSearch() }
            case "throwsInEverySchedule": closure = { try ($0 as! Self).throwsInEverySchedule() }
            case "staleSearchWithTheSetUpMock":
                closure = { try asyncMethod($0) { try await $0.staleSearchWithTheSetUpMock() } }
            case "staleSearchAsync": closure = { try asyncMethod($0) { try await $0.staleSearchAsync() } }
            default: closure = { try asyncMethod($0) { try await $0.fixedSearchAsync() } }
            }
            return Self(name: method, testClosure: closure)
        }
    }

    /// Runs `method` of `testCase` as XCTest runs an `async` test method (`asyncTest`: a task, waited
    /// for with the main run loop running).
    private func asyncMethod(
        _ testCase: XCTestCase, _ method: @escaping @MainActor (SearchViewModelFixture) async throws -> Void
    ) throws {
        // The fixture is only touched on the main actor, in `method`.
        nonisolated(unsafe) let fixture = testCase as! SearchViewModelFixture
        try asyncTest { (_: SearchViewModelFixture) in { try await method(fixture) } }(fixture)()
    }

    /// `ExploringTestCase.exploration`, on the view model's sync and `async` test methods.
    ///
    /// XCTest methods, not Swift Testing tests: they run a nested test case as XCTest runs one, on
    /// the main thread with nothing of the main queue running, so that the nested `async` method's
    /// main-actor work runs while XCTest waits for it (Swift Testing runs a `@MainActor` test as a
    /// job of the main queue, which a nested wait cannot run). A nested run leaves XCTest's current
    /// test case unset, so the checks below record their failures on `self` (`check`), not through
    /// `XCTAssert…`.
    final class ExplorationPropertyTests: XCTestCase {
        private static let methods = (
            stale: ["staleSearch", "staleSearchAsync", "staleSearchWithTheSetUpMock"],
            fixed: ["fixedSearch", "fixedSearchAsync"]
        )

        func testTheStaleSearchFailsOneScheduleReportedOnceAndItReplays() throws {
            for method in Self.methods.stale {
                let (failures, log) = run(method, under: .explored(schedules: 200, seed: 1))
                let reports = explorersReports(failures)
                check(reports.count == 1, "\(method): \(failures)")
                guard let report = reports.first else { continue }
                check(report.contains("override var exploration: ExplorationTrait? { .replayed(\""), report)
                check(report.contains("differs from ordinary manual mode in"), report)
                let own = failures.filter { $0.hasPrefix("XCTAssertEqual failed") }
                check(own.count == 1, "\(method): the test's own failure, once: \(failures)")
                check(own.first?.contains("sw results") == true, "\(method): \(failures)")
                check(failures.count == 2, "\(method): \(failures)")
                check(log.filter { $0 == "method" }.count > 1, "\(method): it ran once per schedule: \(log)")

                // The named schedule, replayed: the same failure, once, and the report again.
                let named = schedule(in: report)
                check(named?.isEmpty == false, report)
                let replayed = run(method, under: .replayed(named ?? ""))
                let again = replayed.failures.filter { $0.hasPrefix("XCTAssertEqual failed") }
                check(again.count == 1, "\(method): \(replayed)")
                check(explorersReports(replayed.failures).map(schedule(in:)) == [named], "\(method): \(replayed)")
                check(replayed.log == ["setUp", "method", "tearDown"], "\(method): \(replayed.log)")
            }
        }

        func testTheFixedSearchPassesEverySchedule() {
            for method in Self.methods.fixed {
                let (failures, log) = run(method, under: .exploredExhaustively(limit: 1_000))
                check(failures.isEmpty, "\(method): \(failures)")
                check(log.filter { $0 == "method" }.count > 1, "\(method): it ran once per schedule: \(log)")
            }
        }

        func testATestFailingEveryScheduleIsReportedOnce() {
            let (failures, log) = run("throwsInEverySchedule", under: .explored(schedules: 50, seed: 2))
            check(log.filter { $0 == "method" }.count > 2, "it explored, then minimised: \(log)")
            check(failures.filter { $0.contains("WrongInEverySchedule") }.count == 2, "\(failures)")
            check(explorersReports(failures).count == 1, "\(failures)")
            check(explorersReports(failures).first?.contains("It is ordinary manual mode") == true, "\(failures)")
            check(failures.count == 2, "the failure once and one report, not one per schedule: \(failures)")
        }

        func testEachScheduleRunsSetUpTheMethodAndTearDown() {
            for method in Self.methods.fixed + Self.methods.stale {
                let (_, log) = run(method, under: .explored(schedules: 20, seed: 3))
                let runs = log.count / 3
                check(runs > 1, "\(method): \(log)")
                let expected = Array(repeating: ["setUp", "method", "tearDown"], count: runs).flatMap { $0 }
                check(log == expected, "\(method): \(log)")
            }
        }

        func testWithoutAnExplorationATestRunsOnceAsBefore() {
            for method in Self.methods.stale + Self.methods.fixed {
                let (failures, log) = run(method, under: nil)
                check(log == ["setUp", "method", "tearDown"], "\(method): \(log)")
                check(explorersReports(failures).isEmpty, "\(method): \(failures)")
            }
        }

        /// Runs `method` of the fixture under `plan` as XCTest runs a test: returns the failures it
        /// reported and what ran.
        private func run(_ method: String, under plan: ExplorationTrait?) -> (failures: [String], log: [String]) {
            let before = SearchViewModelFixture.log.all.count
            let fixture = SearchViewModelFixture.running(method, under: plan)
            fixture.run()
            let failures = (fixture.testRun as? KeptFailuresRun)?.kept ?? ["no test run"]
            return (failures, Array(SearchViewModelFixture.log.all.dropFirst(before)))
        }

        /// Fails this test unless `condition` holds.
        private func check(_ condition: Bool, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
            guard !condition else { return }
            recordFailure(withDescription: message, inFile: "\(file)", atLine: Int(line), expected: true)
        }

        /// The explorer's failures: each names the schedule and the override that replays it.
        private func explorersReports(_ failures: [String]) -> [String] {
            failures.filter { $0.hasPrefix("DispatchableTesting: a schedule failed") }
        }

        /// The schedule an explorer's failure names.
        private func schedule(in report: String) -> String? {
            guard let rest = report.range(of: ".replayed(\"")?.upperBound,
                let end = report[rest...].firstIndex(of: "\"")
            else { return nil }
            return String(report[rest..<end])
        }
    }
#endif
