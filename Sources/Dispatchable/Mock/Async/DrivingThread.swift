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
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    #endif

    // MARK: - The driving thread

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// The run the calling thread drives, if any: a thread-local, set only while a run is
        /// driven. Every job enqueued on that thread belongs to the run.
        // joined: fileprivate
        nonisolated enum DrivingThread {
            private static let key: pthread_key_t = {
                var key = pthread_key_t()
                pthread_key_create(&key, nil)
                return key
            }()

            static var inbox: TaskInbox? {
                guard let pointer = pthread_getspecific(key) else { return nil }
                return Unmanaged<TaskInbox>.fromOpaque(pointer).takeUnretainedValue()
            }

            static func begin(_ inbox: TaskInbox) {
                pthread_setspecific(key, Unmanaged.passRetained(inbox).toOpaque())
            }

            static func end() {
                guard let pointer = pthread_getspecific(key) else { return }
                Unmanaged<TaskInbox>.fromOpaque(pointer).release()
                pthread_setspecific(key, nil)
            }
        }

        /// Whether the async run the calling thread drives is to be run again, what it does not
        /// kept: it read a sleep inexactly off the real clock (see ``SleepReadings``). For a test
        /// that gathers what the runs of an exploration saw, across them.
        static var isRunToBeRepeated: Bool { DrivingThread.inbox?.readInexactly ?? false }
    }

#endif
