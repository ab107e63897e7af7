#if DEBUG
    import Foundation

    // MARK: - Nanosecond time

    nonisolated extension MockDispatchable {
        /// Virtual time in whole nanoseconds, like `DispatchTime`, so that sums of decimal delays land
        /// where a reader expects: `after(0.1 + 0.2)` is due at `advance(by: 0.3)`.
        // joined: fileprivate
        nonisolated enum Nanoseconds {
            /// The due time of work that never runs.
            static let never = Int64.max

            /// A delay as the time from now until the work is due, to the nearest nanosecond:
            /// negative is zero; NaN, `.infinity` and `GCD.neverDelay` or more are never (nil). The
            /// rule `GCD` follows; `MirroredRulesTests` pins the two together.
            static func delay(_ seconds: TimeInterval) -> Int64? {
                if seconds.isNaN || seconds >= GCD.neverDelay { return nil }
                if seconds <= 0 { return 0 }
                return Int64((seconds * 1e9).rounded())
            }

            /// The latest virtual time: the clock never passes it, so that `now` plus any delay that
            /// is not never-due (under `GCD.neverDelay`) still fits below ``never`` — about 260
            /// years. Were the clock to saturate instead, every later timer would be due at once.
            static let end = never - neverDelay - 1

            /// `GCD.neverDelay` in nanoseconds: a delay this long or longer is never due.
            static let neverDelay = Int64(GCD.neverDelay * 1e9)

            /// The time `advance(by: seconds)` moves `now` to; nil unless `seconds` is finite, not
            /// negative, and lands no later than ``end``.
            static func advancing(_ now: Int64, by seconds: TimeInterval) -> Int64? {
                guard seconds.isFinite, seconds >= 0 else { return nil }
                let nanoseconds = (seconds * 1e9).rounded()
                guard nanoseconds == 0 || nanoseconds <= Double(end - now) else { return nil }
                return Swift.min(now + Int64(nanoseconds), end)
            }

            /// `time + amount`, saturating below ``never``.
            static func adding(_ amount: Int64, to time: Int64) -> Int64 {
                let (sum, overflow) = time.addingReportingOverflow(amount)
                return overflow || sum >= never ? never - 1 : sum
            }

            static func seconds(_ nanoseconds: Int64) -> TimeInterval {
                nanoseconds == never ? .infinity : Double(nanoseconds) / 1e9
            }

            /// A delay as the recorder shows it, to the nanosecond: `after(1 - 0.7 + 0.01)` records
            /// `.after(0.31)`.
            static func recordedDelay(_ seconds: TimeInterval) -> TimeInterval {
                guard seconds.isFinite, abs(seconds) < GCD.neverDelay else { return seconds }
                return (seconds * 1e9).rounded() / 1e9
            }
        }
    }

#endif
