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

    // MARK: - Schedules as text

    nonisolated extension MockDispatchable {
        /// A schedule as text: its choice points as `taken/offered`, up to the last one that differs
        /// from ordinary manual mode (`""` is ordinary manual mode itself).
        // joined: fileprivate
        nonisolated enum ScheduleText {
            /// The call that runs `schedule` again, in the form of the exploration `caller`'s family:
            /// `replayTasks` after the `…Tasks` forms, `replay` after the others.
            static func replayCall(
                _ schedule: String, after caller: ExplorationPlan.Caller, maximumStall: TimeInterval? = nil
            ) -> String {
                let bound = maximumStall.map { ", maximumStall: \(code(forSeconds: $0))" } ?? ""
                if let ordinary = caller.ordinaryName, schedule.isEmpty {
                    return "MockDispatchable.\(ordinary)\(bound.isEmpty ? "" : "(\(bound.dropFirst(2)))") { mock in … }"
                }
                return "MockDispatchable.\(caller.replayName)(\"\(schedule)\"\(bound)) { mock in … }"
            }

            /// A stall bound as Swift source: `.infinity`, or the number (`0.1`, `5.0`).
            static func code(forSeconds seconds: TimeInterval) -> String {
                seconds == .infinity ? ".infinity" : String(describing: seconds)
            }

            /// `Schedule: "1/2" (1 deviation from ordinary manual mode, not minimised: <why>); run it
            /// again with …`: how a failure reported at once, unminimised, names its schedule.
            static func unminimised(_ choices: [Choice], because why: String, after caller: ExplorationPlan.Caller)
                -> String
            {
                let schedule = encode(choices)
                let count = deviations(in: choices)
                return "Schedule: \"\(schedule)\" (\(count) deviation\(count == 1 ? "" : "s") from ordinary manual "
                    + "mode, not minimised: \(why)); run it again with \(replayCall(schedule, after: caller))"
            }

            /// How many of `choices` differ from ordinary manual mode's.
            static func deviations(in choices: [Choice]) -> Int {
                choices.reduce(0) { $0 + ($1.taken == 0 ? 0 : 1) }
            }

            static func encode(_ choices: [Choice]) -> String {
                guard let last = choices.lastIndex(where: { $0.taken != 0 }) else { return "" }
                return choices[...last].map { "\($0.taken)/\($0.offered)" }.joined(separator: " ")
            }

            /// The choices of a schedule string, or what is wrong with it: the first bad token, by
            /// position, quoted short.
            static func decode(_ text: String) -> Result<[Choice], ScheduleTextError> {
                var choices: [Choice] = []
                let tokens = text.split(whereSeparator: \.isWhitespace)
                for (position, token) in tokens.enumerated() {
                    let parts = token.split(separator: "/", omittingEmptySubsequences: false)
                    guard parts.count == 2, let taken = Int(parts[0]), let offered = Int(parts[1]),
                        taken >= 0, offered >= 2, taken < offered
                    else {
                        return .failure(
                            ScheduleTextError(
                                description: "token \(position + 1) of \(tokens.count), "
                                    + "\"\(BoundedList.quoted(String(token), limit: 20))\", is not taken/offered with "
                                    + "0 ≤ taken < offered and offered ≥ 2"))
                    }
                    choices.append(Choice(taken: taken, offered: offered))
                }
                return .success(choices)
            }

            nonisolated struct ScheduleTextError: Error {
                let description: String
            }
        }
    }

#endif
