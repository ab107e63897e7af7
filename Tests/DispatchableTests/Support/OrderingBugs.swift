import Dispatchable
import Foundation

// A corpus of ordering bugs: eight production-like classes, each with the bug (`buggy: true`)
// and its correct twin. In each, ordinary manual mode — the one ordering a test would script —
// passes the buggy twin; some other ordering GCD allows breaks it.
//
// Shared by the tests (`ExplorationCorpusTests`) and the benchmarks (`Benchmarks/` links this
// file), which drive it through `ManualStepping`.

/// The stepping calls a corpus body uses. `MockDispatchable` conforms in each target that
/// compiles it: `extension MockDispatchable: ManualStepping {}`.
protocol ManualStepping: Dispatchable {
    func runUntilIdle(maxSteps: Int, fileID: StaticString, line: UInt) throws
}

extension ManualStepping {
    func runUntilIdle() throws { try runUntilIdle(maxSteps: 100_000, fileID: #fileID, line: #line) }
}

/// Why a corpus body failed.
struct InvariantBroken: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One bug of the corpus: `run` builds the class on the mock, drives it, and throws if the
/// invariant is broken.
struct OrderingBug: Sendable, CustomStringConvertible {
    let name: String
    let run: @MainActor @Sendable (_ mock: any ManualStepping, _ buggy: Bool) throws -> Void
    var description: String { name }

    static let all: [OrderingBug] = [
        OrderingBug(name: "autosave writes an older version last") { mock, buggy in
            let document = DocumentAutosave(dispatch: mock, buggy: buggy)
            document.edit("a")
            document.edit("ab")
            try mock.runUntilIdle()
            guard document.disk.value.text == "ab" else { throw InvariantBroken("the file has \(document.disk.value)") }
        },
        OrderingBug(name: "spinner left on when sign-in is slow") { mock, buggy in
            let screen = SignInScreen(dispatch: mock, buggy: buggy)
            screen.signIn { true }
            try mock.runUntilIdle()
            guard screen.signedIn, !screen.spinnerVisible else { throw InvariantBroken("spinner still visible") }
        },
        OrderingBug(name: "settings applied before they are loaded") { mock, buggy in
            let screen = SettingsScreen(dispatch: mock, buggy: buggy)
            screen.appear()
            try mock.runUntilIdle()
            guard screen.theme == "dark" else { throw InvariantBroken("applied theme \(screen.theme ?? "nil")") }
        },
        OrderingBug(name: "batch reported finished before every upload is") { mock, buggy in
            let uploader = BatchUploader(dispatch: mock, buggy: buggy)
            uploader.upload(["a", "b", "c"])
            try mock.runUntilIdle()
            guard uploader.finishedWith == 3 else {
                throw InvariantBroken("finished with \(uploader.finishedWith.map(String.init) ?? "nothing") of 3")
            }
        },
        OrderingBug(name: "payment completion called twice") { mock, buggy in
            let submitter = PaymentSubmitter(dispatch: mock, buggy: buggy)
            var outcomes: [PaymentSubmitter.Outcome] = []
            submitter.submit { outcomes.append($0) }
            try mock.runUntilIdle()
            guard outcomes.count == 1 else { throw InvariantBroken("completion called with \(outcomes)") }
        },
        OrderingBug(name: "rate limit lets two messages through") { mock, buggy in
            let sender = RateLimitedSender(dispatch: mock, buggy: buggy)
            sender.send("a")
            mock.after(0.5) { sender.send("b") }
            try mock.runUntilIdle()
            guard sender.transport.value == ["a"] else { throw InvariantBroken("sent \(sender.transport.value)") }
        },
        OrderingBug(name: "cache keeps a value fetched before invalidation") { mock, buggy in
            let cache = GenerationalCache(dispatch: mock, buggy: buggy)
            cache.refresh()
            mock.after(1) { cache.invalidate() }
            try mock.runUntilIdle()
            guard cache.value == nil else { throw InvariantBroken("cache still holds \(cache.value ?? "")") }
        },
        OrderingBug(name: "prefetch downloads the same file twice") { mock, buggy in
            let prefetcher = Prefetcher(dispatch: mock, buggy: buggy)
            prefetcher.prefetch("x.jpg")
            mock.after(0.2) { prefetcher.prefetch("x.jpg") }
            try mock.runUntilIdle()
            guard prefetcher.downloads.value == 1 else {
                throw InvariantBroken("downloaded \(prefetcher.downloads.value) times")
            }
        },
        // The two orderings of real GCD the model gained in 0.2 (the article "Finding ordering bugs", "The model").
        OrderingBug(name: "a background start timeout fires while the connection is running") { mock, buggy in
            let connector = Connector(dispatch: mock, buggy: buggy)
            let outcomes = LockedValue<[String]>([])
            connector.connect { outcome in outcomes.mutate { $0.append(outcome) } }
            try mock.runUntilIdle()
            guard outcomes.value.count == 1 else { throw InvariantBroken("completion called with \(outcomes.value)") }
        },
        OrderingBug(name: "a poll delivers after stop() because its block had started") { mock, buggy in
            let poller = StoppablePoller(dispatch: mock, buggy: buggy)
            poller.start()
            mock.after(1.5) { poller.stop() }
            try mock.runUntilIdle()
            guard !poller.deliveredAfterStop else { throw InvariantBroken("delivered \(poller.delivered) after stop") }
        },
    ]

    /// The same bugs in a busy app: unrelated work in flight first — eight offloads that each hop
    /// to main, and two timers that fall due after every timer of the bugs — which must not change
    /// what a failure needs: each is still found with the one deviation it needs alone.
    static let busy: [OrderingBug] = all.map { bug in
        OrderingBug(name: bug.name + " (busy app)") { mock, buggy in
            for _ in 0..<8 { mock.offload { mock.main {} } }
            mock.after(7) {}
            mock.after(9) {}
            try bug.run(mock, buggy)
        }
    }

    /// Bugs whose unrelated work really does add to what a failure needs: a timer due *before*
    /// the bug's own timer is main-lane work the bug's timer cannot overtake, so reaching the bug
    /// takes one more deviation per such timer. With the minimum, worked out by hand.
    static let withEarlierTimers: [(bug: OrderingBug, minimum: Int)] = [
        // The spinner's timer (0.3 s) must fire before the sign-in's main hop: first the unrelated
        // 0.05 s timer overtakes the hop (it was sent by offload work), then the spinner's.
        (busy(all[1], timers: [0.05]), 2),
        // The payment's timeout (5 s) must run before the payment's hop: 0.05 s and 2.5 s first.
        (busy(all[4], timers: [0.05, 2.5]), 3),
    ]

    private static func busy(_ bug: OrderingBug, timers: [TimeInterval]) -> OrderingBug {
        OrderingBug(name: bug.name + " (busy app, earlier timers)") { mock, buggy in
            for _ in 0..<8 { mock.offload { mock.main {} } }
            for delay in timers { mock.after(delay) {} }
            try bug.run(mock, buggy)
        }
    }
}

/// Connects in the background, with a start timeout on a background timer. The bug: whichever of
/// the two finishes second still calls the completion, so a timeout that fires while the
/// connection is running reports both "timed out" and "connected".
@MainActor
final class Connector {
    let dispatch: any Dispatchable
    let buggy: Bool

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func connect(completion: @escaping @MainActor @Sendable (String) -> Void) {
        let finished = LockedValue(false)
        let buggy = self.buggy
        /// True for the first caller only (or always, in the buggy twin).
        @Sendable func claim() -> Bool {
            finished.mutate { done in
                defer { done = true }
                return buggy || !done
            }
        }
        let dispatch = self.dispatch
        let timeout = dispatch.offload(after: 5) {
            if claim() { dispatch.main { completion("timed out") } }
        }
        dispatch.offload {
            // … the connection handshake, which may take longer than the timeout …
            if claim() {
                timeout.cancel()
                dispatch.main { completion("connected") }
            }
        }
    }
}

/// Polls every second on a background timer until stopped. The bug: `stop()` cancels the next
/// poll's timer, but a poll whose block had already started still delivers its result on main.
@MainActor
final class StoppablePoller {
    let dispatch: any Dispatchable
    let buggy: Bool
    private var timer: DelayedWork?
    private var stopped = false
    private(set) var delivered = 0
    private(set) var deliveredAfterStop = false

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func start() {
        let dispatch = self.dispatch
        timer = dispatch.offload(after: 1) { [weak self] in
            // … a request that takes 0.6 s …
            dispatch.main {
                guard let self else { return }
                if !self.buggy, self.stopped { return }
                self.delivered += 1
                if self.stopped { self.deliveredAfterStop = true }
            }
        }
    }

    func stop() {
        stopped = true
        timer?.cancel()
    }
}

/// Saves each edit in the background; the file must end up with the latest text. The bug: two
/// saves in flight may finish in either order, and the older one may land last.
@MainActor
final class DocumentAutosave {
    struct Saved: Sendable, CustomStringConvertible {
        var version = 0
        var text = ""
        var description: String { "version \(version), \"\(text)\"" }
    }

    let dispatch: any Dispatchable
    let buggy: Bool
    let disk = LockedValue(Saved())
    private var version = 0

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func edit(_ text: String) {
        version += 1
        let snapshot = Saved(version: version, text: text)
        dispatch.offload { [disk, buggy] in
            disk.mutate { saved in
                if buggy || snapshot.version > saved.version { saved = snapshot }
            }
        }
    }
}

/// Shows a spinner when signing in takes longer than 0.3 s. The bug: the completion cancels the
/// spinner's timer but does not hide a spinner the timer already showed.
@MainActor
final class SignInScreen {
    let dispatch: any Dispatchable
    let buggy: Bool
    private(set) var spinnerVisible = false
    private(set) var signedIn = false

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func signIn(check: @escaping @Sendable () -> Bool) {
        let spinner = dispatch.after(0.3) { [weak self] in self?.spinnerVisible = true }
        dispatch.offload(
            check,
            thenOnMain: { [weak self] succeeded in
                guard let self else { return }
                spinner.cancel()
                signedIn = succeeded
                if !buggy { spinnerVisible = false }
            })
    }
}

/// Loads settings in the background, then applies them on main. The bug: "apply" is sent as its
/// own main block, assuming the load has finished by the time it runs.
@MainActor
final class SettingsScreen {
    let dispatch: any Dispatchable
    let buggy: Bool
    private let store = LockedValue<String?>(nil)
    private(set) var theme: String?

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func appear() {
        let store = self.store
        if buggy {
            dispatch.offload { store.value = "dark" }
            dispatch.main { [weak self] in self?.theme = store.value }
        } else {
            dispatch.offload {
                store.value = "dark"
            } thenOnMain: { [weak self] in
                self?.theme = store.value
            }
        }
    }
}

/// Uploads files concurrently and reports when all are done. The bug: it reports when the last
/// file *started* finishes, which is not always the last to finish.
@MainActor
final class BatchUploader {
    let dispatch: any Dispatchable
    let buggy: Bool
    private var done: [String] = []
    /// How many files were done when it reported finishing.
    private(set) var finishedWith: Int?

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func upload(_ files: [String]) {
        for (index, file) in files.enumerated() {
            dispatch.offload {
                file
            } thenOnMain: { [weak self] uploaded in
                guard let self else { return }
                done.append(uploaded)
                let finished = buggy ? index == files.count - 1 : done.count == files.count
                if finished { finishedWith = done.count }
            }
        }
    }
}

/// Charges a card with a 5 s timeout, and must call its completion exactly once. The bug:
/// neither path checks whether the other has already completed.
@MainActor
final class PaymentSubmitter {
    enum Outcome: Equatable { case paid, timedOut }

    let dispatch: any Dispatchable
    let buggy: Bool

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func submit(completion: @escaping @MainActor (Outcome) -> Void) {
        let attempt = Attempt()
        let timeout = dispatch.after(5) { [buggy] in
            guard buggy || !attempt.completed else { return }
            attempt.completed = true
            completion(.timedOut)
        }
        dispatch.offload {
            true
        } thenOnMain: { [buggy] _ in
            timeout.cancel()
            guard buggy || !attempt.completed else { return }
            attempt.completed = true
            completion(.paid)
        }
    }

    @MainActor private final class Attempt {
        var completed = false
    }
}

/// Sends at most one message a second, measured with the dispatcher's clock; messages in between
/// are dropped. The bug: the send time is recorded when the send completes, not when it starts.
@MainActor
final class RateLimitedSender {
    let dispatch: any Dispatchable
    let buggy: Bool
    let transport = LockedValue<[String]>([])
    private var lastSent = -TimeInterval.infinity

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func send(_ message: String) {
        guard dispatch.now - lastSent >= 1 else { return }
        if !buggy { lastSent = dispatch.now }
        dispatch.offload { [transport] in
            transport.mutate { $0.append(message) }
        } thenOnMain: { [weak self] in
            guard let self, buggy else { return }
            lastSent = dispatch.now
        }
    }
}

/// Caches a fetched value; `invalidate()` drops it and anything still in flight. The bug: a
/// fetch that started before the invalidation still stores its result.
@MainActor
final class GenerationalCache {
    let dispatch: any Dispatchable
    let buggy: Bool
    private(set) var value: String?
    private var generation = 0

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func refresh() {
        let started = generation
        dispatch.offload {
            "fresh"
        } thenOnMain: { [weak self] fetched in
            guard let self, buggy || started == generation else { return }
            value = fetched
        }
    }

    func invalidate() {
        generation += 1
        value = nil
    }
}

/// Prefetches files not yet on disk, each once. The bug: a file is marked in flight only after
/// the disk check, so a second prefetch during the check starts a second download.
@MainActor
final class Prefetcher {
    let dispatch: any Dispatchable
    let buggy: Bool
    let downloads = LockedValue(0)
    private var inFlight: Set<String> = []

    init(dispatch: any Dispatchable, buggy: Bool) {
        self.dispatch = dispatch
        self.buggy = buggy
    }

    func prefetch(_ name: String) {
        guard !inFlight.contains(name) else { return }
        if !buggy { inFlight.insert(name) }
        dispatch.offload {
            false
        } thenOnMain: { [weak self] onDisk in
            guard let self, !onDisk else { return }
            if buggy { inFlight.insert(name) }
            dispatch.offload { [downloads] in downloads.mutate { $0 += 1 } }
        }
    }
}
