import Dispatchable
import Foundation

/// Searches as the user types, debounced: only a query left alone for `debounce` seconds is sent.
@MainActor
public final class SearchModel {
    public typealias Backend = @Sendable (String) -> [String]

    private let dispatch: any Dispatchable
    private let backend: Backend
    private var pending: DelayedWork?
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
        let backend = self.backend
        let dispatch = self.dispatch
        dispatch.offload {
            let found = backend(query)
            dispatch.main { [weak self] in self?.results = found }
        }
    }
}
