import Foundation

// Shared by the tests and the benchmarks (`Benchmarks/` links this file), which cannot reach the
// library's internal `Locked`.

/// A lock-protected value for test code.
final class LockedValue<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            stored = newValue
        }
    }

    func mutate<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&stored)
    }
}
