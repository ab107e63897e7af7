// NOT upstream (BugBench): `os_unfair_lock`, which TCA's `Locking.swift` and `CurrentValueRelay.swift`
// use, exists on Apple's systems only. On Linux it is spelled here as a plain (non-recursive,
// zero-initialised = PTHREAD_MUTEX_INITIALIZER) pthread mutex, with the same lock/unlock calls.
#if !canImport(Darwin)
  import Glibc

  @usableFromInline typealias os_unfair_lock_s = pthread_mutex_t
  @usableFromInline typealias os_unfair_lock = pthread_mutex_t
  @usableFromInline typealias os_unfair_lock_t = UnsafeMutablePointer<pthread_mutex_t>

  @usableFromInline func os_unfair_lock_lock(_ lock: os_unfair_lock_t) { pthread_mutex_lock(lock) }
  @usableFromInline func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) { pthread_mutex_unlock(lock) }
#endif
