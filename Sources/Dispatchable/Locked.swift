import Foundation

/// A value that many threads may read and change, one at a time.
///
/// The lock is held only while `body` runs; never call out to user code from inside `body`.
///
/// The library's one lock-protected value. Its copies cannot use this internal type: a copied
/// mock can use only the public API, so `MockDispatchable.swift` keeps `MockDispatchable.Locked`
/// (the same type, for the async captures' shared state) and `MockDispatchable.Core` (the mock's
/// own state behind a `pthread_mutex_t`, for the dispatch hot path); the tests and benchmarks
/// share `LockedValue` (`Tests/DispatchableTests/Support/LockedValue.swift`), with a `value`
/// property that test code reads more easily.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
