import Dispatchable
import Foundation

/// Uploads with retries (exponential backoff: 1 s, 2 s, 4 s, …) and a timeout per attempt.
@MainActor
public final class UploadClient {
    /// One attempt's transport: calls back (from any thread) with whether it succeeded, or never.
    public typealias Transport = @Sendable (_ attempt: Int, _ done: @escaping @Sendable (Bool) -> Void) -> Void

    public enum Outcome: Equatable, Sendable {
        case uploaded(attempts: Int)
        case failed(attempts: Int)
    }

    private let dispatch: any Dispatchable
    private let transport: Transport
    public let maxAttempts: Int
    public let timeout: TimeInterval
    /// The attempts started, by number.
    public private(set) var attemptLog: [Int] = []
    /// When each attempt started, in seconds since `start()`, on the dispatcher's clock
    /// (`Dispatchable.now`: uptime with `GCD`, virtual time with the mock).
    public private(set) var attemptTimes: [TimeInterval] = []
    private var startedAt: TimeInterval = 0
    public private(set) var outcome: Outcome?

    public init(
        dispatch: any Dispatchable = GCD(), maxAttempts: Int = 4, timeout: TimeInterval = 5,
        transport: @escaping Transport
    ) {
        self.dispatch = dispatch
        self.maxAttempts = maxAttempts
        self.timeout = timeout
        self.transport = transport
    }

    public func start() {
        startedAt = dispatch.now
        attempt(1)
    }

    /// The wait before attempt `number` (2 and later): 1, 2, 4, … seconds.
    public static func backoff(before number: Int) -> TimeInterval { pow(2, Double(number - 2)) }

    private func attempt(_ number: Int) {
        attemptLog.append(number)
        attemptTimes.append(dispatch.now - startedAt)
        let state = AttemptState()
        let timer = dispatch.after(timeout) { [weak self] in
            guard !state.finished else { return }
            state.finished = true
            self?.attemptFailed(number)
        }
        let dispatch = self.dispatch
        let transport = self.transport
        dispatch.offload {
            transport(number) { succeeded in
                dispatch.main { [weak self] in
                    guard !state.finished else { return }
                    state.finished = true
                    timer.cancel()
                    if succeeded { self?.outcome = .uploaded(attempts: number) } else { self?.attemptFailed(number) }
                }
            }
        }
    }

    /// Whichever of the response and the timeout comes first wins.
    @MainActor private final class AttemptState {
        var finished = false
    }

    private func attemptFailed(_ number: Int) {
        guard number < maxAttempts else {
            outcome = .failed(attempts: number)
            return
        }
        dispatch.after(Self.backoff(before: number + 1)) { [weak self] in self?.attempt(number + 1) }
    }
}
