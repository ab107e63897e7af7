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

    // MARK: - Stalls

    nonisolated extension MockDispatchable {
        /// Work that could run, waiting while virtual time advanced to a timer that overtook it:
        /// legal under the model (offload work may be slow, a thread may stall), but a failure that
        /// needs work to wait seconds behind a timer is not the same finding as one that needs a
        /// millisecond. A report states its schedule's longest; `maximumStall:` bounds it (see
        /// ``StallBound``).
        // joined: fileprivate
        nonisolated struct Stall {
            /// How long, in virtual nanoseconds; 0 when nothing waited behind a timer.
            var nanoseconds: Int64 = 0
            /// `offload #3 stalled 1.000s behind after(1) #2`, for the run a report shows.
            var words: String?
            /// What waited (`task 3 #2`) and the timer it waited behind (`task 4 #2, a sleep's
            /// wake-up`), for the run a report shows; kept for a task's stall only.
            var stalled: String?
            var behind: String?

            /// The sentence a failure report gives it, with the bound the exploration applied:
            /// `bound` seconds, or the default when nil (see ``StallBound``).
            func sentence(bound: TimeInterval?) -> String {
                guard nanoseconds > 0 else {
                    return "Longest stall: none (no work that could run waited behind a timer)."
                }
                let applied: String
                switch bound {
                case nil:
                    applied =
                        "the default, \(Nanoseconds.seconds(Limits.defaultTaskStall)) s for a task's job and none for "
                        + "the mock's blocks"
                case .some(.infinity): applied = "none (.infinity)"
                case .some(let seconds): applied = "\(seconds) s"
                }
                return "Longest stall: \(words ?? SecondsText.measured(Nanoseconds.seconds(nanoseconds))) "
                    + "(work that could run waited while virtual time advanced: slow work or a stalled thread). "
                    + "Stall bound: \(applied); set it with maximumStall: or \(MockDispatchable.EnvironmentVariables.maximumStall)."
            }
        }
    }

#endif
