// `make example`: the app code on real GCD, then the same code on MockDispatchable, with the
// timeline the mock recorded. Top-level code runs on the main thread, so `waitUntil` spins the
// main run loop and main-queue work arrives while it waits.

import Dispatchable
import Foundation
import PhotoSearch

MainActor.assumeIsolated {
    print("1. Real GCD: decode a thumbnail off the main thread, deliver it on the main thread")
    let loader = ImageLoader(dispatch: GCD())
    let delivered = Delivery()
    loader.load(Data("640x480".utf8)) { thumbnail in
        delivered.thumbnail = thumbnail
        delivered.onMainThread = Thread.isMainThread
    }
    do {
        let waited = try waitUntil(timeout: 5) { delivered.thumbnail != nil }
        print(
            "   got \(delivered.thumbnail!) after \(String(format: "%.1f", waited * 1000)) ms, "
                + "on the main thread: \(delivered.onMainThread)")
    } catch {
        print("   \(error)")
        exit(1)
    }

    print("\n2. MockDispatchable in manual mode: a debounced search, stepped through virtual time")
    let mock = MockDispatchable(mode: .manual)
    let search = SearchModel(dispatch: mock, debounce: 0.3) { query in ["\(query).png", "\(query)-2.png"] }
    do {
        mock.mark("typed s")
        search.queryChanged("s")
        try mock.advance(by: 0.1)
        mock.mark("typed sw")
        search.queryChanged("sw")
        try mock.advance(by: 0.3)
        try mock.runUntilIdle()
        try mock.assertNoPendingWork()
    } catch {
        print("   \(error)")
        exit(1)
    }
    print("   queries sent: \(search.sentQueries), results: \(search.results), virtual time: \(mock.now) s\n")
    print(mock.recorder.timeline)
    print("\nEvery hop is recorded: the first query was cancelled before its deadline, the second")
    print("fired at t=0.400, its search ran offloaded, and the results came back on main.")

    print("\n3. Schedule exploration: the user types \"sw\", then \"swift\" 0.4 s in. Ordinary manual mode")
    print("   runs each search before the next keystroke; exploration tries the orderings GCD allows.")
    /// The scenario, for either model; throws when the older query's results are shown.
    @MainActor func typeTwoQueries(on mock: MockDispatchable, search: (MockDispatchable) -> any QueryField) throws {
        let field = search(mock)
        field.queryChanged("sw")
        mock.after(0.4) { field.queryChanged("swift") }
        try mock.runUntilIdle()
        guard field.results == ["swift.png"] else { throw StaleResults(shown: field.results) }
    }
    let backend: @Sendable (String) -> [String] = { ["\($0).png"] }
    do {
        try MockDispatchable.explore(schedules: 1_000, seed: 1) { mock in
            try typeTwoQueries(on: mock) { NaiveSearchModel(dispatch: $0, backend: backend) }
        }
        print("   NaiveSearchModel: no failing schedule found (unexpected)")
        exit(1)
    } catch {
        print("   NaiveSearchModel fails:\n")
        print(
            String(describing: error).split(separator: "\n", omittingEmptySubsequences: false).map { "   " + $0 }
                .joined(separator: "\n"))
    }
    do {
        let report = try MockDispatchable.exploreAll { mock in
            try typeTwoQueries(on: mock) { SearchModel(dispatch: $0, backend: backend) }
        }
        print("\n   SearchModel, which drops results of all but the latest search: \(report).")
    } catch {
        print("   SearchModel: \(error)")
        exit(1)
    }
}

/// What the exploration scenario needs from either search model.
@MainActor protocol QueryField: AnyObject {
    func queryChanged(_ query: String)
    var results: [String] { get }
}

extension SearchModel: QueryField {}
extension NaiveSearchModel: QueryField {}

struct StaleResults: Error, CustomStringConvertible {
    let shown: [String]
    var description: String { "the older query's results are shown: \(shown)" }
}

/// Where the real-GCD run leaves its result (main-actor state).
@MainActor final class Delivery {
    var thumbnail: Thumbnail?
    var onMainThread = false
}
