// What a user has today: the test run plainly, on the real executors, again and again, counting
// the runs that fail. Each run gets a time limit: a run past it is taken for hung (a continuation
// never resumed), and the runs stop there, since Swift cannot end a task from outside.

import Dispatchable
import Foundation

@testable import Dispatchable

enum PlainRuns {
    /// How many plain runs failed of how many, and whether the last one hung.
    struct Result: Sendable, CustomStringConvertible {
        var runs = 0
        var failed = 0
        var hung = false
        var seconds = 0.0
        var firstFailure: String?

        var description: String {
            "\(failed)/\(runs)\(hung ? " (last hung)" : "") in \(String(format: "%.1f", seconds))s"
        }
    }

    /// One plain run's failures, for the issue handler (task-local: a run's own tasks inherit it).
    final class Run: Sendable {
        private let failures = Locked<[String]>([])
        func fail(_ text: String) { failures.withLock { $0.append(text) } }
        var firstFailure: String? { failures.withLock { $0.first } }
    }

    @TaskLocal static var current: Run?

    /// Runs `function` plainly up to the settings' count or time, stopping at a hung run. When the
    /// process cannot even notice a hung run (every thread of the cooperative pool blocked: a real
    /// deadlock of locks), a watchdog thread calls `frozen` with the result so far and ends the
    /// process.
    static func run(
        _ function: @escaping @Sendable () async throws -> Void, settings: BenchSettings,
        frozen: @escaping @Sendable (Result) -> Void
    ) async -> Result {
        var result = Result()
        let started = ContinuousClock.now
        // The runs' tasks reach the function through the loan, which ends here: a finished run's
        // task keeps nothing of it.
        let loan = Locked<(@Sendable () async throws -> Void)?>(function)
        defer { loan.withLock { $0 = nil } }
        while result.runs < settings.plainRuns && (ContinuousClock.now - started) < .seconds(settings.plainSeconds) {
            result.runs += 1
            let run = Run()
            var sofar = result
            sofar.failed += 1
            sofar.hung = true
            sofar.seconds = (ContinuousClock.now - started) / .seconds(1) + settings.plainTimeout
            let frozenResult = sofar
            let watchdog = Watchdog(after: settings.plainTimeout + 5) {
                frozen(frozenResult)
                FileHandle.standardError.write(
                    Data("BugBench: a plain run froze the process (its threads deadlocked); it ends here.\n".utf8))
                exit(0)
            }
            defer { watchdog.cancel() }
            switch await once(run, loan: loan, timeout: settings.plainTimeout) {
            case .passed:
                if let failure = run.firstFailure {
                    result.failed += 1
                    result.firstFailure = result.firstFailure ?? failure
                }
            case .threw(let error):
                result.failed += 1
                result.firstFailure = result.firstFailure ?? "threw \(error)"
            case .hung:
                result.failed += 1
                result.hung = true
                result.firstFailure = result.firstFailure ?? "hung"
            }
            if result.hung { break }
        }
        result.seconds = (ContinuousClock.now - started) / .seconds(1)
        if let failure = result.firstFailure { BenchLog.detail("plain run failure: \(failure)") }
        return result
    }

    private enum Once: Sendable {
        case passed
        case threw(String)
        case hung
    }

    /// One run in a task of its own, raced against `timeout` seconds of real time.
    private static func once(
        _ run: Run, loan: Locked<(@Sendable () async throws -> Void)?>, timeout: Double
    ) async -> Once {
        let answer = Locked<CheckedContinuation<Once, Never>?>(nil)
        @Sendable func settle(_ once: Once) { answer.withLock { $0.take() }?.resume(returning: once) }
        return await withCheckedContinuation { continuation in
            answer.withLock { $0 = continuation }
            // On a real thread: a run that blocks the cooperative pool must not stop its own timer.
            let timer = Watchdog(after: timeout) { settle(.hung) }
            Task {
                do {
                    try await $current.withValue(run) { try await loan.withLock { $0 }?() }
                    settle(.passed)
                } catch {
                    settle(.threw(String(describing: error)))
                }
                timer.cancel()
            }
        }
    }
}

/// Calls `action` on a thread of its own after `seconds` of real time, unless cancelled first.
final class Watchdog: Sendable {
    private let cancelled = Locked(false)

    init(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        Thread.detachNewThread { [cancelled] in
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if cancelled.withLock({ $0 }) { return }
                Thread.sleep(forTimeInterval: 0.01)
            }
            if !cancelled.withLock({ $0 }) { action() }
        }
    }

    func cancel() { cancelled.withLock { $0 = true } }
}
