#if DEBUG
    import Foundation
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    // MARK: - Environment variables

    nonisolated extension MockDispatchable {
        /// Every environment variable the mock reads, named and read here and nowhere else. Each is
        /// read when it is used, not once per process, so a test that sets one with `setenv` sees it.
        // joined: fileprivate
        nonisolated enum EnvironmentVariables {
            /// `DISPATCHABLE_MAXIMUM_STALL`: bounds stalls (seconds, such as `0.1`, or `inf` for every
            /// stall) for every exploration whose `maximumStall:` is left out: a whole run's bound
            /// without code changes. A `maximumStall:` given in code wins over it.
            static let maximumStall = "DISPATCHABLE_MAXIMUM_STALL"
            /// `DISPATCHABLE_SHARD`: the shard (`3/8`) an exhaustive exploration runs when its
            /// `shard:` is left out.
            static let shard = "DISPATCHABLE_SHARD"
            /// `DISPATCHABLE_ASYNC_CAPTURE`: `public` forces the public capture where the SPI one
            /// exists, so that what Apple platforms get can be tested on Linux;
            /// `public-without-main-executor-hook` turns the main-executor hook off besides.
            static let asyncCapture = "DISPATCHABLE_ASYNC_CAPTURE"
            /// `DISPATCHABLE_MAIN_ACTOR_HOLD_LOG`: a file each synchronous exploration appends
            /// `<seconds> <call> <file:line>` to, to find the ones that hold the main actor long.
            static let mainActorHoldLog = "DISPATCHABLE_MAIN_ACTOR_HOLD_LOG"

            /// The value of the variable `name` in the process's environment now, if it is set: one
            /// `getenv`, not `ProcessInfo.environment`, which copies the whole environment into a
            /// dictionary at each read (docs/performance.md, "Set-up").
            static func value(of name: String) -> String? {
                guard let value = getenv(name) else { return nil }
                return String(cString: value)
            }
        }
    }

#endif
