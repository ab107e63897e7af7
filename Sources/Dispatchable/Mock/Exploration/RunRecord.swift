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

    // MARK: - The run record

    nonisolated extension MockDispatchable {

        /// The record of one run: the choices it makes at its choice points — a scripted prefix,
        /// then a ``ChoicePolicy``'s, as its ``RunPlan`` says — and what it keeps of them (the
        /// orders minimisation drops, the deviations in words for the run a report shows, its
        /// longest stall, what each choice point offered). It checks a strict script against what
        /// the body offers; it does not decide anything itself: the plan's script and policy do.
        // joined: fileprivate
        nonisolated struct RunRecord {
            private let script: [Choice]
            /// Whether a scripted choice point must offer as many choices as when it was recorded.
            private let strict: Bool
            /// What to keep of the deviations beyond the choices: orders for minimisation, words for
            /// the run a failure report shows. Plain runs keep neither.
            private let keeps: Keeping
            /// Whether it keeps orders (`keeps >= .orders`), read at every choice point: a flag, not
            /// `Comparable`'s generic `>=` (docs/performance.md, "Concrete calls").
            private let keepsOrders: Bool
            private var policy: any ChoicePolicy

            nonisolated enum Keeping: Comparable {
                case choices, orders, words
            }

            /// Whether this is the run a failure report shows (a replay, or the run that confirms a
            /// failure): the one run whose test-framework issues are reported as they are.
            var isReported: Bool { keeps == .words }

            /// The candidates of the current step, as the work queue listed them (a buffer kept from
            /// run to run: see ``init(script:strict:then:keeping:reusing:)``).
            var candidates: CandidateList
            private(set) var made: [Choice] = []
            /// `made.count` and `script.count`, kept: read at every choice point (docs/performance.md,
            /// "Counts kept").
            private var madeCount = 0
            private let scriptCount: Int
            private(set) var deviations: [Deviation] = []
            /// Every deviation as an order between items named by ``Identity``: what minimisation
            /// drops one at a time.
            private(set) var orders: [Order] = []
            /// Each of ``orders`` moved one choice point earlier: its item before the ordinary
            /// item of the latest earlier choice point whose ordinary item was another; nil for
            /// a deviation before any such point. What minimisation tries when no deviation can go.
            private(set) var movedEarlier: [Order?] = []
            /// The ordinary item of the latest choice point, and of the latest before it that was
            /// another item (see ``movedEarlier``).
            private var ordinaries: (latest: UInt64, before: UInt64?)?
            private(set) var mismatch: String?
            private var steps = 0
            /// The first choice passed over at the latest choice points (by sequence), and how many
            /// times in a row: see ``Limits/fairness``.
            private var starved = (sequence: 0, passedOver: 0)
            /// Whether the run must name its items by ``Identity``: to keep orders, or for a policy
            /// that reads them. Other runs skip the work.
            let needsIdentities: Bool
            /// Where the run's choices are noted for a crash report (see ``CrashTrail``), if anywhere.
            var trail: UnsafeMutablePointer<CrashTrail.Notes>?
            /// How long work that could run may wait while a timer overtakes it: a timer is offered
            /// only while every due item would have waited at most its bound (see ``StallBound``).
            var stallBound = StallBound.standard
            /// How much of the run's virtual time, in nanoseconds, real time paces: each move of the
            /// clock waits as long in real time first, so that a real clock the body reads moves at
            /// least as far as the virtual one (see ``Explorer/checkOnRealTime(_:number:)``). 0, no
            /// pacing: every run but the one that checks a failure.
            var pacesRealTime: Int64 = 0
            /// The run's longest stall so far: what waited, behind which timer, how long.
            private(set) var longestStall = Stall()
            /// The run's longest stall of a task's job (see ``StallBound/tasks``): how much slower than
            /// the rest a job had to be for the run to happen.
            private(set) var longestTaskStall = Stall()
            /// Whether the stall bound kept a timer from a choice point: then a longer stall would
            /// have offered more schedules (see ``Explorer/searchPastTheStallBound(after:)``).
            private(set) var heldBackTimers = false
            /// What each choice point offered, by ``CandidateKey``: kept for async runs, whose
            /// mock starts it at their first step (plain runs skip the work).
            private(set) var offers: OfferedCandidates?
            /// Whether `offers` is kept: a flag, tested at every step instead of the optional
            /// (docs/performance.md, "Facts, not payloads or closures").
            private var recordsCandidates = false

            /// From now on, records what each choice point offers (see ``OfferedCandidates``).
            mutating func recordCandidates() {
                guard !recordsCandidates else { return }
                recordsCandidates = true
                offers = OfferedCandidates()
            }

            /// A record that lists its candidates in `candidates`, an earlier run's list, when one is
            /// given; else in a new list, which allocates its memory (three blocks).
            init(
                script: [Choice] = [], strict: Bool = false, then policy: any ChoicePolicy = FirstChoice(),
                keeping keeps: Keeping = .choices, reusing candidates: CandidateList? = nil
            ) {
                self.candidates = candidates ?? CandidateList()
                self.script = script
                scriptCount = script.count
                self.strict = strict
                self.policy = policy
                self.keeps = keeps
                keepsOrders = keeps >= .orders
                needsIdentities = keepsOrders || policy.readsIdentities
                made.reserveCapacity(Swift.max(script.count, 32))
            }

            /// Called when the run is over: a strict script whose choice points the body never
            /// reached is a mismatch too (a replayed schedule must be the body's own).
            mutating func finish() {
                guard strict, mismatch == nil, made.count < script.count else { return }
                mismatch =
                    "the schedule has \(script.count) choice point\(script.count == 1 ? "" : "s"), but the body "
                    + "reached only \(made.count). Was it recorded from another body, or does the body depend on "
                    + "randomness, real time or state shared across runs?"
            }

            /// What ``choose(at:describing:)`` picked.
            ///
            /// An index, not the candidate: a candidate returned through memory (and an optional's
            /// tag in its spare bits) was read back in wider loads than it was written in, which
            /// wait for the stores to land, at every step. ``take(_:)`` copies it out of the list.
            nonisolated enum Pick {
                /// The candidate at this index of the list, which stays as offered until ``take(_:)``.
                case candidate(Int)
                /// Nothing was offered.
                case nothing
                /// The body has offered other choices than a strict script recorded (see
                /// ``mismatch``).
                case mismatch
            }

            /// Picks among ``candidates`` (ordinary manual mode's first) and records the pick. The
            /// list is let go of at once when there is no pick, else by ``take(_:)``.
            mutating func choose(
                at now: Int64, describing describe: (Candidate) -> MockDispatchable.PendingWork
            ) -> Pick {
                guard mismatch == nil else {
                    candidates.clear()
                    return .mismatch
                }
                // The list's own `count` and `mutating` reads until the copy below
                // (docs/performance.md, "Mutating reads").
                guard candidates.count > 0 else {
                    candidates.clear()
                    return .nothing
                }
                steps += 1
                let waiting = candidates.earliestWaiting(at: now)
                if waiting != nil, let deadline = candidates.stallDeadline(at: now, bound: stallBound),
                    candidates.dropTimers(after: now, dueAfter: deadline)
                {
                    heldBackTimers = true
                }
                // Read through a local from here, which owns nothing (see ``CandidateList/Offered``;
                // docs/performance.md, "Copies read once").
                let offered = candidates.offered
                guard offered.count > 1 else { return .candidate(0) }
                // Fairness: the first choice (the oldest item due) runs once it has been passed
                // over `Limits.fairness` times in a row — not a choice point, so schedules stay the
                // same on replay.
                if starved.passedOver >= Limits.fairness, starved.sequence == offered[0].sequence {
                    starved.passedOver = 0
                    return .candidate(0)
                }
                let point = madeCount
                offers?.append(offered)
                let index: Int
                if point < scriptCount {
                    let scripted = script[point]
                    if strict, scripted.offered != offered.count, mismatch == nil {
                        let keys = offers?.keys(at: point) ?? []
                        let listing = keys.isEmpty ? "" : " (\(OfferedCandidates.list(keys)))"
                        mismatch =
                            "choice point \(point + 1) (step \(steps)) offers \(offered.count) choices\(listing), but "
                            + "when the schedule was recorded it offered \(scripted.offered), after the same choices "
                            + "before it. A body must build its objects afresh on every run, and must not depend on "
                            + "randomness, real time or state shared across runs."
                    }
                    if mismatch != nil {
                        candidates.clear()
                        return .mismatch
                    }
                    // A script that is not strict (minimisation's) may meet fewer choices than it had.
                    index = scripted.taken < offered.count ? scripted.taken : 0
                } else {
                    index = policy.pick(among: offered, at: point)
                }
                made.append(Choice(taken: index, offered: offered.count))
                madeCount += 1
                trail?.pointee.note(index, of: offered.count)
                if index == 0 {
                    starved.passedOver = 0
                } else {
                    let first = offered[0].sequence
                    if starved.sequence == first {
                        starved.passedOver += 1
                    } else {
                        starved = (first, 1)
                    }
                }
                if keepsOrders {
                    let ordinary = offered[0].identity
                    if let latest = ordinaries?.latest, latest != ordinary {
                        ordinaries = (ordinary, latest)
                    } else if ordinaries == nil {
                        ordinaries = (ordinary, nil)
                    }
                }
                if index != 0, keepsOrders {
                    let first = offered[index].identity
                    orders.append(Order(first: first, then: offered[0].identity))
                    movedEarlier.append(ordinaries?.before.map { Order(first: first, then: $0) })
                    if keeps == .words {
                        deviations.append(
                            Deviation(
                                step: steps, taken: describe(offered[index]), instead: describe(offered[0])))
                    }
                }
                let picked = offered[index]
                if let waiting, picked.due > now {
                    if picked.due - waiting > longestStall.nanoseconds {
                        longestStall = stall(
                            behind: picked, waitingSince: waiting, at: now, ofTask: false, among: offered,
                            describing: describe)
                    }
                    if let taskDue = candidates.taskDue, taskDue <= now,
                        picked.due - taskDue > longestTaskStall.nanoseconds
                    {
                        longestTaskStall = stall(
                            behind: picked, waitingSince: taskDue, at: now, ofTask: true, among: offered,
                            describing: describe)
                    }
                }
                return .candidate(index)
            }

            /// The candidate ``choose(at:describing:)`` picked at `index`, letting go of the list.
            mutating func take(_ index: Int) -> Candidate {
                defer { candidates.clear() }
                return candidates.offered[index]
            }

            /// What waited from `waiting` until `timer`'s due time, which taking the timer makes it do:
            /// for the run a report shows, named (the first offered item due then, a task's job when
            /// `ofTask`, and the timer it waited behind).
            private func stall(
                behind timer: Candidate, waitingSince waiting: Int64, at now: Int64, ofTask: Bool,
                among offered: CandidateList.Offered,
                describing describe: (Candidate) -> MockDispatchable.PendingWork
            ) -> Stall {
                var stall = Stall(nanoseconds: timer.due - waiting)
                guard keeps == .words else { return stall }
                let stalled = offered.first { (!ofTask || $0.stallsAsTask) && $0.due == waiting && $0.due <= now }
                stall.stalled = stalled.map(describe)?.name
                stall.behind = describe(timer).name
                stall.words =
                    "\(stall.stalled ?? (ofTask ? "a task's job" : "work")) stalled "
                    + "\(SecondsText.measured(Nanoseconds.seconds(timer.due - waiting))) behind \(stall.behind ?? "")"
                return stall
            }
        }
    }

#endif
