import Dispatch
import Foundation

/// Where a block of work ran.
///
/// `MockDispatchable` records one of these for every block it runs, so a test can assert which
/// thread ran what:
///
/// ```swift
/// loader.load(data) { _ in }
/// XCTAssertEqual(mock.recorder.enteredThreads, [.offload, .main])
/// ```
public enum DispatchThread: Hashable, Sendable, CustomStringConvertible {
    /// Work sent with ``Dispatchable/main(_:)``: the main thread, on the main actor.
    case main
    /// Work sent with ``Dispatchable/offload(_:)``: a background thread.
    case offload
    /// Main-thread work that was scheduled with ``Dispatchable/after(_:_:)`` and this delay.
    case after(TimeInterval)

    /// Whether work on this thread runs on the main thread: true for ``main`` and ``after(_:)``.
    public var isMain: Bool {
        switch self {
        case .main, .after: return true
        case .offload: return false
        }
    }

    /// `"main"`, `"offload"` or `"after(0.5)"`.
    public var description: String {
        switch self {
        case .main: return "main"
        case .offload: return "offload"
        case .after(let delay): return "after(\(SecondsText.compact(delay)))"
        }
    }

    /// Whether the caller is running on the main queue right now.
    ///
    /// True on the main thread, and in work that the main queue is running on another thread:
    /// Swift Testing on Linux drains the main queue on a thread that is not the main thread, so
    /// `Thread.isMainThread` is false there even on the main actor. The main actor runs its jobs
    /// on the main queue, so code for which this is true does not race with the main actor.
    ///
    /// Cheap enough for every dispatch: whether a thread is the main thread is worked out once
    /// per thread (`Thread.isMainThread` costs about 240 ns on Linux) and kept in a thread-local.
    public static var isOnMainQueue: Bool {
        MainThreadFlag.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}
