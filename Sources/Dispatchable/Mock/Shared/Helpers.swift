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

    // MARK: - Helpers

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

        /// Names a queued item the same way in every run of an explored body, whatever ran before
        /// it: by its sender (the item whose block queued it, or the test) and its place among the
        /// sender's items — "the 2nd item queued by the 1st item the test queued". Sequence numbers
        /// cannot do that: they follow the order of the run. Minimisation states deviations as
        /// "item X ran before item Y" in these terms, so dropping one deviation does not change
        /// what the others mean.
        // joined: fileprivate
        nonisolated enum Identity {
            static func child(of parent: UInt64, number: UInt64) -> UInt64 {
                var z = parent &* 0x9E37_79B9_7F4A_7C15 &+ number &+ 0x632B_E59B_D9B4_E019
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }

        /// 64-bit FNV-1a over integers: fingerprints of choice sequences, the prefixes shards are
        /// dealt by.
        // joined: fileprivate
        nonisolated struct FNV1a {
            private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

            mutating func add(_ number: Int) {
                // `bitPattern:`, not the generic `truncatingIfNeeded:`, which a debug build calls.
                value = (value ^ UInt64(bitPattern: Int64(number))) &* 0x0000_0100_0000_01b3
            }
        }

        /// Integers clamped by concrete conversions: the standard library's `init(clamping:)` is a
        /// generic call in a debug build, and the event log and the crash trail clamp at every event
        /// and every choice.
        // joined: fileprivate
        nonisolated enum Clamped {
            @inline(__always)
            static func int32(_ value: Int) -> Int32 {
                value > Int(Int32.max) ? Int32.max : value < Int(Int32.min) ? Int32.min : Int32(value)
            }
        }

        /// The one place arguments are checked. Each rule answers what is wrong with a value, in a
        /// sentence that names the argument, or nil; ``MockDispatchable/check(_:fileID:line:)`` and the
        /// explorer turn an answer into an `.invalidArgument` error.
        // joined: fileprivate
        nonisolated enum Rules {
            /// Real-time timeouts: zero or more seconds, `.infinity` for ever. The library's
            /// `Poller` keeps the same rule for `waitUntil` (a copied mock cannot call it);
            /// `MirroredRulesTests` pins the two together.
            static func timeout(_ timeout: TimeInterval) -> String? {
                timeout.isNaN || timeout < 0
                    ? "timeout must be zero or more seconds (.infinity waits for ever), not \(timeout)." : nil
            }

            /// `maxSteps`: zero or more; a negative limit is a mistake, not runaway work. (Limits
            /// above ``MockDispatchable/largestStepLimit`` count as it: see ``stepBudget(_:)``.)
            static func stepLimit(_ maxSteps: Int) -> String? {
                maxSteps < 0 ? "maxSteps must be zero or more, not \(maxSteps)." : nil
            }

            /// How many items a stepping call runs at most: `maxSteps`, clamped to
            /// ``MockDispatchable/largestStepLimit`` so that `maxSteps: .max` on work that
            /// reschedules itself forever still ends, in seconds, with an error.
            static func stepBudget(_ maxSteps: Int) -> Int {
                Swift.min(Swift.max(maxSteps, 0), MockDispatchable.largestStepLimit)
            }

            /// How many queued items to wait for: zero or more.
            static func itemCount(_ count: Int) -> String? {
                count < 0 ? "count must be zero or more, not \(count)." : nil
            }

            /// `schedules:` and `limit:`: one or more. Zero or fewer would run nothing and pass
            /// whatever the body does.
            static func scheduleCount(_ count: Int, named name: String) -> String? {
                count < 1
                    ? "\(name) must be 1 or more, not \(count): exploring no schedule would pass any body, failing ones too."
                    : nil
            }

            /// A shard's numbers: a count of 1 or more and an index from 1 to the count.
            static func shard(_ shard: MockDispatchable.ExplorationShard, named name: String) -> String? {
                guard shard.count < 1 || shard.index < 1 || shard.index > shard.count else { return nil }
                return "\(name) must be a shard index from 1 to its count, and a count of 1 or more, not "
                    + "\(shard.index) of \(shard.count) (shards are 1-based: ExplorationShard(3, of: 8) is \"3/8\")."
            }

            /// The shard the environment variable names: nil when it is unset or empty; a problem when
            /// it is not `index/count` with numbers in range.
            static func shard(fromEnvironment text: String?) -> Result<
                MockDispatchable.ExplorationShard?, ShardTextError
            > {
                let name = MockDispatchable.ExplorationShard.environmentVariable
                guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else {
                    return .success(nil)
                }
                let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
                    return .failure(
                        ShardTextError(
                            message:
                                "the environment variable \(name) is \"\(BoundedList.quoted(trimmed, limit: 40))\", "
                                + "not a shard: expected index/count, such as \"3/8\" (1-based)."))
                }
                let shard = MockDispatchable.ExplorationShard(index, of: count)
                if let problem = Self.shard(shard, named: "the environment variable \(name)") {
                    return .failure(ShardTextError(message: problem))
                }
                return .success(shard)
            }

            /// Why the shard environment variable was refused.
            nonisolated struct ShardTextError: Error {
                let message: String
            }

            /// The stall bound — `given` when there is one, else the environment variable's
            /// (``MockDispatchable/maximumStallVariable``), else ``StallBound/standard`` — and the
            /// seconds it was set to, if it was (for the replay call a report names); a problem for
            /// a negative, NaN or malformed value. `.infinity` (or `inf`) is ``StallBound/unbounded``.
            static func maximumStall(_ given: TimeInterval?, environment text: String?)
                -> Result<(bound: StallBound, seconds: TimeInterval?), StallError>
            {
                let name = MockDispatchable.maximumStallVariable
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
                            StallError(
                                message:
                                    "the environment variable \(name) is \"\(BoundedList.quoted(trimmed, limit: 40))\", "
                                    + "not a number of seconds: expected a stall bound such as \"0.1\", or \"inf\"."))
                    }
                    seconds = parsed
                    source = "the environment variable \(name) is \(BoundedList.quoted(trimmed, limit: 40))"
                }
                guard !seconds.isNaN, seconds >= 0 else {
                    return .failure(
                        StallError(
                            message: "\(source), not a stall bound: expected 0 or more seconds (0: no work ever waits "
                                + "behind a timer; .infinity or \"inf\": unbounded; left out: a task's job waits at most "
                                + "\(Nanoseconds.seconds(Limits.defaultTaskStall)) s, the mock's blocks unbounded)."))
                }
                guard seconds.isFinite, seconds * 1e9 < Double(Int64.max / 2) else {
                    return .success((.unbounded, .infinity))
                }
                return .success((.every(Int64((seconds * 1e9).rounded())), seconds))
            }

            nonisolated struct StallError: Error {
                let message: String
            }

            static func strategy(_ strategy: MockDispatchable.ExplorationStrategy) -> String? {
                guard case .pct(let depth) = strategy, depth < 1 else { return nil }
                return "pct(depth:) needs a depth of 1 or more (the number of ordering constraints a bug needs), "
                    + "not \(depth)."
            }
        }

        /// Keeps messages short however much there is to list: the first ``shown`` lines, then a count.
        // joined: fileprivate
        nonisolated enum BoundedList {
            static let shown = 20

            static func lines(_ first: [String], total: Int, indent: String) -> String {
                var lines = Array(first.prefix(shown))
                if total > lines.count { lines.append("\(indent)… and \(total - lines.count) more") }
                return lines.joined(separator: "\n")
            }

            /// `text`, or its first `limit` characters and an ellipsis.
            static func quoted(_ text: String, limit: Int = 60) -> String {
                text.count <= limit ? text : String(text.prefix(limit)) + "…"
            }
        }

        /// Seconds as text: `0.300s`, `inf`, `nan`. The library's `SecondsText.measured` rule,
        /// copied because a copied mock can use only the public API; `MirroredRulesTests` pins
        /// the two together.
        // joined: fileprivate
        nonisolated enum SecondsText {
            static func measured(_ seconds: Double) -> String {
                if seconds.isFinite { return String(format: "%.3fs", seconds) }
                return seconds.isNaN ? "nan" : seconds < 0 ? "-inf" : "inf"
            }
        }

        /// SplitMix64: small, fast, and the same numbers for the same seed on every platform.
        // joined: fileprivate
        nonisolated struct RandomNumbers {
            private var state: UInt64

            init(seed: UInt64) { state = seed }

            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                return Self.mix(state)
            }

            /// The `index`-th number after this one (from 1), without drawing the ones before it: a
            /// random function of `index`.
            func value(at index: UInt64) -> UInt64 {
                Self.mix(state &+ index &* 0x9E37_79B9_7F4A_7C15)
            }

            private static func mix(_ value: UInt64) -> UInt64 {
                var z = value
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }

            /// A number in `0..<bound`.
            mutating func next(below bound: Int) -> Int {
                Int(next() % UInt64(bound))
            }

            /// An independent generator, for one run.
            mutating func split() -> RandomNumbers { RandomNumbers(seed: next()) }
        }
    }

#endif
