import Foundation

// Default implementations of the awaitable counterparts, built on the three callback calls, so
// any conforming type (your own, or a test double) gets them, and they follow its scheduling.
extension Dispatchable {
    /// Sends `work` through ``offload(_:)`` and resumes the caller with its result.
    nonisolated(nonsending) public func performOffloaded<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            offload { continuation.resume(returning: Result { () throws(Failure) in try work() }) }
        }
        return try result.get()
    }

    /// Sends `work` through ``main(_:)`` and resumes the caller with its result.
    nonisolated(nonsending) public func performOnMain<Value: Sendable, Failure: Error>(
        _ work: @escaping @MainActor @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            main { continuation.resume(returning: Result { () throws(Failure) in try work() }) }
        }
        return try result.get()
    }

    /// Schedules the wake-up with ``after(_:_:)``; cancelling the task cancels it.
    nonisolated(nonsending) public func sleep(for delay: TimeInterval) async throws {
        try await DelayedWork.sleep { wake in after(delay) { wake() } }
    }
}

extension DelayedWork {
    /// Suspends the calling task until the work that `schedule` schedules calls `wake`, or until
    /// the task is cancelled, which cancels that work and throws `CancellationError`.
    ///
    /// The building block of ``Dispatchable/sleep(for:)`` for your own conforming types: give it
    /// your timer, and it resumes the task exactly once, whichever comes first.
    ///
    /// ```swift
    /// func sleep(for delay: TimeInterval) async throws {
    ///     try await DelayedWork.sleep { wake in timer.schedule(after: delay, wake) }
    /// }
    /// ```
    ///
    /// `schedule` is not called at all when the task is already cancelled.
    nonisolated(nonsending) public static func sleep(
        until schedule: (_ wake: @escaping @Sendable () -> Void) -> DelayedWork
    ) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard sleeper.suspend(continuation) else { return }
                sleeper.schedule(schedule { sleeper.finish(throwing: nil) })
            }
        } onCancel: {
            sleeper.finish(throwing: CancellationError())
        }
    }
}

/// Resumes one sleeping task exactly once: when its delayed work fires, or when it is cancelled,
/// whichever comes first. Cancelling also cancels the delayed work.
final class Sleeper: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var token: DelayedWork?
        var outcome: (any Error)??  // nil: still sleeping; .some(nil): woke; .some(error): failed
    }

    private let state = Locked(State())

    /// Stores the continuation; returns false (after resuming it) if the sleep already ended,
    /// which happens when the task was cancelled before it suspended.
    func suspend(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let early: (any Error)?? = state.withLock { state in
            if let outcome = state.outcome { return .some(outcome) }
            state.continuation = continuation
            return nil
        }
        guard let early else { return true }
        if let error = early { continuation.resume(throwing: error) } else { continuation.resume() }
        return false
    }

    /// Keeps the delayed work's token so that cancellation can cancel it.
    func schedule(_ token: DelayedWork) {
        let cancelNow = state.withLock { state -> Bool in
            guard state.outcome == nil else { return true }
            state.token = token
            return false
        }
        if cancelNow { token.cancel() }
    }

    /// Ends the sleep with `error` (nil: the delay elapsed). Only the first call has an effect.
    func finish(throwing error: (any Error)?) {
        let (continuation, token) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, DelayedWork?) in
            guard state.outcome == nil else { return (nil, nil) }
            state.outcome = .some(error)
            defer {
                state.continuation = nil
                state.token = nil
            }
            return (state.continuation, state.token)
        }
        if error != nil { token?.cancel() }
        guard let continuation else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
