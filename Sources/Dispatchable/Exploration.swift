/// The names an exploration takes: how it picks schedules, and which slice of them it runs.
///
/// ```swift
/// try MockDispatchable.explore(schedules: 1_000, seed: 42, strategy: .pct(depth: 2)) { mock in … }
/// try MockDispatchable.exploreAll(limit: 100_000, shard: .init(3, of: 8)) { mock in … }
/// ```
///
/// `MockDispatchable` spells them `MockDispatchable.ExplorationStrategy` and
/// `MockDispatchable.ExplorationShard`. They live in the library, always compiled, because
/// DispatchableTesting's traits take them in their public signatures; they hold no mock code.
public enum Exploration {
    /// How an exploration picks its schedules. Every strategy is deterministic for a given seed.
    public enum Strategy: Sendable, Equatable {
        /// At each choice point, any choice with equal probability. Good at bugs that need a
        /// deviation early in a run; weak at one that needs a single deviation late in a long
        /// one.
        case randomWalk
        /// Probabilistic concurrency testing (Burckhardt et al., 2010): each item gets a random
        /// priority and the highest-priority choice runs; at `depth - 1` randomly picked choice
        /// points the chosen item's priority drops below all others. Finds a bug that needs
        /// `depth` ordering constraints with a probability that does not shrink with the
        /// length of the run.
        case pct(depth: Int)
        /// Ordinary manual mode first, then, alternately, every schedule with exactly one
        /// deviation from it (most ordering bugs need one) and schedules from
        /// ``randomWalk`` and ``pct(depth:)`` with depths 2 and 3. The default.
        case mixed
    }

    /// One of `count` disjoint slices of the schedules an exhaustive exploration runs, for
    /// splitting it across processes or CI machines.
    ///
    /// ```swift
    /// // CI matrix line 3 of 8 (or DISPATCHABLE_SHARD=3/8 in its environment, no code change):
    /// try MockDispatchable.exploreAll(limit: 100_000, shard: .init(3, of: 8)) { mock in … }
    /// ```
    ///
    /// The partition depends only on the body, never on timing: every shard walks the same
    /// schedules in the same order, the slices are disjoint, and their union is the unsharded
    /// run (their distinct schedules add up to its count). A failing schedule found in one shard
    /// replays anywhere. The index is 1-based; out-of-range values are refused with an
    /// `.invalidArgument` error when the exploration starts.
    public struct Shard: Sendable, Hashable, CustomStringConvertible {
        /// Which slice, from 1 to ``count``.
        public let index: Int
        /// How many slices the schedules are split into.
        public let count: Int

        /// Shard `index` of `count`, 1-based: `Shard(3, of: 8)`.
        public init(_ index: Int, of count: Int) {
            self.index = index
            self.count = count
        }

        /// `3/8`, as the environment variable `DISPATCHABLE_SHARD` spells it.
        public var description: String { "\(index)/\(count)" }
    }
}
