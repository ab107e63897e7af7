#if DEBUG
    import Foundation

    // MARK: - The stall bound

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

            /// The bound a call applies — `given` when there is one, else the environment variable's
            /// (``MockDispatchable/EnvironmentVariables/maximumStall``), else ``StallBound/standard`` — and the
            /// seconds it was set to, if it was (for the replay call a report names); a problem for
            /// a negative, NaN or malformed value. `.infinity` (or `inf`) is ``StallBound/unbounded``.
            static func resolved(_ given: TimeInterval?, environment text: String?)
                -> Result<(bound: StallBound, seconds: TimeInterval?), Refusal>
            {
                let name = MockDispatchable.EnvironmentVariables.maximumStall
                let seconds: TimeInterval
                let source: String
                if let given {
                    seconds = given
                    source = "maximumStall is \(given)"
                } else {
                    guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else {
                        return .success((.standard, nil))
                    }
                    guard let parsed = TimeInterval(trimmed) else {
                        return .failure(
                            Refusal(
                                message:
                                    "the environment variable \(name) is \"\(BoundedList.quoted(trimmed, limit: 40))\", "
                                    + "not a number of seconds: expected a stall bound such as \"0.1\", or \"inf\"."))
                    }
                    seconds = parsed
                    source = "the environment variable \(name) is \(BoundedList.quoted(trimmed, limit: 40))"
                }
                guard !seconds.isNaN, seconds >= 0 else {
                    return .failure(
                        Refusal(
                            message: "\(source), not a stall bound: expected 0 or more seconds (0: no work ever waits "
                                + "behind a timer; .infinity or \"inf\": unbounded; left out: a task's job waits at most "
                                + "\(Nanoseconds.seconds(Limits.defaultTaskStall)) s, the mock's blocks unbounded)."))
                }
                guard seconds.isFinite, seconds * 1e9 < Double(Int64.max / 2) else {
                    return .success((.unbounded, .infinity))
                }
                return .success((.every(Int64((seconds * 1e9).rounded())), seconds))
            }

            /// Why a stall bound was refused.
            nonisolated struct Refusal: Error {
                let message: String
            }
        }
    }

#endif
