#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Minimiser

    nonisolated extension MockDispatchable {
        /// Turns a failing run into the failing schedule a report shows: the one with the fewest
        /// deviations from ordinary manual mode it can find (``minimise(_:)``), confirmed by one more
        /// run that keeps its deviations in words (``confirm(_:unproven:found:)``). It runs the body
        /// through the driver's `run`, and knows nothing else of it.
        // joined: fileprivate
        nonisolated struct Minimiser {
            typealias Outcome = Explorer.Outcome

            /// Runs the body once under a run record: the driver's ``Explorer/run(_:)``.
            private let run: (RunRecord) throws -> Outcome
            private let clock: MinimisingBudget

            /// A minimiser whose runs `run` makes, within `budget`: begun when the failure is found,
            /// so that the steps it counts are minimisation's.
            init(budget: MinimisingBudget, running run: @escaping (RunRecord) throws -> Outcome) {
                self.run = run
                clock = budget
            }

            /// A failing schedule with the fewest deviations from ordinary manual mode this can find,
            /// and, when the search could not rule out fewer, what it did rule out (in words).
            ///
            /// 1. Drops deviations while the body still fails (see `dropDeviations(from:runs:)`),
            ///    then moves them earlier where that lets more go (see `moveDeviations(from:runs:)`).
            ///    Each is stated as an ``Order`` between items named by ``Identity`` and re-resolved
            ///    in every run, so dropping some does not shift what the others mean (dropping a
            ///    positional choice would: choice indices after it name other items).
            /// 2. Searches upward from ordinary manual mode in ``FewestFirst`` order — every schedule
            ///    with one deviation, then two, … — for a failure with fewer deviations, within
            ///    ``Limits/searchBudget`` runs. The first it meets is the true minimum, the same whichever
            ///    schedule failed first; meeting a schedule with as many deviations as the best proves
            ///    the best minimal. When the budget runs out first, the answer says what was ruled out.
            /// 3. Among schedules with that fewest number, prefers the shortest longest ``Stall``: it
            ///    goes on through that level, within ``Limits/stallPreferenceBudget`` more runs.
            func minimise(_ failing: Outcome) throws -> (outcome: Outcome, unproven: String?) {
                // The failing run again, keeping its deviations as orders (plain runs skip that).
                let again = try run(RunRecord(script: failing.choices, keeping: .orders))
                var best = again.failure != nil && again.choices == failing.choices ? again : failing
                var runs = 0
                best = try dropDeviations(from: best, runs: &runs)
                best = try moveDeviations(from: best, runs: &runs)
                guard best.deviationCount > 0 else { return (best, nil) }
                var order = FewestFirst()
                var searched = 0
                var preferring = 0  // runs spent at the best's level, looking for a shorter stall
                while let next = order.beginRun() {
                    let level = order.plannedDeviations.count
                    // Every schedule with fewer deviations than the best has run, and passed.
                    if level > best.deviationCount
                        || level == best.deviationCount
                            && (best.stall.nanoseconds == 0 || preferring >= Limits.stallPreferenceBudget)
                    {
                        return (best, nil)
                    }
                    guard searched < Limits.searchBudget, !clock.isOver else {
                        let proven = level >= best.deviationCount
                        return (
                            best,
                            proven
                                ? nil
                                : Self.notRuledOut(
                                    best.deviationCount, below: level, runs: searched,
                                    budget: clock.isOver ? clock.words : nil)
                        )
                    }
                    let candidate = try run(next.runRecord())
                    searched += 1
                    if level == best.deviationCount { preferring += 1 }
                    guard candidate.mismatch == nil, order.endRun(candidate.choices, isRepeat: false) == nil else {
                        let proven = level >= best.deviationCount
                        return (
                            best, proven ? nil : Self.notRuledOut(best.deviationCount, below: level, runs: searched)
                        )
                    }
                    guard candidate.failure != nil else { continue }
                    if candidate.deviationCount < best.deviationCount
                        || candidate.deviationCount == best.deviationCount
                            && candidate.stall.nanoseconds < best.stall.nanoseconds
                    {
                        best = candidate
                    }
                }
                return (best, nil)
            }

            /// The run a report shows: `minimised` run again, keeping its deviations in words (plain
            /// runs skip that work), with `unproven`; or, when its failure does not recur, `found`
            /// run again, "not minimised". Nil when neither failure recurs: the body is not
            /// deterministic, and no schedule would replay it.
            func confirm(_ minimised: Outcome, unproven: String?, found: Outcome) throws
                -> (outcome: Outcome, unproven: String?)?
            {
                for candidate in [minimised, found] {
                    let again = try run(RunRecord(script: candidate.choices, strict: true, keeping: .words))
                    if again.failure != nil, again.mismatch == nil, again.choices == candidate.choices {
                        return (again, candidate.choices == minimised.choices ? unproven : "not minimised")
                    }
                    if candidate.choices == found.choices { break }
                }
                return nil
            }

            /// Drops deviations from a failing run while the body still fails, within
            /// ``Limits/droppingBudget`` runs: delta debugging (Zeller's ddmin) over its orders —
            /// without each half, then each quarter, … then each single order — so that deviations
            /// that only fail together with others (a late response that needs its request, a
            /// refresh and a timer all moved) still go in one step, where dropping one at a time
            /// stops at a schedule none of whose single deviations can go alone.
            private func dropDeviations(from failing: Outcome, runs: inout Int) throws -> Outcome {
                var best = failing
                var parts = 2
                while best.deviationCount > 1, best.orders.count > 1, runs < Limits.droppingBudget, !clock.isOver {
                    let orders = best.orders
                    parts = Swift.min(parts, orders.count)
                    let size = (orders.count + parts - 1) / parts
                    var shrunk = false
                    // Latest first, as dropping one at a time always went: the earliest deviations stay.
                    for start in stride(from: 0, to: orders.count, by: size).reversed()
                    where runs < Limits.droppingBudget && !clock.isOver {
                        var kept = orders
                        kept.removeSubrange(start..<Swift.min(start + size, orders.count))
                        let candidate = try run(RunRecord(then: OrderPolicy(orders: kept), keeping: .orders))
                        runs += 1
                        if candidate.failure != nil, candidate.deviationCount < best.deviationCount {
                            best = candidate
                            parts = Swift.max(parts - 1, 2)
                            shrunk = true
                            break
                        }
                    }
                    if !shrunk {
                        guard size > 1 else { break }  // no single order can go
                        parts = Swift.min(parts * 2, orders.count)
                    }
                }
                return best
            }

            /// Moves deviations of a failing run one choice point earlier, and drops again, while that
            /// leaves fewer; within what is left of ``Limits/droppingBudget`` runs.
            ///
            /// Dropping stops at a failure none of whose deviations can go, yet one with fewer may
            /// take the same items elsewhere. In a busy app, a request's offload taken second puts
            /// the main block of the busy offload taken first ahead of the request's own on the main
            /// queue, and moving that block up is a deviation of its own; taken first, the request's
            /// offload needs none. So each deviation in turn — its item before the ordinary item of
            /// an earlier choice point — moves up one point at a time while the body still fails
            /// with no more deviations, and after each move dropping runs again: the first move that
            /// lets one go is kept, and the search starts over from there.
            private func moveDeviations(from failing: Outcome, runs: inout Int) throws -> Outcome {
                var best = failing
                var improved = true
                while improved, best.deviationCount > 1, runs < Limits.droppingBudget, !clock.isOver {
                    improved = false
                    for start in best.orders.indices where !improved {
                        var current = best
                        var position = start
                        while !improved, runs < Limits.droppingBudget, !clock.isOver,
                            position < current.movedEarlier.count, let earlier = current.movedEarlier[position]
                        {
                            var orders = current.orders
                            orders[position] = earlier
                            let moved = try run(RunRecord(then: OrderPolicy(orders: orders), keeping: .orders))
                            runs += 1
                            guard moved.failure != nil, moved.mismatch == nil,
                                moved.deviationCount <= current.deviationCount,
                                let next = moved.orders.firstIndex(where: { $0.first == earlier.first })
                            else { break }
                            current = moved
                            position = next
                            let dropped = try dropDeviations(from: current, runs: &runs)
                            if dropped.deviationCount < best.deviationCount {
                                best = dropped
                                improved = true
                            }
                        }
                    }
                }
                return best
            }

            /// The words for a search from below that stopped before it reached `count` deviations.
            private static func notRuledOut(_ count: Int, below level: Int, runs: Int, budget: String? = nil) -> String
            {
                let passed =
                    level <= 1
                    ? "ordinary manual mode passed" : "every schedule with fewer than \(level) deviations passed"
                let stopped = budget.map { ", when the minimiser reached \($0)" } ?? ""
                return "fewer not ruled out after \(runs) runs\(stopped): \(passed)"
            }
        }

        /// Minimisation's budget in steps, if it has one (an async exploration's; see
        /// ``RunLayer/minimisingSteps``), counted from when it is made.
        // joined: fileprivate
        nonisolated struct MinimisingBudget {
            let limit: Int?
            let start: Int
            let counted: () -> Int

            init(steps limit: Int?, counted: @escaping () -> Int) {
                self.limit = limit
                self.counted = counted
                start = counted()
            }

            var isOver: Bool { limit.map { counted() - start >= $0 } ?? false }

            /// `its budget of 400000 steps`.
            var words: String { "its budget of \(limit ?? 0) steps" }
        }
    }

#endif
