#if DEBUG
    import Foundation

    // MARK: - Argument rules

    nonisolated extension MockDispatchable {
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
                let name = MockDispatchable.EnvironmentVariables.shard
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

            static func strategy(_ strategy: MockDispatchable.ExplorationStrategy) -> String? {
                guard case .pct(let depth) = strategy, depth < 1 else { return nil }
                return "pct(depth:) needs a depth of 1 or more (the number of ordering constraints a bug needs), "
                    + "not \(depth)."
            }
        }
    }

#endif
