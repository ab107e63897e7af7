import Foundation

/// Why a ``waitUntil(timeout:pollInterval:fileID:line:_:)`` call gave up.
///
/// Its description names the timeout, the time waited, the call site and, where there is one,
/// the last value observed or the last error thrown by the check:
///
/// ```
/// waitUntil timed out after 1.002s (timeout 1.000s) at AppTests/LoaderTests.swift:42;
/// last observed value: loading
/// ```
public struct WaitError: Error, CustomStringConvertible, Sendable {
    /// Why the wait ended.
    public enum Reason: Sendable, Equatable {
        /// The condition did not hold within the timeout.
        case timedOut
        /// `timeout` or `pollInterval` was negative, NaN or (for `pollInterval`) zero.
        case invalidArgument
        /// The synchronous form was called on the main queue off the main thread, or inside a
        /// main-actor task (a Swift Testing `@MainActor` test, on any platform): waiting would
        /// block the main queue or re-enter the main actor. Use the `async` form.
        case wouldBlockMainQueue
    }

    /// Why the wait ended.
    public let reason: Reason
    /// The timeout the caller asked for, in seconds.
    public let timeout: TimeInterval
    /// How long the call waited, in seconds.
    public let waited: TimeInterval
    /// The file of the call site.
    public let fileID: String
    /// The line of the call site.
    public let line: UInt
    /// The last value the check observed, as text, captured when it was checked.
    public let lastObservedValue: String?
    /// The last error the check threw.
    public let lastError: String?
    /// What the wait noticed about its surroundings, such as a main queue that never ran.
    public let diagnosis: String?

    /// The reason, the times, the call site and what was last observed, in one line.
    public var description: String {
        var text: String
        switch reason {
        case .timedOut:
            text =
                "waitUntil timed out after \(SecondsText.measured(waited)) (timeout \(SecondsText.measured(timeout)))"
        case .invalidArgument:
            text = "waitUntil got an invalid argument"
        case .wouldBlockMainQueue:
            text = "waitUntil (synchronous) was called on the main queue in a way that would block it"
        }
        text += " at \(fileID):\(line)"
        if let lastObservedValue { text += "; last observed value: \(lastObservedValue)" }
        if let lastError { text += "; last error: \(lastError)" }
        if let diagnosis { text += ". \(diagnosis)" }
        return text
    }
}
