import Foundation

/// A seam between your code and the queues it runs work on.
///
/// Code that calls `DispatchQueue` directly cannot be tested deterministically: the test has to
/// wait, and it cannot see which thread ran what. Send the work through a `Dispatchable` instead:
///
/// ```swift
/// final class ImageLoader: Sendable {
///     let dispatch: any Dispatchable
///     init(dispatch: any Dispatchable = GCD()) { self.dispatch = dispatch }
///
///     func load(_ data: Data, completion: @escaping @MainActor @Sendable (Image?) -> Void) {
///         dispatch.offload { [dispatch] in
///             let image = Image(decoding: data)   // slow: keep it off the main thread
///             dispatch.main { completion(image) }
///         }
///     }
/// }
/// ```
///
/// Production passes ``GCD``, which uses real queues. Tests pass `MockDispatchable`, which runs
/// the work synchronously, records every hop between the main thread and offloaded work, and
/// lets the test step queued work and virtual time by hand.
///
/// Each call also has an awaitable counterpart with a distinct name (``performOffloaded(_:)``,
/// ``performOnMain(_:)``, ``sleep(for:)``), so a fire-and-forget call inside an `async` function
/// never changes meaning.
public protocol Dispatchable: Sendable {
    /// Runs `work` away from the main thread.
    ///
    /// ``GCD`` runs it on its queue (by default a global queue of utility quality of service).
    func offload(_ work: @escaping @Sendable () -> Void)

    /// Runs `work` on the main thread, isolated to the main actor.
    func main(_ work: @escaping @MainActor @Sendable () -> Void)

    /// Runs `work` on the main thread after `delay` seconds, unless the returned token is
    /// cancelled first.
    ///
    /// A negative delay runs the work as soon as possible. A delay of `.infinity` or `.nan`
    /// never runs it.
    ///
    /// - Returns: A ``DelayedWork`` whose ``DelayedWork/cancel()`` guarantees that the work
    ///   never starts after the call returns.
    @discardableResult
    func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork

    /// Runs `work` away from the main thread after `delay` seconds, unless the returned token is
    /// cancelled first: the counterpart of `DispatchQueue.global().asyncAfter`.
    ///
    /// ```swift
    /// let retry = dispatch.offload(after: 2) { upload.start() }   // a background retry
    /// ```
    ///
    /// Delays follow the same rule as ``after(_:_:)``: negative runs as soon as possible,
    /// `.infinity` and `.nan` never. ``GCD`` runs the work on its queue, never early;
    /// `MockDispatchable` records it as ``DispatchThread/offload``. The default implementation,
    /// for conformers that predate it, waits with ``after(_:_:)`` and then calls ``offload(_:)``.
    @discardableResult
    func offload(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> DelayedWork

    /// Seconds on a monotonic clock: what code that measures elapsed time (throttles, rate
    /// limits, retry budgets) reads instead of `Date()`.
    ///
    /// ```swift
    /// guard dispatch.now - lastSent >= 1 else { return }   // at most once a second
    /// ```
    ///
    /// ``GCD`` reads the system's uptime clock, which never jumps when the wall clock is
    /// changed; `MockDispatchable` reads its virtual time, so a test moves it with
    /// `advance(by:)`. Only differences between two readings mean anything. The default
    /// implementation reads the uptime clock.
    var now: TimeInterval { get }

    /// Runs `work` offloaded and returns its result to the awaiting caller.
    ///
    /// ```swift
    /// let thumbnail = await dispatch.performOffloaded { downscale(image) }
    /// ```
    ///
    /// The default implementation goes through ``offload(_:)``, so a `MockDispatchable` in
    /// manual mode resumes the caller only when the test runs that offloaded work.
    nonisolated(nonsending) func performOffloaded<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value

    /// Runs `work` on the main actor and returns its result to the awaiting caller.
    ///
    /// ```swift
    /// let title = await dispatch.performOnMain { titleLabel.text }
    /// ```
    nonisolated(nonsending) func performOnMain<Value: Sendable, Failure: Error>(
        _ work: @escaping @MainActor @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value

    /// Suspends the caller for `delay` seconds.
    ///
    /// ``GCD`` sleeps on real time; a `MockDispatchable` in manual mode resumes the caller when
    /// the test advances virtual time past the deadline. A negative delay returns at once; an
    /// infinite or NaN delay suspends until the task is cancelled.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    nonisolated(nonsending) func sleep(for delay: TimeInterval) async throws
}

// Defaults for the requirements added after the first three, so that a conformer written
// against `offload`, `main` and `after` keeps compiling and behaves sensibly.
extension Dispatchable {
    /// Waits with ``after(_:_:)``, then sends `work` through ``offload(_:)``: never early, and
    /// cancelling the token before the delay has passed means the work never starts.
    @discardableResult
    public func offload(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> DelayedWork {
        after(delay) { [self] in offload(work) }
    }

    /// The system's uptime clock, in seconds.
    public var now: TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

extension Dispatchable {
    /// Computes a value offloaded, then delivers it on the main thread: the
    /// `offload { let value = …; main { use(value) } }` idiom in one call, with the captures the
    /// compiler can check.
    ///
    /// ```swift
    /// dispatch.offload {
    ///     Thumbnail(decoding: data)            // slow: off the main thread
    /// } thenOnMain: { thumbnail in
    ///     imageView.image = thumbnail          // main-actor state
    /// }
    /// ```
    ///
    /// `MockDispatchable` records it as two hops, ``DispatchThread/offload`` then
    /// ``DispatchThread/main``. In `async` code, `await performOffloaded { … }` does the same.
    public func offload<Value: Sendable>(
        _ work: @escaping @Sendable () -> Value,
        thenOnMain deliver: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        offload { [self] in
            let value = work()
            main { deliver(value) }
        }
    }
}
