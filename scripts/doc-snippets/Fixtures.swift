// The app the documentation's examples talk about, so that every ```swift block in README.md and
// the DocC articles compiles (`scripts/check-doc-snippets.py`, run by `make docs`). Only compiled,
// never run: just enough of each type for the examples to type-check against the real API.

@testable import Dispatchable
import Foundation

struct Image: Sendable, Equatable {
    init?(decoding data: Data) { if data.isEmpty { return nil } }
}

typealias Thumbnail = Image

let data = Data("640x480".utf8)
let url = URL(fileURLWithPath: "/tmp/photo.jpg")

/// Decodes images offloaded and delivers them on main.
final class ImageLoader: Sendable {
    let dispatch: any Dispatchable
    init(dispatch: any Dispatchable = GCD()) { self.dispatch = dispatch }

    func load(_ data: Data, completion: @escaping @MainActor @Sendable (Image?) -> Void) {
        dispatch.offload { Image(decoding: data) } thenOnMain: { completion($0) }
    }

    func thumbnail(for data: Data) async -> Image? {
        await dispatch.performOffloaded { Image(decoding: data) }
    }

    func image(for url: URL) async -> Image? { await thumbnail(for: data) }
}

/// Debounced search: only a query left alone for 0.3 s is sent.
@MainActor
final class SearchModel {
    let dispatch: any Dispatchable
    private(set) var sentQueries: [String] = []
    private(set) var results: [String] = []
    private var pending: DelayedWork?

    init(dispatch: any Dispatchable, backend: @escaping @Sendable (String) -> [String] = { [$0] }) {
        self.dispatch = dispatch
    }

    func queryChanged(_ query: String) {
        pending?.cancel()
        pending = dispatch.after(0.3) { [weak self] in self?.sentQueries.append(query) }
    }
}

/// A screen that loads offloaded and shows on main.
@MainActor
final class ProfileScreen {
    private(set) var shown: [String?] = []
    func appear() {}
}

/// A model with a loading state.
@MainActor
final class Model {
    enum State: Equatable { case loading, loaded }
    let dispatch: any Dispatchable
    private(set) var state = State.loading
    var isLoaded: Bool { state == .loaded }
    init(dispatch: any Dispatchable) { self.dispatch = dispatch }
    func load() {}
    func refreshAfterDelay() async throws { try await dispatch.sleep(for: 5) }
}

/// Counts on main what two offloaded increments computed.
@MainActor
final class Counter {
    let dispatch: any Dispatchable
    private(set) var value = 0
    init(dispatch: any Dispatchable) { self.dispatch = dispatch }
    func incrementTwice() {
        for _ in 0..<2 { dispatch.offload { 1 } thenOnMain: { [weak self] in self?.value += $0 } }
    }
}

@MainActor let loader = ImageLoader(dispatch: GCD())
@MainActor let search = SearchModel(dispatch: GCD())
@MainActor let screen = ProfileScreen()
@MainActor let model = Model(dispatch: GCD())
@MainActor let mock = MockDispatchable(mode: .manual)

/// ExploringAsyncCode.md: the thumbnail actor with a reentrancy bug.
actor Thumbnails {
    let dispatch: any Dispatchable
    var cached: [String: String] = [:]
    var decodes = 0

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func thumbnail(for key: String) async -> String {
        if let hit = cached[key] { return hit }
        decodes += 1
        let decoded = await dispatch.performOffloaded { "pixels of \(key)" }
        cached[key] = decoded
        return decoded
    }
}

struct DecodedTwice: Error {}

/// A value behind a lock, as the examples' tests keep what their work records.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// README.md, deterministic runs: a search that starts a `Task {}` per keystroke and debounces on
/// the clock it is given before asking an actor backend.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor
final class DebouncedSearch {
    private let clock: any Clock<Duration>
    private var pending: Task<Void, Never>?
    private(set) var results: [String] = []

    init(clock: any Clock<Duration>) { self.clock = clock }

    func queryChanged(_ query: String) {
        pending?.cancel()
        pending = Task {
            do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
            results = await SearchBackend.shared.results(for: query)
        }
    }
}

actor SearchBackend {
    static let shared = SearchBackend()
    func results(for query: String) -> [String] { ["\(query) results"] }
}
