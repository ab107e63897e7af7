import Dispatchable
import Foundation

// App-like code the scenario tests drive: each has a correct form and the buggy form a test
// must catch. Main-actor state, so the tests run them on the main actor.

/// Debounced search: only the last query within 0.3 s fires.
@MainActor
final class DebouncedSearch {
    let dispatch: any Dispatchable
    let cancelsPrevious: Bool
    private var pending: DelayedWork?
    private(set) var searches: [String] = []

    init(dispatch: any Dispatchable, cancelsPrevious: Bool = true) {
        self.dispatch = dispatch
        self.cancelsPrevious = cancelsPrevious
    }

    func queryChanged(_ query: String) {
        if cancelsPrevious { pending?.cancel() }
        pending = dispatch.after(0.3) { [weak self] in self?.searches.append(query) }
    }
}

/// Fetches offloaded; on failure retries after a backoff.
@MainActor
final class RetryingFetcher {
    let dispatch: any Dispatchable
    let backoff: TimeInterval
    private let attempt: @Sendable (Int) -> String?
    private(set) var attempts = 0
    private(set) var result: String?

    init(dispatch: any Dispatchable, backoff: TimeInterval = 2, attempt: @escaping @Sendable (Int) -> String?) {
        self.dispatch = dispatch
        self.backoff = backoff
        self.attempt = attempt
    }

    func fetch() {
        attempts += 1
        let number = attempts
        let attempt = self.attempt
        dispatch.offload { [dispatch, backoff] in
            let value = attempt(number)
            dispatch.main { [weak self] in
                guard let self else { return }
                if let value {
                    self.result = value
                } else {
                    self.dispatch.after(backoff) { [weak self] in self?.fetch() }
                }
            }
        }
    }
}

/// A request with a timeout that must be cancelled when the response arrives.
@MainActor
final class TimedRequest {
    enum Outcome: Equatable { case pending, succeeded, timedOut }

    let dispatch: any Dispatchable
    let cancelsTimeoutOnSuccess: Bool
    private var timeout: DelayedWork?
    private(set) var outcomes: [Outcome] = []

    init(dispatch: any Dispatchable, cancelsTimeoutOnSuccess: Bool = true) {
        self.dispatch = dispatch
        self.cancelsTimeoutOnSuccess = cancelsTimeoutOnSuccess
    }

    func start(responseDelay: TimeInterval) {
        timeout = dispatch.after(5) { [weak self] in self?.outcomes.append(.timedOut) }
        dispatch.after(responseDelay) { [weak self] in
            guard let self else { return }
            if self.cancelsTimeoutOnSuccess { self.timeout?.cancel() }
            self.outcomes.append(.succeeded)
        }
    }
}

/// Polls every second until told to stop.
@MainActor
final class StatusPoller {
    let dispatch: any Dispatchable
    let honoursStop: Bool
    private var stopped = false
    private(set) var polls = 0

    init(dispatch: any Dispatchable, honoursStop: Bool = true) {
        self.dispatch = dispatch
        self.honoursStop = honoursStop
    }

    func start() { schedule() }
    func stop() { stopped = true }

    private func schedule() {
        dispatch.after(1) { [weak self] in
            guard let self else { return }
            if self.honoursStop, self.stopped { return }
            self.polls += 1
            self.schedule()
        }
    }
}

/// Loads offloaded, then shows the result on main. The buggy form sends the "show" step as its
/// own main block, assuming the offloaded load has finished by the time it runs.
@MainActor
final class ProfileScreen {
    let dispatch: any Dispatchable
    let chainsShowAfterLoad: Bool
    private let store = ProfileStore()
    private(set) var shown: [String?] = []

    init(dispatch: any Dispatchable, chainsShowAfterLoad: Bool = true) {
        self.dispatch = dispatch
        self.chainsShowAfterLoad = chainsShowAfterLoad
    }

    func appear() {
        let store = self.store
        if chainsShowAfterLoad {
            dispatch.offload { [dispatch] in
                store.name = "Ada"
                dispatch.main { [weak self] in self?.shown.append(store.name) }
            }
        } else {
            dispatch.offload { store.name = "Ada" }
            dispatch.main { [weak self] in self?.shown.append(store.name) }
        }
    }
}

/// Thread-safe storage the profile screen loads into.
final class ProfileStore: Sendable {
    private let storage = LockedValue<String?>(nil)
    var name: String? {
        get { storage.value }
        set { storage.value = newValue }
    }
}

/// The order things happened in, kept on the main actor: offloaded work in a mock runs on the
/// test's own thread, so it may append with `MainActor.assumeIsolated`.
@MainActor
final class Trace {
    private(set) var entries: [String] = []
    func callAsFunction(_ entry: String) { entries.append(entry) }
}
