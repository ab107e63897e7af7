import Foundation
import Testing

@testable import Dispatchable

/// `mock.waitUntilIdle()`: a view model starts tasks and returns; the test waits until they have
/// done what they can, within the schedule, without the model handing out its task handles.
@Suite("Async exploration: waiting for a view model's tasks", .enabled(if: AsyncCaptureSupport.exploresMainActorCode))
struct AsyncWaitUntilIdleTests {
    actor Catalog {
        let dispatch: any Dispatchable
        init(dispatch: any Dispatchable) { self.dispatch = dispatch }

        /// The results of `query`, computed off the main thread.
        func search(_ query: String) async -> [String] {
            await dispatch.performOffloaded { ["\(query).png"] }
        }
    }

    @MainActor final class SearchModel {
        let catalog: Catalog
        let checksTheQuery: Bool
        private(set) var query = ""
        private(set) var results: [String] = []

        init(catalog: Catalog, checksTheQuery: Bool) {
            self.catalog = catalog
            self.checksTheQuery = checksTheQuery
        }

        /// Starts a search for `query` and returns at once; the results arrive later.
        func queryChanged(_ query: String) {
            self.query = query
            Task {
                let found = await catalog.search(query)
                // The fix: drop the results of a query the user has typed past.
                if checksTheQuery, query != self.query { return }
                results = found
            }
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @MainActor final class DebouncedModel {
        let clock: any Clock<Duration>
        private(set) var sent: [String] = []
        private var pending: Task<Void, Never>?

        init(clock: any Clock<Duration>) { self.clock = clock }

        func queryChanged(_ query: String) {
            pending?.cancel()
            pending = Task {
                do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
                sent.append(query)
            }
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aViewModelsTasksHaveRunWhenTheWaitReturns() async throws {
        let report = try await MockDispatchable.exploreAll { mock in
            let model = SearchModel(catalog: Catalog(dispatch: mock), checksTheQuery: true)
            model.queryChanged("sw")
            try await mock.waitUntilIdle()
            guard model.results == ["sw.png"] else { throw InvariantBroken("results \(model.results)") }
        }
        #expect(report.isExhaustive)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anOlderQuerysResultsShownLastAreFoundAndReplayed() async throws {
        let body: @MainActor @Sendable (MockDispatchable) async throws -> Void = { mock in
            let model = SearchModel(catalog: Catalog(dispatch: mock), checksTheQuery: false)
            model.queryChanged("sw")
            model.queryChanged("swift")
            try await mock.waitUntilIdle()
            guard model.results == ["swift.png"] else { throw InvariantBroken("results \(model.results)") }
        }
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) { try await MockDispatchable.exploreAll(body) })
        #expect(error.kind == .scheduleFailed)
        #expect(error.message.contains("results [\"sw.png\"]"))
        let schedule = try #require(error.schedule)
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replay(schedule, body)
        }
        #expect(replayed?.schedule == schedule)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theFixedSearchShowsTheLatestQueryInEverySchedule() async throws {
        let report = try await MockDispatchable.exploreAll { mock in
            let model = SearchModel(catalog: Catalog(dispatch: mock), checksTheQuery: true)
            model.queryChanged("sw")
            model.queryChanged("swift")
            try await mock.waitUntilIdle()
            guard model.results == ["swift.png"] else { throw InvariantBroken("results \(model.results)") }
        }
        #expect(report.isExhaustive)
        #expect(report.distinctSchedules > 1)
    }

    /// The wait moves virtual time on to the run's timers: a debounce through the injected clock
    /// has fired, once, at 0.3 s, when it returns.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theWaitLetsAnInjectedClocksDebounceFire() async throws {
        let ends = LockedValue<Set<TimeInterval>>([])
        try await MockDispatchable.exploreAll { mock in
            let model = DebouncedModel(clock: mock.clock)
            model.queryChanged("sw")
            model.queryChanged("swift")
            try await mock.waitUntilIdle()
            guard model.sent == ["swift"] else { throw InvariantBroken("sent \(model.sent)") }
            ends.mutate { _ = $0.insert(mock.now) }
        }
        #expect(ends.value == [0.3])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aCancelledWaitThrowsCancellationError() async throws {
        let outcomes = LockedValue<Set<String>>([])
        try await MockDispatchable.exploreAllTasks { mock in
            let waiter = Task {
                do {
                    try await mock.waitUntilIdle()
                    return "returned"
                } catch {
                    return "\(type(of: error))"
                }
            }
            waiter.cancel()
            let outcome = await waiter.value
            outcomes.mutate { _ = $0.insert(outcome) }
        }
        #expect(outcomes.value == ["CancellationError"])
    }

    /// Outside a run nothing watches the tasks: the wait runs the mock's queued work, as
    /// `runUntilIdle()` does.
    @Test func outsideARunTheWaitRunsTheMocksQueuedWork() async throws {
        let mock = MockDispatchable(mode: .manual)
        let ran = LockedValue<[String]>([])
        mock.offload { ran.mutate { $0.append("offload") } }
        mock.after(1) { ran.mutate { $0.append("after") } }
        try await mock.waitUntilIdle()
        #expect(ran.value == ["offload", "after"])
        #expect(mock.pendingWork.isEmpty)
    }
}
