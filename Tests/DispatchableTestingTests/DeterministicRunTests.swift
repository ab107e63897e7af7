import Dispatchable
import DispatchableTesting
import Foundation
import Testing

@testable import Dispatchable

/// A search service the model awaits (an actor, as app code has them).
actor QueryService {
    private(set) var queries: [String] = []

    func results(for query: String) -> [String] {
        queries.append(query)
        return ["\(query) results"]
    }
}

/// A `@MainActor` search model as apps write it: each keystroke starts a `Task {}` that debounces
/// 300 ms on the clock it is given, then awaits the service. A plain test has to sleep real time
/// past the debounce and hope the task has run by then.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor final class DebouncedSearchModel {
    private let clock: any Clock<Duration>
    private let service: QueryService
    private var pending: Task<Void, Never>?
    private(set) var results: [String] = []

    init(clock: any Clock<Duration>, service: QueryService) {
        self.clock = clock
        self.service = service
    }

    func queryChanged(_ query: String) {
        pending?.cancel()
        pending = Task {
            do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
            let found = await service.results(for: query)
            guard !Task.isCancelled else { return }
            results = found
        }
    }
}

/// The deterministic run (`.deterministic`, `runDeterministically`, `runTasksDeterministically`):
/// one run in ordinary order, on virtual time, waiting for what the test started.
@Suite struct DeterministicRunTests {
    /// The flaky test made deterministic: the model's `Task {}` and its 300 ms debounce run within
    /// `waitUntilIdle()`, on virtual time, and only the last query reaches the service.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.deterministic)
    @MainActor func aDebouncedSearchShowsTheLastQuerysResultsOnVirtualTime() async throws {
        let mock = MockDispatchable(mode: .manual)
        let service = QueryService()
        let model = DebouncedSearchModel(clock: mock.clock, service: service)
        model.queryChanged("sw")
        model.queryChanged("swift")
        try await mock.waitUntilIdle()
        #expect(model.results == ["swift results"])
        #expect(await service.queries == ["swift"])
        #expect(mock.clock.now.offset == .milliseconds(300), "the debounce passed on virtual time")
    }

    /// Ordinary order is the order the default executors run jobs in when nothing is slow: tasks
    /// started one after another run in the order they were started, each to its first suspension.
    /// Pinned so that it stays the same across versions (a deterministic test that passes today
    /// must not start failing because the order changed).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func ordinaryOrderRunsTasksInTheOrderTheyWereStarted() async throws {
        let orders = Locked<[[String]]>([])
        for _ in 0..<3 {
            try await MockDispatchable.runTasksDeterministically { _ in
                let log = Locked<[String]>([])
                let tasks = ["a", "b", "c"].map { name in
                    Task {
                        log.withLock { $0.append("\(name)1") }
                        await Task.yield()
                        log.withLock { $0.append("\(name)2") }
                    }
                }
                for task in tasks { await task.value }
                orders.withLock { $0.append(log.withLock { $0 }) }
            }
        }
        let seen = orders.withLock { $0 }
        #expect(seen.allSatisfy { $0 == ["a1", "b1", "c1", "a2", "b2", "c2"] }, "\(seen)")
    }

    /// One run, never more: the report says one schedule ran, not that the space was covered
    /// (`.explored` on the same test covers the other orders).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theDeterministicRunIsOneScheduleAndClaimsNoCoverage() async throws {
        let report = try await MockDispatchable.runTasksDeterministically { _ in
            let cache = ImageCache(buggy: false)
            async let a = cache.image(for: "cat")
            async let b = cache.image(for: "cat")
            _ = await (a, b)
            guard await cache.decodes == 1 else { throw Wrong("decoded twice") }
        }
        #expect(report.schedulesRun == 1)
        #expect(!report.isExhaustive)
    }

    /// A body that fails in ordinary order throws, naming the deterministic run as the call that
    /// runs it again (not a schedule string).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aFailingDeterministicRunNamesTheCallThatRunsItAgain() async throws {
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.runTasksDeterministically { _ in throw Wrong("wrong") }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.schedule == "")
        #expect(
            error?.message.contains("runTasksDeterministically(): schedule 1 failed") == true, "\(error?.message ?? "")"
        )
        #expect(
            error?.message.contains("run it again with MockDispatchable.runTasksDeterministically { mock in … }")
                == true,
            "\(error?.message ?? "")")
    }

    /// The synchronous closure form runs a manual-mode body once in ordinary order: offloaded work
    /// first-in first-out, each result's main hop after it.
    @MainActor @Test func theSynchronousFormRunsManualModeWorkInOrdinaryOrder() throws {
        let shown = Locked<[String]>([])
        let report = try MockDispatchable.runDeterministically { mock in
            for query in ["sw", "swift"] {
                mock.offload { mock.main { shown.withLock { $0.append(query) } } }
            }
            try mock.runUntilIdle()
        }
        #expect(shown.withLock { $0 } == ["sw", "swift"])
        #expect(report.schedulesRun == 1)
    }

    /// The trait on a test that fails in ordinary order: the test's own issue and one issue of the
    /// explorer's saying the deterministic run failed and pointing at `.explored` — not a
    /// `.replayed("")` trait.
    @Test func theTraitReportsAFailureInOrdinaryOrderOnceAndPointsAtExploration() async throws {
        let issues = Issues()
        let trait: ExplorationTrait = .deterministic
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                #expect(1 + 1 == 3)
            }
        } matching: { issue in
            issues.append(String(describing: issue))
            return true
        }
        let recorded = Set(issues.all)
        let reports = recorded.filter {
            $0.contains("DispatchableTesting: the deterministic run (ordinary order) failed")
        }
        #expect(reports.count == 1, "\(recorded)")
        #expect(reports.first?.contains("`.explored`") == true, "\(recorded)")
        #expect(!recorded.contains { $0.contains(".replayed(") }, "\(recorded)")
        #expect(recorded.count == 2, "the test's own #expect and the report: \(recorded)")
    }
}

/// An error a body throws when what it checks is wrong.
private struct Wrong: Error {
    let what: String
    init(_ what: String) { self.what = what }
}
