import Dispatch
import Foundation

/// The production ``Dispatchable``: real Grand Central Dispatch queues.
///
/// ```swift
/// let dispatch = GCD()
/// dispatch.offload { print("This happens on a separate thread.") }
/// dispatch.main { print("This happens on the main thread.") }
/// dispatch.after(0.5) { print("This happens on the main thread after a delay of 0.5 seconds.") }
/// ```
///
/// - ``now`` reads the uptime clock (monotonic seconds).
/// - ``offload(_:)`` runs on ``queue``: by default a global queue of utility quality of service;
///   pass your own with ``init(queue:)``.
/// - ``main(_:)`` runs on the main queue.
/// - ``after(_:_:)`` runs on the main queue after the delay, ``offload(after:_:)`` on ``queue``.
///   Neither is ever early. A negative delay runs as soon as possible; `.infinity`, `.nan` and
///   delays of ``neverDelay`` (about 31 years) or more never run (nothing is scheduled). None of
///   them crashes.
///
/// Main-queue work only runs while something services the main queue: the main run loop
/// (apps, XCTest on the main thread, ``waitUntil(timeout:pollInterval:fileID:line:_:)``),
/// or `dispatchMain()`.
public struct GCD: Dispatchable {
    /// The queue that ``offload(_:)`` uses.
    public let queue: DispatchQueue

    /// Creates a dispatcher whose offloaded work runs on `queue`.
    ///
    /// - Parameter queue: Where ``offload(_:)`` runs work. Defaults to the global queue of
    ///   utility quality of service.
    public init(queue: DispatchQueue = .global(qos: .utility)) {
        self.queue = queue
    }

    /// Runs `work` asynchronously on ``queue``.
    public func offload(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Runs `work` asynchronously on the main queue.
    public func main(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { work() }
    }

    /// Runs `work` on the main queue once `delay` seconds have passed — never earlier — unless
    /// the returned token is cancelled first.
    ///
    /// A negative delay runs as soon as possible; `.infinity`, `.nan` and delays of
    /// ``neverDelay`` or more never run.
    @discardableResult
    public func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
        // The main queue is the main actor's executor, so the work runs isolated to it there;
        // `MainActor.assumeIsolated` cannot be used to say so, because on Linux the main queue
        // may be drained by a thread that is not the main thread (Swift Testing).
        Self.schedule(on: .main, after: delay, unsafeBitCast(work, to: (@Sendable () -> Void).self))
    }

    /// Runs `work` on ``queue`` once `delay` seconds have passed — never earlier — unless the
    /// returned token is cancelled first. Bad delays follow ``after(_:_:)``'s rule.
    @discardableResult
    public func offload(after delay: TimeInterval, _ work: @escaping @Sendable () -> Void) -> DelayedWork {
        Self.schedule(on: queue, after: delay, work)
    }

    /// The system's uptime clock (`DispatchTime.now()`), in seconds: monotonic, unaffected by
    /// changes to the wall clock.
    public var now: TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// The real clock for code that takes `any Clock<Duration>`: the uptime clock that ``now``
    /// reads, as a `SuspendingClock`.
    ///
    /// ```swift
    /// struct Heartbeat {
    ///     let clock: any Clock<Duration>
    ///     func run(_ beat: () async -> Void) async throws {
    ///         while true {
    ///             try await clock.sleep(for: .seconds(30))
    ///             await beat()
    ///         }
    ///     }
    /// }
    ///
    /// let heartbeat = Heartbeat(clock: GCD().clock)   // tests pass `mock.clock`: virtual time
    /// ```
    ///
    /// Production code that gets its time this way runs on virtual time under test:
    /// `MockDispatchable`'s `clock` is a `Clock` with the same `Duration`, whose `now` is the mock's
    /// virtual time and whose sleeps are timers of the mock, stepped by manual mode and chosen by
    /// exploration.
    ///
    /// `SuspendingClock` is the clock of `DispatchTime` on every platform (`CLOCK_UPTIME_RAW` on
    /// Apple platforms, `CLOCK_MONOTONIC` on Linux), so its readings and ``now``'s agree: it does
    /// not advance while the system sleeps and never jumps when the wall clock is changed. Its
    /// sleeps are `Task.sleep`s on real time. Code that should count time the system spent asleep
    /// takes a `ContinuousClock()` instead.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var clock: SuspendingClock { SuspendingClock() }

    private static func schedule(
        on queue: DispatchQueue, after delay: TimeInterval, _ work: @escaping @Sendable () -> Void
    ) -> DelayedWork {
        let token = DelayedWork()
        guard let deadline = deadline(after: delay) else { return token }
        run(work, on: queue, at: deadline, unless: token)
        return token
    }

    /// libdispatch on Linux may fire a timer some microseconds early; re-arm until the deadline
    /// has really passed, so delayed work is never early.
    private static func run(
        _ work: @escaping @Sendable () -> Void, on queue: DispatchQueue, at deadline: DispatchTime,
        unless token: DelayedWork
    ) {
        queue.asyncAfter(deadline: deadline) {
            guard !token.isCancelled else { return }
            guard DispatchTime.now() >= deadline else { return run(work, on: queue, at: deadline, unless: token) }
            work()
        }
    }

    /// Sleeps on real time with `Task.sleep`, without involving the main queue.
    ///
    /// A negative delay returns at once; `.infinity`, `.nan` and delays of ``neverDelay`` or
    /// more sleep until the task is cancelled.
    nonisolated(nonsending) public func sleep(for delay: TimeInterval) async throws {
        guard let nanoseconds = Self.nanoseconds(delay) else {
            // Never: sleep until cancelled.
            while true { try await Task.sleep(nanoseconds: 1_000_000_000_000_000_000) }
        }
        try await Task.sleep(nanoseconds: nanoseconds)
    }

    /// The dispatch deadline for `delay`, or nil when the work must never run.
    static func deadline(after delay: TimeInterval) -> DispatchTime? {
        guard let nanoseconds = nanoseconds(delay) else { return nil }
        return DispatchTime(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds + nanoseconds)
    }

    /// `delay` to the nearest whole nanosecond, zero for negative delays; nil (never) for NaN,
    /// +infinity and anything from ``neverDelay`` up.
    ///
    /// `MockDispatchable.swift` keeps the same rule (`Nanoseconds.delay`) because a copied mock
    /// can use only the public API; `MirroredRulesTests` pins the two together.
    static func nanoseconds(_ delay: TimeInterval) -> UInt64? {
        if delay.isNaN || delay >= neverDelay { return nil }
        if delay <= 0 { return 0 }
        return UInt64((delay * 1e9).rounded())
    }

    /// Delays from 10⁹ seconds (about 31 years) up are treated like `.infinity`: never. Larger
    /// deadlines overflow `DispatchTime`, which libdispatch then reads as a wall-clock time in
    /// the past and runs at once.
    public static let neverDelay: TimeInterval = 1e9
}
