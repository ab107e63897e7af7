import Dispatchable
import Foundation

// A corpus of async ordering bugs: production-like Swift-concurrency code (actors, `@MainActor`
// view models, `Task {}`, task groups, `Task.sleep`), each with the bug (`buggy: true`) and its
// correct twin. Run in the order its jobs become runnable — what a one-thread executor does, and
// the first schedule an async exploration runs — the buggy twin passes; some other ordering the
// runtime allows breaks it.
//
// Shared by the tests (`AsyncExplorationCorpusTests`) and the benchmarks (`Benchmarks/` links
// this file).

/// One bug of the async corpus: `run` builds the code on the mock, drives it, and throws if the
/// invariant is broken.
struct AsyncOrderingBug: Sendable, CustomStringConvertible {
    let name: String
    /// What makes it a bug of this kind, for the corpus' coverage tests.
    let traits: Set<Trait>
    let run: @MainActor @Sendable (_ dispatch: any Dispatchable, _ buggy: Bool) async throws -> Void
    var description: String { name }

    enum Trait: Sendable {
        /// State an actor checked before an `await` is trusted after it.
        case actorReentrancy
        /// Relies on `Task.sleep` (a debounce, a timeout, a later event).
        case sleeps
        /// Mixes the mock's seam (blocks, `performOffloaded`, `sleep(for:)`) with Swift concurrency.
        case mixesBlocks
        /// Polls with `Task.yield()`: each turn of the loop before the awaited work runs is a
        /// schedule of its own, so its space is too big to run whole.
        case polls
    }

    static let all: [AsyncOrderingBug] = [
        AsyncOrderingBug(
            name: "token refreshed twice when a request arrives during the refresh",
            traits: [.actorReentrancy, .mixesBlocks]
        ) { dispatch, buggy in
            let store = TokenStore(dispatch: dispatch, buggy: buggy)
            let late = Started()
            dispatch.after(0.05) { late.start { _ = await store.validToken() } }  // a second request
            _ = await store.validToken()
            try await dispatch.sleep(for: 0.1)
            await late.finish()
            let refreshes = await store.refreshes
            guard refreshes == 1 else { throw InvariantBroken("refreshed \(refreshes) times") }
        },
        AsyncOrderingBug(
            name: "thumbnail downloaded twice when its cell reappears during the download",
            traits: [.actorReentrancy, .mixesBlocks]
        ) { dispatch, buggy in
            let cache = ThumbnailCache(dispatch: dispatch, buggy: buggy)
            let reappeared = Started()
            dispatch.after(0.1) { reappeared.start { _ = await cache.image(for: "cat") } }  // scrolled back
            _ = await cache.image(for: "cat")
            try await dispatch.sleep(for: 0.2)
            await reappeared.finish()
            let downloads = await cache.downloads
            guard downloads == 1 else { throw InvariantBroken("downloaded \(downloads) times") }
        },
        AsyncOrderingBug(
            name: "account overdrawn by two withdrawals", traits: [.actorReentrancy, .mixesBlocks]
        ) { dispatch, buggy in
            let balance = try await AccountScenario.run(dispatch: dispatch, buggy: buggy)
            guard balance >= 0 else { throw InvariantBroken("balance \(balance)") }
        },
        AsyncOrderingBug(
            name: "purchase charged twice on a double tap", traits: [.actorReentrancy, .sleeps, .mixesBlocks]
        ) { dispatch, buggy in
            let service = PurchaseService(dispatch: dispatch)
            let checkout = CheckoutModel(service: service, buggy: buggy)
            let secondTap = Started()
            dispatch.after(0.05) { secondTap.start { await checkout.buy() } }
            await checkout.buy()
            await secondTap.finish()
            let charges = await service.charges
            guard charges == 1 else { throw InvariantBroken("charged \(charges) times") }
        },
        AsyncOrderingBug(
            name: "older search results replace newer ones", traits: [.mixesBlocks]
        ) { dispatch, buggy in
            let search = SearchViewModel(dispatch: dispatch, buggy: buggy)
            search.queryChanged("sw")
            dispatch.main { search.queryChanged("swift") }  // the user typed on
            await search.finish()
            guard search.results == ["swift"] else { throw InvariantBroken("showing \(search.results)") }
        },
        AsyncOrderingBug(
            name: "timeout shown, then a late response overwrites it", traits: [.sleeps, .mixesBlocks]
        ) { dispatch, buggy in
            let status = StatusModel(dispatch: dispatch, buggy: buggy)
            await status.load()
            guard status.shown.last == status.shown.dropFirst().first else {
                throw InvariantBroken("showed \(status.shown)")
            }
        },
        AsyncOrderingBug(
            name: "debounced save writes a cancelled draft last", traits: [.mixesBlocks]
        ) { dispatch, buggy in
            let editor = DraftEditor(dispatch: dispatch, buggy: buggy)
            editor.textChanged("a")
            dispatch.after(0.1) { editor.textChanged("ab") }  // typed on within the debounce
            await editor.finish()
            guard editor.saved == "ab" else { throw InvariantBroken("saved \(editor.saved ?? "nothing")") }
        },
        AsyncOrderingBug(
            name: "upload progress shown after the upload finished", traits: [.mixesBlocks]
        ) { dispatch, buggy in
            let upload = UploadModel(uploader: LegacyUploader(dispatch: dispatch), buggy: buggy)
            await upload.start()
            try await dispatch.sleep(for: 1)  // the screen stays up
            guard upload.state == "done" else { throw InvariantBroken("state \(upload.state)") }
        },
        AsyncOrderingBug(
            name: "last item sold twice on a global actor (a second buyer arrives during the charge)",
            traits: [.actorReentrancy, .mixesBlocks]
        ) { dispatch, buggy in
            let inventory = await Inventory(dispatch: dispatch, buggy: buggy)
            let second = Started()
            dispatch.after(0.05) { second.start { _ = await inventory.buy() } }  // another tap
            _ = await inventory.buy()
            try await dispatch.sleep(for: 0.1)
            await second.finish()
            let stock = await inventory.stock
            guard stock >= 0 else { throw InvariantBroken("stock \(stock)") }
        },
        AsyncOrderingBug(
            name: "a readiness poll reads the feed between its flag and its items (Task.yield loop)",
            traits: [.mixesBlocks, .polls]
        ) { dispatch, buggy in
            let feed = Feed(dispatch: dispatch, buggy: buggy)
            let loading = Task { await feed.load() }
            while await !feed.isReady { await Task.yield() }
            let items = await feed.items
            await loading.value
            guard items == ["first post"] else { throw InvariantBroken("read \(items)") }
        },
        AsyncOrderingBug(
            name: "a channel closed while a send is in flight drops the element (AsyncChannel-style handoff)",
            traits: [.mixesBlocks]
        ) { dispatch, buggy in
            let channel = Handoff(buggy: buggy)
            let producer = Task { await channel.send("last message") }
            let closing = Started()
            dispatch.after(0.06) { closing.start { await channel.finish() } }  // the screen closes the stream
            try await dispatch.sleep(for: 0.05)  // the reader comes for the message just before
            var received: [String] = []
            while let element = await channel.next() { received.append(element) }
            await producer.value
            await closing.finish()
            guard received == ["last message"] else { throw InvariantBroken("received \(received)") }
        },
    ]
}

/// A task that main-thread work starts (a tap, a cell appearing), for the body to await later.
@MainActor
final class Started {
    private var task: Task<Void, Never>?

    func start(_ work: @escaping @MainActor () async -> Void) {
        task = Task { await work() }
    }

    func finish() async { await task?.value }
}

// MARK: - Token refresh (actor reentrancy)

/// Hands out an access token, refreshing it when there is none.
actor TokenStore {
    private let dispatch: any Dispatchable
    private let buggy: Bool
    private var token: String?
    private var refreshing: Task<String, Never>?
    private(set) var refreshes = 0

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func validToken() async -> String {
        if let token { return token }
        if buggy {
            // Checked before the await, trusted after it: a second caller refreshes again.
            refreshes += 1
            let fresh = await dispatch.performOffloaded { "token" }
            token = fresh
            return fresh
        }
        if let refreshing { return await refreshing.value }
        refreshes += 1
        let dispatch = dispatch
        let refresh = Task { await dispatch.performOffloaded { "token" } }
        refreshing = refresh
        let fresh = await refresh.value
        token = fresh
        refreshing = nil
        return fresh
    }
}

// MARK: - Thumbnail cache (actor reentrancy, a block that starts a task)

actor ThumbnailCache {
    private let dispatch: any Dispatchable
    private let buggy: Bool
    private var images: [String: String] = [:]
    private var inFlight: [String: Task<String, Never>] = [:]
    private(set) var downloads = 0

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func image(for key: String) async -> String {
        if let image = images[key] { return image }
        if buggy {
            // Checked before the await, trusted after it: a second caller downloads again.
            downloads += 1
            let image = await dispatch.performOffloaded { "pixels of \(key)" }
            images[key] = image
            return image
        }
        if let download = inFlight[key] { return await download.value }
        downloads += 1
        let dispatch = dispatch
        let download = Task { await dispatch.performOffloaded { "pixels of \(key)" } }
        inFlight[key] = download
        let image = await download.value
        images[key] = image
        inFlight[key] = nil
        return image
    }
}

// MARK: - Account (actor reentrancy across another actor)

actor AuditLog {
    private(set) var entries: [Int] = []
    func record(_ amount: Int) { entries.append(amount) }
}

actor Account {
    private let audit = AuditLog()
    private let buggy: Bool
    private(set) var balance = 100

    init(buggy: Bool) { self.buggy = buggy }

    func withdraw(_ amount: Int) async -> Bool {
        guard balance >= amount else { return false }
        if buggy {
            await audit.record(amount)
            balance -= amount  // trusts the check made before the await
        } else {
            balance -= amount
            await audit.record(amount)
        }
        return true
    }
}

/// Two withdrawals, the second a millisecond after the first: the bug needs the first to be
/// still inside its `await` then, which on real executors it almost never is. Shared with the benchmark, which
/// counts how often real executors hit it.
enum AccountScenario {
    @MainActor
    static func run(dispatch: any Dispatchable, buggy: Bool) async throws -> Int {
        let account = Account(buggy: buggy)
        let first = Task { await account.withdraw(80) }
        try await dispatch.sleep(for: 0.001)  // the next screen appears a millisecond later
        let second = Task { await account.withdraw(80) }
        _ = await (first.value, second.value)
        return await account.balance
    }
}

// MARK: - Purchase (check-then-act across awaits on an actor)

actor PurchaseService {
    private let dispatch: any Dispatchable
    private var busy = false
    private(set) var charges = 0

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    var isBusy: Bool { busy }
    func setBusy(_ value: Bool) { busy = value }

    /// The fix: check and claim in one actor call.
    func begin() -> Bool {
        if busy { return false }
        busy = true
        return true
    }

    /// Charges, then frees the service for the next purchase.
    func charge() async throws {
        charges += 1
        // The payment request: `Duration` needs macOS 13 / iOS 16; the older form sleeps the same.
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
            try await Task.sleep(for: .milliseconds(200))
        } else {
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        busy = false
    }
}

@MainActor
final class CheckoutModel {
    private let service: PurchaseService
    private let buggy: Bool

    init(service: PurchaseService, buggy: Bool) {
        self.service = service
        self.buggy = buggy
    }

    func buy() async {
        if buggy {
            guard await !service.isBusy else { return }  // checked in one call…
            await service.setBusy(true)  // …claimed in another
        } else {
            guard await service.begin() else { return }
        }
        try? await service.charge()
    }
}

// MARK: - Search (a stale @MainActor update from an older task)

@MainActor
final class SearchViewModel {
    private let dispatch: any Dispatchable
    private let buggy: Bool
    private var search: Task<Void, Never>?
    private var searches: [Task<Void, Never>] = []
    private(set) var results: [String] = []

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func queryChanged(_ query: String) {
        search?.cancel()
        let dispatch = dispatch
        let buggy = buggy
        let search = Task {
            let found = await dispatch.performOffloaded { [query] }
            if buggy || !Task.isCancelled { results = found }
        }
        self.search = search
        searches.append(search)
    }

    /// Awaits every search, including those started meanwhile.
    func finish() async {
        var index = 0
        while index < searches.count {
            await searches[index].value
            index += 1
        }
    }
}

// MARK: - Status (a timeout racing a response)

@MainActor
final class StatusModel {
    private let dispatch: any Dispatchable
    private let buggy: Bool
    private(set) var status = "idle"
    /// Every status the screen showed, in order.
    private(set) var shown: [String] = []

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    private func show(_ status: String) {
        self.status = status
        shown.append(status)
    }

    /// Loads, showing "timed out" if the response takes longer than a second.
    func load() async {
        show("loading")
        let timeout = Task {
            if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
                try await Task.sleep(for: .seconds(1))
            } else {
                try await Task.sleep(nanoseconds: 1_000_000_000)
            }
            if buggy || status == "loading" { show("timed out") }
        }
        _ = await dispatch.performOffloaded { "42" }
        timeout.cancel()
        if buggy || status == "loading" { show("loaded") }
        _ = await timeout.result
    }
}

// MARK: - Drafts (a debounce that does not stop when cancelled)

@MainActor
final class DraftEditor {
    private let dispatch: any Dispatchable
    private let buggy: Bool
    private var pending: Task<Void, Never>?
    private var saves: [Task<Void, Never>] = []
    private(set) var saved: String?

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func textChanged(_ text: String) {
        pending?.cancel()
        let save = Task {
            if buggy {
                try? await dispatch.sleep(for: 0.3)  // cancelled: wakes early, and saves anyway
            } else {
                do { try await dispatch.sleep(for: 0.3) } catch { return }
            }
            saved = await dispatch.performOffloaded { text }  // the disk write
        }
        pending = save
        saves.append(save)
    }

    /// Awaits every save, including those started meanwhile.
    func finish() async {
        var index = 0
        while index < saves.count {
            await saves[index].value
            index += 1
        }
    }
}

// MARK: - Upload (a callback API wrapped in a continuation, progress on another queue)

/// A callback API: the upload and its progress reports run on different background queues.
final class LegacyUploader: Sendable {
    private let dispatch: any Dispatchable

    init(dispatch: any Dispatchable) { self.dispatch = dispatch }

    func upload(
        progress: @escaping @MainActor @Sendable (Double) -> Void,
        completion: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        let dispatch = dispatch
        dispatch.offload { dispatch.main { progress(1.0) } }
        dispatch.offload { dispatch.main { completion(true) } }
    }
}

@MainActor
final class UploadModel {
    private let uploader: LegacyUploader
    private let buggy: Bool
    private(set) var state = "idle"

    init(uploader: LegacyUploader, buggy: Bool) {
        self.uploader = uploader
        self.buggy = buggy
    }

    func start() async {
        state = "uploading"
        let succeeded = await withCheckedContinuation { continuation in
            uploader.upload(
                progress: { fraction in
                    if self.buggy || self.state == "uploading" { self.state = "\(Int(fraction * 100)) %" }
                },
                completion: { continuation.resume(returning: $0) })
        }
        state = succeeded ? "done" : "failed"
    }
}

// MARK: - Inventory (reentrancy on a global actor)

/// The app's persistence actor.
@globalActor
actor StoreActor {
    static let shared = StoreActor()
}

/// Stock on the store's global actor: the buggy twin checks the stock, awaits the charge, and
/// trusts the check afterwards.
@StoreActor
final class Inventory {
    private let dispatch: any Dispatchable
    private let buggy: Bool
    private(set) var stock = 1

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func buy() async -> Bool {
        guard stock > 0 else { return false }
        if buggy {
            _ = await dispatch.performOffloaded { "charged" }
            stock -= 1
        } else {
            stock -= 1
            _ = await dispatch.performOffloaded { "charged" }
        }
        return true
    }
}

// MARK: - Feed (a readiness flag polled with Task.yield)

/// Loads posts; readers poll `isReady`. The buggy twin raises the flag before the posts arrive.
actor Feed {
    private let dispatch: any Dispatchable
    private let buggy: Bool
    private(set) var isReady = false
    private(set) var items: [String] = []

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func load() async {
        if buggy { isReady = true }
        items = await dispatch.performOffloaded { ["first post"] }
        isReady = true
    }
}

// MARK: - Handoff (an unbuffered channel, as swift-async-algorithms' AsyncChannel)

/// Hands each element from a sender to a receiver, suspending whichever comes first. The buggy
/// twin's `finish()` resumes senders still waiting and drops their elements, as `AsyncChannel` did
/// in 2022; the correct one lets receivers take them first.
actor Handoff {
    private let buggy: Bool
    private var senders: [(element: String, resume: CheckedContinuation<Void, Never>)] = []
    private var receiver: CheckedContinuation<String?, Never>?
    private var isFinished = false

    init(buggy: Bool) { self.buggy = buggy }

    func send(_ element: String) async {
        if let receiver {
            self.receiver = nil
            receiver.resume(returning: element)
            return
        }
        guard !isFinished else { return }
        await withCheckedContinuation { senders.append((element, $0)) }
    }

    func next() async -> String? {
        if !senders.isEmpty {
            let sender = senders.removeFirst()
            sender.resume.resume()
            return sender.element
        }
        guard !isFinished else { return nil }
        return await withCheckedContinuation { receiver = $0 }
    }

    func finish() {
        isFinished = true
        receiver?.resume(returning: nil)
        receiver = nil
        if buggy {
            for sender in senders { sender.resume.resume() }  // the elements in flight are lost
            senders.removeAll()
        }
    }
}
