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
/// - ``offload(_:)`` runs on ``queue``: by default a global queue of utility quality of service;
///   pass your own with ``init(queue:)``.
/// - ``main(_:)`` runs on the main queue.
/// - ``after(_:_:)`` runs on the main queue after the delay. A negative delay runs as soon as
///   possible; `.infinity` and `.nan` never run (nothing is scheduled); a delay too large for
///   `DispatchTime` is clamped to the distant future. None of them crashes.
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

    public func offload(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    public func main(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { work() }
    }

    @discardableResult
    public func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
        let cancelled = Locked(false)
        let token = DelayedWork { cancelled.withLock { $0 = true } }
        guard let deadline = Self.deadline(after: delay) else { return token }
        DispatchQueue.main.asyncAfter(deadline: deadline) {
            guard !cancelled.withLock({ $0 }) else { return }
            work()
        }
        return token
    }

    public func sleep(for delay: TimeInterval) async throws {
        guard let nanoseconds = Self.nanoseconds(delay) else {
            // Infinite or NaN: sleep until cancelled.
            while true { try await Task.sleep(nanoseconds: UInt64.max / 2) }
        }
        try await Task.sleep(nanoseconds: nanoseconds)
    }

    /// The dispatch deadline for `delay`, or nil when the work must never run.
    static func deadline(after delay: TimeInterval) -> DispatchTime? {
        guard let nanoseconds = nanoseconds(delay) else { return nil }
        let now = DispatchTime.now()
        let (sum, overflow) = now.uptimeNanoseconds.addingReportingOverflow(nanoseconds)
        return overflow ? .distantFuture : DispatchTime(uptimeNanoseconds: sum)
    }

    /// `delay` in whole nanoseconds, clamped at zero and at `UInt64.max / 2`; nil for NaN and
    /// +infinity.
    static func nanoseconds(_ delay: TimeInterval) -> UInt64? {
        if delay.isNaN || delay == .infinity { return nil }
        if delay <= 0 { return 0 }
        let limit = UInt64.max / 2
        let scaled = delay * 1e9
        return scaled >= Double(limit) ? limit : UInt64(scaled)
    }
}
