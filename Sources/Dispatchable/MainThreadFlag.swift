import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whether the current thread is the main thread, worked out once per thread and kept in a
/// thread-local slot.
enum MainThreadFlag {
    private static let unknown = 0
    private static let main = 1
    private static let other = 2

    /// The slot holds `main` or `other` (as a pointer-sized integer) once a thread has asked.
    /// The key is created once, and is never deleted, before any thread reads it.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var isMainThread: Bool {
        let stored = Int(bitPattern: pthread_getspecific(key))
        if stored != unknown { return stored == main }
        let isMain = Thread.isMainThread
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: isMain ? main : other))
        return isMain
    }
}
