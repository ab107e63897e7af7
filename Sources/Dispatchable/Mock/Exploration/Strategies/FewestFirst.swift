#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Strategy: fewest deviations first

    nonisolated extension MockDispatchable {
        /// The order `exploreAll` runs schedules in: fewest deviations from ordinary manual mode
        /// first (iterative deviation bounding, as CHESS bounds preemptions), each schedule once.
        ///
        /// Level `d` holds the schedules with `d` deviations. A schedule's children in level `d + 1`
        /// keep its deviations and add one after its last: at a later choice point of its run, which
        /// otherwise takes the first choice there. Only its length is needed to list them — the
        /// choice points are known from the first child run (the one deviating last), which shares
        /// the schedule's run up to its deviation — so a level keeps 16 bytes per schedule, not its
        /// runs. A level with no schedule ends the order: dropping the last deviation of a schedule
        /// leaves one in the level below, so none lies beyond an empty level.
        // joined: fileprivate
        nonisolated struct FewestFirst: Scheduler {
            /// A choice other than the first at a choice point.
            nonisolated struct Deviation {
                let position: Int
                let taken: Int
            }

            /// A schedule to run: its deviations, and the script that makes it.
            nonisolated struct Next {
                let deviations: [Deviation]
                let script: [Choice]
                /// Whether every choice point of the script offers what it offered before.
                let isStrict: Bool
            }

            /// One schedule of a level: its parent in the level before, its last deviation, and
            /// how many choice points its run had.
            private nonisolated struct Node {
                let parent: Int32
                let position: Int32
                let taken: Int32
                let length: Int32
            }

            private var levels: [[Node]] = []
            /// Where the walk is: the parent whose children are listed, the choice point deviating
            /// (from the parent's last one down), and the choice taken there.
            private var parent = 0
            private var position = -1
            private var taken = 0
            /// The parent's run as far as is known: ordinary manual mode's whole, else up to the
            /// deviation of its first child run.
            private var known: [Choice] = []
            /// Ordinary manual mode's choices: nil until its run (the first) has ended.
            private var ordinary: [Choice]?
            private var pending: Next?
            private var isDone = false

            /// Ordinary manual mode, then the schedules `next()` lists.
            mutating func beginRun() -> RunPlan? {
                guard ordinary != nil else { return RunPlan() }
                guard let next = next() else {
                    isDone = true
                    return nil
                }
                return RunPlan(script: next.script, isStrict: next.isStrict)
            }

            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String? {
                guard ordinary != nil else {
                    start(ordinary: choices)
                    return nil
                }
                let mismatch = mismatch(of: choices)
                learn(from: choices)
                return mismatch
            }

            var mayRepeat: Bool { false }
            var isExhaustive: Bool { isDone }

            /// The deviations of the schedule ``beginRun()`` planned last: none for ordinary manual mode.
            var plannedDeviations: [Deviation] { pending?.deviations ?? [] }

            private mutating func start(ordinary choices: [Choice]) {
                ordinary = choices
                known = choices
                levels = [[Node(parent: -1, position: -1, taken: 0, length: Int32(clamping: choices.count))], []]
                position = choices.count
            }

            /// The next schedule, or nil when every schedule has been listed.
            private mutating func next() -> Next? {
                while true {
                    let level = levels.count - 2
                    let parents = levels[level]
                    if parent >= parents.count {
                        guard !levels[level + 1].isEmpty else { return nil }
                        levels.append([])
                        parent = 0
                        startParent()
                        continue
                    }
                    // The next choice at this point, or the next point down.
                    if taken > 0, position < known.count, taken + 1 < known[position].offered {
                        taken += 1
                    } else {
                        position -= 1
                        taken = 1
                        if position <= lastDeviation(of: level, parent) {
                            parent += 1
                            startParent()
                            continue
                        }
                    }
                    let deviations = self.deviations(of: level, parent) + [Deviation(position: position, taken: taken)]
                    var script: [Choice] = []
                    script.reserveCapacity(position + 1)
                    // Every choice point up to the deviation is known: what each offered can be checked.
                    let isStrict = position < known.count
                    var index = 0
                    for deviation in deviations {
                        while index < deviation.position {
                            script.append(Choice(taken: 0, offered: index < known.count ? known[index].offered : 0))
                            index += 1
                        }
                        script.append(
                            Choice(taken: deviation.taken, offered: index < known.count ? known[index].offered : 0))
                        index += 1
                    }
                    let next = Next(deviations: deviations, script: script, isStrict: isStrict)
                    pending = next
                    return next
                }
            }

            /// Leaves out the subtree of the schedule ``beginRun()`` planned last: it is not run.
            mutating func skip() { pending = nil }

            /// Learns from the run of the schedule `next()` returned.
            private mutating func learn(from choices: [Choice]) {
                guard pending != nil else { return }
                pending = nil
                let level = levels.count - 2
                levels[level + 1].append(
                    Node(
                        parent: Int32(parent), position: Int32(position), taken: Int32(taken),
                        length: Int32(clamping: choices.count)))
                if known.count <= position, choices.count > position {
                    // The parent's run, up to this point: shared with this child's.
                    known = Array(choices[..<position]) + [Choice(taken: 0, offered: choices[position].offered)]
                }
            }

            /// Why a run of a script that was not strict is not the schedule asked for, if it is not.
            private func mismatch(of choices: [Choice]) -> String? {
                guard let pending, !pending.isStrict else { return nil }
                let lost = pending.deviations.first { deviation in
                    deviation.position >= choices.count || choices[deviation.position].taken != deviation.taken
                }
                guard let lost else { return nil }
                return "choice point \(lost.position + 1) was recorded with a choice \(lost.taken + 1) it no longer "
                    + "offers, after the same choices before it. A body must build its objects afresh on every run, "
                    + "and must not depend on randomness, real time or state shared across runs."
            }

            /// Starts listing the children of the current parent: from its last choice point down.
            private mutating func startParent() {
                let level = levels.count - 2
                guard parent < levels[level].count else { return }
                let node = levels[level][parent]
                position = Int(node.length)
                taken = 0
                known = level == 0 ? ordinary ?? [] : []
            }

            private func lastDeviation(of level: Int, _ index: Int) -> Int {
                Int(levels[level][index].position)
            }

            /// The deviations of schedule `index` of `level`, first to last.
            private func deviations(of level: Int, _ index: Int) -> [Deviation] {
                var result: [Deviation] = []
                var level = level
                var index = index
                while level > 0 {
                    let node = levels[level][index]
                    result.append(Deviation(position: Int(node.position), taken: Int(node.taken)))
                    index = Int(node.parent)
                    level -= 1
                }
                return result.reversed()
            }
        }
    }

#endif
