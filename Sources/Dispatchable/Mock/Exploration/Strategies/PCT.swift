#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: PCT

    nonisolated extension MockDispatchable {
        /// `.pct(depth:)`: every run is a ``PriorityPolicy`` of the depth, its change points drawn
        /// among as many choice points as the longest run so far had. It never runs out of runs.
        // joined: fileprivate
        nonisolated struct PCT: Scheduler {
            let depth: Int
            private var random: RandomNumbers
            /// The most choice points a run has had: where change points are drawn.
            private(set) var longestRun = 1

            init(depth: Int, seed: UInt64) {
                self.depth = depth
                random = RandomNumbers(seed: seed)
            }

            mutating func beginRun() -> RunPlan? {
                RunPlan(
                    policy: PriorityPolicy(depth: depth, expectedChoicePoints: longestRun, random: random.split()))
            }

            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String? {
                longestRun = Swift.max(longestRun, choices.count)
                return nil
            }

            var mayRepeat: Bool { true }
            var isExhaustive: Bool { false }
        }

        /// PCT (Burckhardt et al., 2010): every item gets a random priority and the highest runs;
        /// at a few change points the item that would run drops below all others.
        // joined: fileprivate
        nonisolated struct PriorityPolicy: ChoicePolicy {
            /// Initial priorities, a function of the item's sequence number: nothing stored per item.
            private let initial: RandomNumbers
            /// `depth - 1` change points, drawn with replacement among the first
            /// `expectedChoicePoints` (never more than a run has, whatever the depth), the next one
            /// last. (Three words in all, so that the policy fits an existential without a box.)
            private var changePoints: [Int]
            /// The items lowered at a change point, by ascending sequence number, and their
            /// priorities (from 1 up, below every initial one): pairs of integers, `sequence` at `2i`
            /// and `priority` at `2i + 1` — an array of `Int`, not of tuples, as it is read at every
            /// candidate (docs/performance.md, "Fixed layouts").
            private var lowered: [Int] = []
            var readsIdentities: Bool { false }

            init(depth: Int, expectedChoicePoints: Int, random: RandomNumbers) {
                var random = random
                initial = random.split()
                let points = Swift.max(expectedChoicePoints, 1)
                let count = Swift.min(Swift.max(depth - 1, 0), points)
                // Kept in descending order as drawn (a handful: an insertion beats a sort), and drawn
                // with replacement: a point drawn twice is one change point.
                var drawn: [Int] = []
                drawn.reserveCapacity(count)
                for _ in 0..<count {
                    let point = random.next(below: points)
                    var place = drawn.count
                    while place > 0, drawn[place - 1] < point { place -= 1 }
                    if place > 0, drawn[place - 1] == point { continue }
                    drawn.insert(point, at: place)
                }
                changePoints = drawn
            }

            mutating func pick(among candidates: CandidateList.Offered, at point: Int) -> Int {
                var best = highestPriority(candidates)
                // By count and index, not `last`, the count read once and kept: at every choice
                // point (docs/performance.md, "Index loops", "Counts kept").
                var pointsLeft = changePoints.count
                while pointsLeft > 0, changePoints[pointsLeft - 1] < point {
                    changePoints.removeLast()
                    pointsLeft -= 1
                }
                if pointsLeft > 0, changePoints[pointsLeft - 1] == point {
                    // The change point: the item that would run drops below every other.
                    let sequence = candidates[best].sequence
                    let count = lowered.count / 2
                    let priority = count + 1
                    var place = count
                    while place > 0, lowered[2 * (place - 1)] > sequence { place -= 1 }
                    if place > 0, lowered[2 * (place - 1)] == sequence {
                        lowered[2 * (place - 1) + 1] = priority
                    } else {
                        lowered.insert(contentsOf: [sequence, priority], at: 2 * place)
                    }
                    best = highestPriority(candidates)
                }
                return best
            }

            /// The priority of the item with `sequence`, given `lowered` and `initial`: read once per
            /// choice point, not at every candidate (docs/performance.md, "Copies read once").
            @inline(__always)
            private static func priority(of sequence: Int, _ lowered: [Int], _ initial: RandomNumbers) -> UInt64 {
                let count = lowered.count / 2
                if count <= 4 {
                    // Few change points (the usual depths): a scan beats a search.
                    var index = 0
                    while index < count {
                        if lowered[2 * index] == sequence { return UInt64(lowered[2 * index + 1]) }
                        index += 1
                    }
                } else {
                    var low = 0
                    var high = count
                    while low < high {
                        let middle = (low + high) / 2
                        if lowered[2 * middle] < sequence { low = middle + 1 } else { high = middle }
                    }
                    if low < count, lowered[2 * low] == sequence { return UInt64(lowered[2 * low + 1]) }
                }
                return initialPriority(of: sequence, initial)
            }

            private func highestPriority(_ candidates: CandidateList.Offered) -> Int {
                let lowered = lowered
                let initial = initial
                // Before the first change point (most steps), no item has been lowered.
                if lowered.count == 0 {
                    return candidates.indexOfGreatest { Self.initialPriority(of: $0.sequence, initial) }
                }
                return candidates.indexOfGreatest { Self.priority(of: $0.sequence, lowered, initial) }
            }

            /// Above every lowered priority: the top bit set.
            @inline(__always)
            private static func initialPriority(of sequence: Int, _ initial: RandomNumbers) -> UInt64 {
                initial.value(at: UInt64(bitPattern: Int64(sequence))) | (1 << 63)
            }
        }
    }

#endif
