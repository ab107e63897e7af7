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
        /// How long work that could run may wait while a timer overtakes it, in virtual
        /// nanoseconds, inclusive; nil: unbounded. A timer is offered only while every due item
        /// would have waited at most its bound: ``tasks`` for a Swift task's job (or a sleeping
        /// task's wake-up, see ``Job/stallsAsTask``), ``blocks`` for the mock's offload and
        /// main-thread blocks.
        ///
        /// `maximumStall:` (or ``MockDispatchable/EnvironmentVariables/maximumStall``) sets both; left out, a
        /// block is unbounded — background work takes as long as it takes — and a task's job waits
        /// at most ``Limits/defaultTaskStall``, what a loaded machine does to a runnable thread.
        // joined: fileprivate
        nonisolated struct StallBound: Equatable {
            var blocks: Int64?
            var tasks: Int64?

            /// `maximumStall:` left out: blocks unbounded, tasks' jobs ``Limits/defaultTaskStall``.
            static let standard = StallBound(blocks: nil, tasks: Limits.defaultTaskStall)
            /// `maximumStall: .infinity`: every stall.
            static let unbounded = StallBound(blocks: nil, tasks: nil)

            /// The same bound for every item.
            static func every(_ nanoseconds: Int64?) -> StallBound {
                StallBound(blocks: nanoseconds, tasks: nanoseconds)
            }
        }

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
