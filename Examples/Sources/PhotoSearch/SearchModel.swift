import Dispatchable
import Foundation

/// Searches as the user types, debounced: only a query left alone for `debounce` seconds is sent,
/// and only the latest query's results are shown, however the searches in flight finish.
@MainActor
public final class SearchModel {
    public typealias Backend = @Sendable (String) -> [String]

    private let dispatch: any Dispatchable
    private let backend: Backend
    private var pending: DelayedWork?
    /// The number of the latest search sent; results of earlier ones are dropped.
    private var latestSearch = 0
    public let debounce: TimeInterval
    /// Queries sent to the backend, in order.
    public private(set) var sentQueries: [String] = []
    /// The latest results, delivered on the main thread.
    public private(set) var results: [String] = []

    public init(dispatch: any Dispatchable = GCD(), debounce: TimeInterval = 0.3, backend: @escaping Backend) {
        self.dispatch = dispatch
        self.debounce = debounce
        self.backend = backend
    }

    public func queryChanged(_ query: String) {
        pending?.cancel()
        pending = dispatch.after(debounce) { [weak self] in self?.send(query) }
    }

    private func send(_ query: String) {
        sentQueries.append(query)
        latestSearch += 1
        let search = latestSearch
        let backend = self.backend
        dispatch.offload {
            backend(query)
        } thenOnMain: { [weak self] found in
            guard let self, search == latestSearch else { return }  // a newer search was sent since
            results = found
        }
    }
}

/// The first version of ``SearchModel``, kept to show what schedule exploration finds in it:
/// when two searches are in flight, it shows whichever result arrives last, which may be the
/// older query's. (`make example` and `SearchModelExplorationTests` show the failing schedule.)
@MainActor
public final class NaiveSearchModel {
    public typealias Backend = @Sendable (String) -> [String]

    private let dispatch: any Dispatchable
    private let backend: Backend
    private var pending: DelayedWork?
    public private(set) var results: [String] = []

    public init(dispatch: any Dispatchable, backend: @escaping Backend) {
        self.dispatch = dispatch
        self.backend = backend
    }

    public func queryChanged(_ query: String) {
        pending?.cancel()
        pending = dispatch.after(0.3) { [weak self] in self?.send(query) }
    }

    private func send(_ query: String) {
        let backend = self.backend
        dispatch.offload {
            backend(query)
        } thenOnMain: { [weak self] found in
            self?.results = found
        }
    }
}
