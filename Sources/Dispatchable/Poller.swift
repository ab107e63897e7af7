import Dispatch
import Foundation

/// The loop behind every `waitUntil` function.
struct Poller {
    enum Outcome {
        case satisfied
        case notYet
        case observed(String)
        case failed(String)

        /// Whether `predicate` holds for the observed value; otherwise the value, as text,
        /// captured now for the timeout message.
        static func observing<Value>(_ observe: () throws -> Value, _ predicate: (Value) throws -> Bool) rethrows
            -> Outcome
        {
            let value = try observe()
            return try predicate(value) ? .satisfied : .observed(String(describing: value))
        }

        /// Whether `check` passes; otherwise the error it threw, as text.
        static func passing(_ check: () throws -> Void) -> Outcome {
            do {
                try check()
                return .satisfied
            } catch {
                return .failed(String(describing: error))
            }
        }
    }

    /// What to do after a check.
    private enum Next {
        case done(waited: TimeInterval)
        case pause(TimeInterval)
    }

    let timeout: TimeInterval
    let pollInterval: TimeInterval
    let fileID: StaticString
    let line: UInt

    /// Checks, then spins the run loop (on the main thread) or sleeps (elsewhere) until the check
    /// is satisfied or the timeout passes.
    func runBlocking(_ check: () throws -> Outcome) throws -> TimeInterval {
        try validate()
        let onMainThread = Thread.isMainThread
        // Main-queue work that is also a task's job (a `@MainActor` Swift Testing test, async code on
        // the main actor) must not wait synchronously on any platform: off the main thread (Linux)
        // blocking stops the main queue; on it (Apple platforms) a nested run loop would run other
        // main-actor jobs re-entrantly inside this one. XCTest synchronous tests are no task's job.
        if DispatchThread.isOnMainQueue, !onMainThread || Self.isInsideATask {
            throw error(
                .wouldBlockMainQueue, waited: 0, last: .notYet,
                diagnosis: "Waiting synchronously here would block the main queue (or re-enter the main actor "
                    + "inside a job of its own), so main-queue work could never arrive in order. "
                    + "Use `try await waitUntil { ... }` instead.")
        }
        // Off the main thread, learn whether anything services the main queue while we wait.
        let mainQueueRan = onMainThread ? nil : MainQueueProbe()
        let start = DispatchTime.now()
        while true {
            switch try next(after: check(), since: start, diagnosis: mainQueueRan?.diagnosis) {
            case .done(let waited):
                return waited
            case .pause(let pause) where onMainThread:
                // Returns as soon as main-queue work or another source has run.
                _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: pause))
            case .pause(let pause):
                Thread.sleep(forTimeInterval: pause)
            }
        }
    }

    /// Whether the calling code runs as part of a Swift task (synchronous code called from one).
    private static var isInsideATask: Bool { withUnsafeCurrentTask { $0 != nil } }

    /// Checks, then sleeps the task until the check is satisfied or the timeout passes.
    func runSuspending(
        isolation: isolated (any Actor)?, _ check: () throws -> Outcome
    ) async throws -> TimeInterval {
        try validate()
        let start = DispatchTime.now()
        while true {
            switch try next(after: check(), since: start, diagnosis: nil) {
            case .done(let waited): return waited
            case .pause(let pause): try await Task.sleep(nanoseconds: UInt64(pause * 1e9))
            }
        }
    }

    /// Done when the check is satisfied; a timeout error once `timeout` has passed; otherwise
    /// the pause before the next check, never past the deadline, never longer than ``longestPause``.
    private func next(after outcome: Outcome, since start: DispatchTime, diagnosis: @autoclosure () -> String?)
        throws -> Next
    {
        let waited = Self.seconds(since: start)
        if case .satisfied = outcome { return .done(waited: waited) }
        if waited >= timeout { throw error(.timedOut, waited: waited, last: outcome, diagnosis: diagnosis()) }
        return .pause(Swift.min(pollInterval, timeout - waited, Self.longestPause))
    }

    /// The longest single pause: a poll interval or timeout of years (`1e300`, or `2e10` with a
    /// `1e11` timeout) must not overflow the conversion to nanoseconds. Waiting longer simply
    /// takes several pauses.
    static let longestPause: TimeInterval = 3_600

    /// Timeouts: zero or more seconds (`.infinity` for ever); negative or NaN is a mistake.
    /// `MockDispatchable.swift` keeps the same rule for its timeouts (`Rules.timeout`): a copied
    /// mock can use only the public API. `MirroredRulesTests` pins the two together.
    private func validate() throws {
        if timeout.isNaN || timeout < 0 {
            throw error(
                .invalidArgument, waited: 0, last: .notYet, diagnosis: "timeout must be zero or more, not \(timeout)")
        }
        if !(pollInterval > 0) || !pollInterval.isFinite {
            throw error(
                .invalidArgument, waited: 0, last: .notYet,
                diagnosis: "pollInterval must be a positive, finite number of seconds, not \(pollInterval)")
        }
    }

    private func error(_ reason: WaitError.Reason, waited: TimeInterval, last: Outcome, diagnosis: String?) -> WaitError
    {
        var observed: String?
        var failure: String?
        switch last {
        case .observed(let value): observed = value
        case .failed(let error): failure = error
        case .satisfied, .notYet: break
        }
        return WaitError(
            reason: reason, timeout: timeout, waited: waited, fileID: "\(fileID)", line: line,
            lastObservedValue: observed, lastError: failure, diagnosis: diagnosis)
    }

    private static func seconds(since start: DispatchTime) -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// Tells whether the main queue ran anything since it was made.
private final class MainQueueProbe: Sendable {
    private let ran = Locked(false)

    init() {
        DispatchQueue.main.async { [ran] in ran.withLock { $0 = true } }
    }

    var diagnosis: String? {
        ran.withLock { $0 }
            ? nil
            : "The main queue did not run at all during the wait, so work sent to it (GCD.main, GCD.after) "
                + "could not arrive: wait on the main thread (an XCTest synchronous test), or use "
                + "`try await waitUntil { ... }` from an async test."
    }
}
