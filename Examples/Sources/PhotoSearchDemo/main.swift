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

    let section4 = Flag()
    Task {
        await exploreTheThumbnailCache()
        section4.isSet = true
    }
    do {
        _ = try waitUntil(timeout: 120) { section4.isSet }
    } catch {
        print("   \(error)")
        exit(1)
    }
}

/// The scenario, for either cache; throws when a thumbnail is decoded twice.
@MainActor func scrollBack(on mock: MockDispatchable, cache: any ThumbnailSource) async throws {
    let reappeared = Reappearance()
    mock.after(0.1) { reappeared.task = Task { _ = await cache.thumbnail(for: "cat") } }
    _ = await cache.thumbnail(for: "cat")
    try await mock.sleep(for: 0.2)
    await reappeared.task?.value
    let decodes = await cache.decodes
    guard decodes == 1 else { throw DecodedTwice(decodes: decodes) }
}
/// Section 4, in a task of its own: the top-level code waits for it by spinning the main run loop,
/// which runs the main actor's jobs here.
@MainActor func exploreTheThumbnailCache() async {
    print("\n4. Exploring async code: a cell asks an actor for its thumbnail and scrolls back into view")
    print("   0.1 s later. The order in which jobs become runnable decodes once; exploration tries the")
    print("   orderings Swift concurrency allows, and replays the one that decodes twice.")
    let photo: @Sendable (String) -> Data = { _ in Data("640x480".utf8) }
    do {
        try await MockDispatchable.explore(schedules: 1_000, seed: 1) { mock in
            try await scrollBack(on: mock, cache: NaiveThumbnailCache(dispatch: mock, fetch: photo))
        }
        print("   NaiveThumbnailCache: no failing schedule found (unexpected)")
        exit(1)
    } catch {
        print("   NaiveThumbnailCache fails:\n")
        print(
            String(describing: error).split(separator: "\n", omittingEmptySubsequences: false).map { "   " + $0 }
                .joined(separator: "\n"))
    }
    do {
        let report = try await MockDispatchable.exploreAll { mock in
            try await scrollBack(on: mock, cache: ThumbnailCache(dispatch: mock, fetch: photo))
        }
        print("\n   ThumbnailCache, which shares the decode in flight: \(report).")
    } catch {
        print("   ThumbnailCache: \(error)")
        exit(1)
    }

}

/// What the async scenario needs from either cache.
protocol ThumbnailSource: Actor {
    func thumbnail(for key: String) async -> Thumbnail?
    var decodes: Int { get }
}

extension ThumbnailCache: ThumbnailSource {}
extension NaiveThumbnailCache: ThumbnailSource {}

/// Set when section 4 is done.
@MainActor final class Flag {
    var isSet = false
}

/// The task a reappearing cell starts.
@MainActor final class Reappearance {
    var task: Task<Void, Never>?
}

struct DecodedTwice: Error, CustomStringConvertible {
    let decodes: Int
    var description: String { "the thumbnail was decoded \(decodes) times" }
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
