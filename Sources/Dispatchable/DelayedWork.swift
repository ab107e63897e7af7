/// A handle to work scheduled with ``Dispatchable/after(_:_:)``.
///
/// ```swift
/// var pendingSearch: DelayedWork?
///
/// func queryChanged(_ query: String) {
///     pendingSearch?.cancel()   // debounce: only the last query fires
///     pendingSearch = dispatch.after(0.3) { self.search(query) }
/// }
/// ```
///
/// Cancelling is idempotent and thread-safe. Work cancelled before it starts never runs;
/// cancelling after it ran, or twice, does nothing.
public final class DelayedWork: Sendable {
    private enum State {
        case scheduled(onCancel: (@Sendable () -> Void)?)
        case cancelled
    }

    private let state: Locked<State>

    /// Creates a handle whose first ``cancel()`` calls `onCancel`.
    ///
    /// Implementations of ``Dispatchable`` use this to make their own tokens; `onCancel` should
    /// make sure the scheduled work never starts.
    public init(onCancel: (@Sendable () -> Void)? = nil) {
        state = Locked(.scheduled(onCancel: onCancel))
    }

    /// Makes sure the work never starts. Does nothing if it already started or ran.
    public func cancel() {
        let onCancel: (@Sendable () -> Void)? = state.withLock { state in
            guard case .scheduled(let onCancel) = state else { return nil }
            state = .cancelled
            return onCancel
        }
        onCancel?()
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        state.withLock { state in
            if case .cancelled = state { return true }
            return false
        }
    }
}
