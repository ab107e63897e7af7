#if DEBUG
    import Dispatch
    import Foundation
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    // MARK: - Locking

    nonisolated extension MockDispatchable {
        /// A value and the lock that guards it: the mock's state (``Core``), an async run's inbox's,
        /// the captures' shared state.
        ///
        /// The library's `Locked` again, under the same name, because a copied mock can use only
        /// the public API; built on a `pthread_mutex_t` and pointers because the mock's and the
        /// inbox's locks are on every dispatch and every job: the runtime's dynamic exclusivity
        /// check on a class's stored `var` cost a third of each one, and a pointer's `pointee` has
        /// none.
        // joined: fileprivate
        nonisolated final class Locked<Value>: @unchecked Sendable {
            // @unchecked: `value` is only read or written between `pthread_mutex_lock` and
            // `pthread_mutex_unlock` of `mutex`.
            //
            // One trade-off the mock's lock cannot make true: `State.hooks` holds plain closures (by
            // design: hooks may capture and mutate test locals, so they are not `@Sendable`). They
            // are taken out under the lock and called on whichever OS thread drives the mock. A test
            // that drives one mock from several threads must make what its hooks touch thread-safe.

            /// The lock and its value by pointer, for an object that holds this lock for its whole
            /// life and takes it at every job: plain values, so taking the lock retains nothing
            /// (docs/performance.md, "Pointers, not stored references"). Valid only while this lock
            /// lives: kept beside it, never on its own.
            nonisolated struct Unretained: @unchecked Sendable {
                // @unchecked: as the lock's.
                fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>
                fileprivate let value: UnsafeMutablePointer<Value>

                @inline(__always)
                func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
                    pthread_mutex_lock(mutex)
                    defer { pthread_mutex_unlock(mutex) }
                    return try body(&value.pointee)
                }
            }

            let unretained: Unretained

            init(_ initial: Value) {
                let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
                mutex.initialize(to: pthread_mutex_t())
                pthread_mutex_init(mutex, nil)
                let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
                value.initialize(to: initial)
                unretained = Unretained(mutex: mutex, value: value)
            }

            deinit {
                unretained.value.deinitialize(count: 1)
                unretained.value.deallocate()
                pthread_mutex_destroy(unretained.mutex)
                unretained.mutex.deinitialize(count: 1)
                unretained.mutex.deallocate()
            }

            @inline(__always)
            func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
                try unretained.withLock(body)
            }
        }
    }

#endif
