#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: one shard of fewest deviations first

    nonisolated extension MockDispatchable {
        /// One shard's slice of ``FewestFirst``'s schedules, for `exploreAll(shard:)` and
        /// `DISPATCHABLE_SHARD`.
        ///
        /// A shard owns whole subtrees: the schedules that share their first `depth` choices (a
        /// prefix), dealt by a hash of the prefix, so every shard computes the same split whatever
        /// it has run. `depth` is the first at which ordinary manual mode's choice points offer
        /// sixteen prefixes per shard: enough subtrees for hashing to balance the shards within 2×.
        /// A shard runs a schedule it does not own only when a schedule it owns may descend from it
        /// (a discovery run: not counted, its failure left to the owner).
        // joined: fileprivate
        nonisolated struct Sharded: Scheduler {
            private var order = FewestFirst()
            private let shard: ExplorationShard
            /// Known once ordinary manual mode has run.
            private var depth: Int?

            init(_ shard: ExplorationShard) { self.shard = shard }

            mutating func beginRun() -> RunPlan? {
                while var run = order.beginRun() {
                    let deviations = order.plannedDeviations
                    let owned = isOwned(deviations)
                    // A subtree under a prefix another shard owns holds nothing this shard owns.
                    if !owned, let depth, let last = deviations.last, last.position >= depth {
                        order.skip()
                        continue
                    }
                    run.isCounted = owned
                    return run
                }
                return nil
            }

            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String? {
                if depth == nil { depth = Self.splitDepth(choices, shards: shard.count) }
                return order.endRun(choices, isRepeat: isRepeat)
            }

            var mayRepeat: Bool { false }
            var isExhaustive: Bool { order.isExhaustive }

            private func isOwned(_ deviations: [FewestFirst.Deviation]) -> Bool {
                Self.owner(of: deviations, depth: depth ?? 0, shards: shard.count) == shard.index - 1
            }

            /// The shard (0-based) that owns the subtree under the first `depth` choices of the
            /// schedule that deviates from ordinary manual mode by `deviations`: a hash of them.
            private static func owner(of deviations: [FewestFirst.Deviation], depth: Int, shards: Int) -> Int {
                guard shards > 1 else { return 0 }
                var hash = FNV1a()
                for deviation in deviations where deviation.position < depth {
                    hash.add(deviation.position)
                    hash.add(deviation.taken)
                }
                // FNV's low bits mix poorly: fold the high half in.
                return Int((hash.value ^ (hash.value >> 32)) % UInt64(shards))
            }

            /// The depth of the prefixes shards are dealt by: the first at which ordinary manual
            /// mode's choice points offer sixteen prefixes per shard (or all of its choice points).
            private static func splitDepth(_ choices: [Choice], shards: Int) -> Int {
                guard shards > 1 else { return 0 }
                var prefixes = 1
                for (depth, choice) in choices.enumerated() {
                    if prefixes >= 16 * shards { return depth }
                    prefixes = prefixes.multipliedReportingOverflow(by: Swift.max(choice.offered, 1)).partialValue
                }
                return choices.count
            }
        }
    }

#endif
