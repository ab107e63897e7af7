import Dispatchable
import Foundation

// A corpus of ordering bugs in code that needs no main actor — actors, `async let`, task groups,
// `Task {}`, `Task.sleep`, the mock's blocks — each with the bug (`buggy: true`) and its correct twin, for
// `exploreTasks` & co. under either capture (`TaskExplorationTests`). Run in the order its jobs
// become runnable, the buggy twin passes; some other ordering the runtime allows breaks it.

/// One bug of the task corpus: `run` builds the code on the mock, drives it, and throws if the
/// invariant is broken.
struct TaskOrderingBug: Sendable, CustomStringConvertible {
    let name: String
    let run: @Sendable (_ dispatch: any Dispatchable, _ buggy: Bool) async throws -> Void
    var description: String { name }

    static let all: [TaskOrderingBug] = [
        TaskOrderingBug(name: "token refreshed twice by two requests at once (async let)") { dispatch, buggy in
            let store = TokenStore(dispatch: dispatch, buggy: buggy)
            async let first = store.validToken()
            async let second = store.validToken()
            _ = await (first, second)
            let refreshes = await store.refreshes
            guard refreshes == 1 else { throw InvariantBroken("refreshed \(refreshes) times") }
        },
        TaskOrderingBug(name: "account overdrawn by two withdrawals (Task {})") { _, buggy in
            let account = Account(buggy: buggy)
            let first = Task { await account.withdraw(80) }
            let second = Task { await account.withdraw(80) }
            _ = await (first.value, second.value)
            let balance = await account.balance
            guard balance >= 0 else { throw InvariantBroken("balance \(balance)") }
        },
        TaskOrderingBug(name: "a counter loses an increment (task group)") { _, buggy in
            let counter = AuditedCounter(buggy: buggy)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<2 { group.addTask { await counter.increment() } }
            }
            let value = await counter.value
            guard value == 2 else { throw InvariantBroken("counted \(value)") }
        },
        TaskOrderingBug(name: "a reload from disk overwrites the user's newer choice (a block starts a task)") {
            dispatch, buggy in
            let settings = Settings(buggy: buggy)
            dispatch.offload {
                let snapshot = settings.disk.snapshot
                Task { await settings.reloaded(snapshot) }
            }
            await settings.choose("the user's")
            try await dispatch.sleep(for: 0.1)
            let value = await settings.value
            guard value == "the user's" else { throw InvariantBroken("showing \(value)") }
        },
        TaskOrderingBug(name: "a late response overwrites the timeout it raced (Task.sleep as macOS 15 runs it)") {
            dispatch, buggy in
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
            let screen = StatusScreen(buggy: buggy)
            let timeout = Task {
                await HookedSleep.sleep(for: .seconds(1))
                await screen.timedOut()
            }
            _ = await dispatch.performOffloaded { "42" }  // the response: may take longer than a second
            await screen.loaded()
            await timeout.value
            let shown = await screen.shown
            guard shown.count == 1 else { throw InvariantBroken("showed \(shown)") }
        },
    ]
}

/// Counts, writing each step to an audit log first: the buggy twin reads, awaits, and writes back.
actor AuditedCounter {
    private let audit = AuditLog()
    private let buggy: Bool
    private(set) var value = 0

    init(buggy: Bool) { self.buggy = buggy }

    func increment() async {
        if buggy {
            let read = value
            await audit.record(read)
            value = read + 1  // trusts the value read before the await
        } else {
            value += 1
            await audit.record(value)
        }
    }
}

/// A setting the user changes while a reload from disk is on its way. The correct twin drops a
/// reload read before the last save.
actor Settings {
    private let buggy: Bool
    private(set) var value = "default"
    nonisolated let disk = Disk()

    init(buggy: Bool) { self.buggy = buggy }

    func choose(_ newValue: String) {
        value = newValue
        disk.save(newValue)
    }

    func reloaded(_ snapshot: Disk.Snapshot) {
        guard buggy || snapshot.version == disk.snapshot.version else { return }
        value = snapshot.value
    }

    /// What was saved last, readable on any thread.
    final class Disk: @unchecked Sendable {
        // @unchecked: `saved` is read and written only with `lock` held.
        private let lock = NSLock()
        private var saved = Snapshot(value: "default", version: 0)

        struct Snapshot: Sendable {
            let value: String
            let version: Int
        }

        var snapshot: Snapshot { lock.withLock { saved } }

        func save(_ value: String) {
            lock.withLock { saved = Snapshot(value: value, version: saved.version + 1) }
        }
    }
}

/// A screen that shows one outcome of a load: its response, or its timeout. The buggy twin shows a
/// response that comes after the timeout too.
actor StatusScreen {
    private let buggy: Bool
    private var isLoading = true
    private(set) var shown: [String] = []

    init(buggy: Bool) { self.buggy = buggy }

    func timedOut() { show("timed out") }

    func loaded() {
        guard buggy else { return show("loaded") }
        isLoading = false
        shown.append("loaded")  // even after "timed out"
    }

    /// Shows `status` if nothing was shown yet.
    private func show(_ status: String) {
        guard isLoading else { return }
        isLoading = false
        shown.append(status)
    }
}
