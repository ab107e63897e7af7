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

    // MARK: - Chooser

    nonisolated extension MockDispatchable {
        /// One choice point of a schedule: which choice was taken (0 is ordinary manual mode's), of
        /// how many offered.
        // joined: fileprivate
        nonisolated struct Choice: Hashable {
            var taken: Int
            var offered: Int
        }

        /// "Item `first` ran before item `then`", items named by ``Identity``: a deviation stated
        /// so that it means the same in every run, wherever it falls.
        // joined: fileprivate
        nonisolated struct Order: Hashable {
            let first: UInt64
            let then: UInt64
        }

        /// A choice that differs from ordinary manual mode's, kept to explain a failure in words.
        // joined: fileprivate
        nonisolated struct Deviation {
            let step: Int
            let taken: MockDispatchable.PendingWork
            let instead: MockDispatchable.PendingWork

            /// `offload #2, scheduled at t=0.000s from the test, ran before offload #1`.
            var words: String {
                var text = "\(taken.name), \(taken.origin), ran before \(instead.name)"
                if taken.dueTime > instead.dueTime {
                    text += ", which had been due since t=\(SecondsText.measured(instead.dueTime))"
                }
                return text
            }
        }

        /// How an exploration chooses its schedules: the one seam for a strategy (shuttle's
        /// `Scheduler`, loom's `Path`). A strategy is one file in `Strategies/`, a type that
        /// conforms; an exploration is one driver loop over it (``Explorer``):
        ///
        /// ```
        /// while let run = scheduler.beginRun() {       // 1. begin a run: a script, then a policy
        ///     let choices = run the body, picking with run.policy past the script
        ///     scheduler.endRun(choices, isRepeat: …)    // 3. learn from the finished run
        /// }
        /// ```
        ///
        /// Step 2, picking among the runnable items at each choice point past the script, is the
        /// ``SchedulePolicy`` the run was begun with: a small value that the run's ``Chooser``
        /// holds, so that a strategy's own state (its levels, its cursor) is never copied into a
        /// run. The driver owns everything else — the limit, counting, failures, minimisation and
        /// the report — so a strategy only decides which schedules to run.
        // joined: fileprivate
        nonisolated protocol Scheduler {
            /// Begins the next run: how it chooses, or nil when the strategy has no run left.
            mutating func beginRun() -> PlannedRun?

            /// Learns from the run ``beginRun()`` planned last: the choices it made, and whether an
            /// earlier run made the same (only when ``mayRepeat``). Returns why the run is not the
            /// schedule it was planned as, when it is not: the body is not deterministic.
            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String?

            /// Whether two runs may make the same choices: then the driver keeps a fingerprint of
            /// each to count distinct schedules, and tells ``endRun(_:isRepeat:)`` of repeats.
            var mayRepeat: Bool { get }

            /// Whether every schedule has run, once ``beginRun()`` has returned nil.
            var isExhaustive: Bool { get }
        }

        /// How one run chooses: the choices of `script` first (checked against what the body
        /// offers when `isStrict`), then `policy`'s.
        // joined: fileprivate
        nonisolated struct PlannedRun {
            var script: [Choice] = []
            var isStrict = false
            var policy: any SchedulePolicy = FirstChoice()
            /// Whether the run is one of the exploration's schedules — counted against its limit, its
            /// failure reported — or only finds the way to some (a shard's discovery run).
            var isCounted = true
            /// What the run keeps beyond its choices: ``Chooser/Keeping/words`` for a run whose
            /// failure is reported as it is, without minimising (a replay).
            var keeping = Chooser.Keeping.choices

            var chooser: Chooser { Chooser(script: script, strict: isStrict, then: policy, keeping: keeping) }
        }

        /// How a run picks at a choice point past its script: step 2 of a ``Scheduler``'s run.
        // joined: fileprivate
        nonisolated protocol SchedulePolicy {
            /// Picks among `candidates` — ordinary manual mode's first — at choice point `point`
            /// (counted from 0 in this run).
            mutating func pick(among candidates: CandidateList, at point: Int) -> Int

            /// Whether ``pick(among:at:)`` reads candidates' identities: only then does a run
            /// compute them (see ``Identity``).
            var readsIdentities: Bool { get }
        }

        /// Ordinary manual mode: always the first choice.
        // joined: fileprivate
        nonisolated struct FirstChoice: SchedulePolicy {
            func pick(among candidates: CandidateList, at point: Int) -> Int { 0 }
            var readsIdentities: Bool { false }
        }

        /// Ordinary manual mode's choice, unless one of `orders` puts another candidate before it:
        /// how minimisation states a schedule.
        ///
        /// The earliest of `orders` that applies wins, not the earliest candidate: `orders` lists a
        /// run's deviations in the order they were taken, and several often put different items
        /// before the same one (a busy app's offload #12, then main #13, then offload #14, each before
        /// offload #1). Taking the first such candidate in queue order would take #13 first, and the
        /// orders of a failing run would not replay it.
        // joined: fileprivate
        nonisolated struct OrderPolicy: SchedulePolicy {
            let orders: [Order]
            var readsIdentities: Bool { true }

            func pick(among candidates: CandidateList, at point: Int) -> Int {
                let ordinary = candidates[0].identity
                for order in orders where order.then == ordinary {
                    for index in 1..<candidates.count where candidates[index].identity == order.first {
                        return index
                    }
                }
                return 0
            }
        }

        /// One run's choices: a scripted prefix, then a ``SchedulePolicy``'s. It records every
        /// choice it makes (and, for the run a report shows, the deviations in words) and checks a
        /// strict script against what the body offers; it does not decide anything itself.
        // joined: fileprivate
        nonisolated struct Chooser {
            private let script: [Choice]
            /// Whether a scripted choice point must offer as many choices as when it was recorded.
            private let strict: Bool
            /// What to keep of the deviations beyond the choices: orders for minimisation, words for
            /// the run a failure report shows. Plain runs keep neither.
            private let keeps: Keeping
            private var policy: any SchedulePolicy

            nonisolated enum Keeping: Comparable {
                case choices, orders, words
            }

            /// Whether this is the run a failure report shows (a replay, or the run that confirms a
            /// failure): the one run whose test-framework issues are reported as they are.
            var isReported: Bool { keeps == .words }

            /// The candidates of the current step, as the work queue listed them (a buffer kept from
            /// run to run).
            var candidates = CandidateList()
            private(set) var made: [Choice] = []
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
            var trail: UnsafeMutablePointer<CrashTrail.Record>?
            /// How long work that could run may wait while a timer overtakes it: a timer is offered
            /// only while every due item would have waited at most its bound (see ``StallBound``).
            var stallBound = StallBound.standard
            /// The run's longest stall so far: what waited, behind which timer, how long.
            private(set) var longestStall = Stall()
            /// What each choice point offered, by ``CandidateKey``: kept for async runs, whose
            /// mock sets it at their first step (plain runs skip the work).
            var record: CandidateRecord?

            init(
                script: [Choice] = [], strict: Bool = false, then policy: any SchedulePolicy = FirstChoice(),
                keeping keeps: Keeping = .choices
            ) {
                self.script = script
                self.strict = strict
                self.policy = policy
                self.keeps = keeps
                needsIdentities = keeps >= .orders || policy.readsIdentities
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

            /// Picks among ``candidates`` (ordinary manual mode's first) and records the pick, then
            /// lets go of them: the pick, nil when there was none, or nil once the body has offered
            /// other choices than a strict script recorded (see ``mismatch``).
            mutating func choose(
                at now: Int64, describing describe: (Candidate) -> MockDispatchable.PendingWork
            ) -> Candidate?? {
                defer { candidates.clear() }
                guard mismatch == nil else { return nil }
                guard !candidates.isEmpty else { return .some(nil) }
                steps += 1
                let waiting = candidates.earliestWaiting(at: now)
                if waiting != nil, let deadline = candidates.stallDeadline(at: now, bound: stallBound) {
                    candidates.dropTimers(after: now, dueAfter: deadline)
                }
                // Read through a local from here: a debug build copies a mutating method's `self`
                // (and its arrays) at every read of a stored property.
                let offered = candidates
                guard offered.count > 1 else { return offered[0] }
                // Fairness: the first choice (the oldest item due) runs once it has been passed
                // over `Limits.fairness` times in a row — not a choice point, so schedules stay the
                // same on replay.
                if starved.passedOver >= Limits.fairness, starved.sequence == offered[0].sequence {
                    starved.passedOver = 0
                    return offered[0]
                }
                let point = made.count
                record?.append(offered)
                let index: Int
                if point < script.count {
                    let scripted = script[point]
                    if strict, scripted.offered != offered.count, mismatch == nil {
                        let keys = record?.keys(at: point) ?? []
                        let listing = keys.isEmpty ? "" : " (\(CandidateRecord.list(keys)))"
                        mismatch =
                            "choice point \(point + 1) (step \(steps)) offers \(offered.count) choices\(listing), but "
                            + "when the schedule was recorded it offered \(scripted.offered), after the same choices "
                            + "before it. A body must build its objects afresh on every run, and must not depend on "
                            + "randomness, real time or state shared across runs."
                    }
                    if mismatch != nil { return nil }
                    // A script that is not strict (minimisation's) may meet fewer choices than it had.
                    index = scripted.taken < offered.count ? scripted.taken : 0
                } else {
                    index = policy.pick(among: offered, at: point)
                }
                made.append(Choice(taken: index, offered: offered.count))
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
                if keeps >= .orders {
                    let ordinary = offered[0].identity
                    if let latest = ordinaries?.latest, latest != ordinary {
                        ordinaries = (ordinary, latest)
                    } else if ordinaries == nil {
                        ordinaries = (ordinary, nil)
                    }
                }
                if index != 0, keeps >= .orders {
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
                if let waiting, picked.due > now, picked.due - waiting > longestStall.nanoseconds {
                    noteStall(behind: picked, waitingSince: waiting, at: now, among: offered, describing: describe)
                }
                return picked
            }

            /// Notes that taking `timer` makes the work due since `waiting` wait until the timer's
            /// due time: the run's longest stall so far. Named in words for the run a report shows.
            private mutating func noteStall(
                behind timer: Candidate, waitingSince waiting: Int64, at now: Int64, among offered: CandidateList,
                describing describe: (Candidate) -> MockDispatchable.PendingWork
            ) {
                longestStall.nanoseconds = timer.due - waiting
                guard keeps == .words else { return }
                let stalled = offered.first { $0.due == waiting && $0.due <= now }.map(describe)
                longestStall.words =
                    "\(stalled?.name ?? "work") stalled \(SecondsText.measured(Nanoseconds.seconds(timer.due - waiting))) "
                    + "behind \(describe(timer).name)"
            }
        }

        /// How long work that could run may wait while a timer overtakes it, in virtual
        /// nanoseconds, inclusive; nil: unbounded. A timer is offered only while every due item
        /// would have waited at most its bound: ``tasks`` for a Swift task's job (or a sleeping
        /// task's wake-up, see ``Job/stallsAsTask``), ``blocks`` for the mock's offload and
        /// main-thread blocks.
        ///
        /// `maximumStall:` (or ``MockDispatchable/maximumStallVariable``) sets both; left out, a
        /// block is unbounded — background work takes as long as it takes — and a task's job waits
        /// at most ``Limits/defaultTaskStall``, what a loaded machine does to a runnable thread.
        // joined: fileprivate
        nonisolated struct StallBound: Equatable {
            var blocks: Int64?
            var tasks: Int64?

            /// `maximumStall:` left out: blocks unbounded, tasks' jobs ``Limits/defaultTaskStall``.
            static let standard = StallBound(blocks: nil, tasks: Limits.defaultTaskStall)
            /// `maximumStall: .infinity`: every stall.
            static let unbounded = StallBound(blocks: nil, tasks: nil)

            /// The same bound for every item.
            static func every(_ nanoseconds: Int64?) -> StallBound {
                StallBound(blocks: nanoseconds, tasks: nanoseconds)
            }
        }

        /// Work that could run, waiting while virtual time advanced to a timer that overtook it:
        /// legal under the model (offload work may be slow, a thread may stall), but a failure that
        /// needs work to wait seconds behind a timer is not the same finding as one that needs a
        /// millisecond. A report states its schedule's longest; `maximumStall:` bounds it (see
        /// ``StallBound``).
        // joined: fileprivate
        nonisolated struct Stall {
            /// How long, in virtual nanoseconds; 0 when nothing waited behind a timer.
            var nanoseconds: Int64 = 0
            /// `offload #3 stalled 1.000s behind after(1) #2`, for the run a report shows.
            var words: String?

            /// The sentence a failure report gives it, with the bound the exploration applied:
            /// `bound` seconds, or the default when nil (see ``StallBound``).
            func sentence(bound: TimeInterval?) -> String {
                guard nanoseconds > 0 else {
                    return "Longest stall: none (no work that could run waited behind a timer)."
                }
                let applied: String
                switch bound {
                case nil:
                    applied =
                        "the default, \(Nanoseconds.seconds(Limits.defaultTaskStall)) s for a task's job and none for "
                        + "the mock's blocks"
                case .some(.infinity): applied = "none (.infinity)"
                case .some(let seconds): applied = "\(seconds) s"
                }
                return "Longest stall: \(words ?? SecondsText.measured(Nanoseconds.seconds(nanoseconds))) "
                    + "(work that could run waited while virtual time advanced: slow work or a stalled thread). "
                    + "Stall bound: \(applied); set it with maximumStall: or \(MockDispatchable.maximumStallVariable)."
            }
        }

        /// What each choice point of an async run offered, by ``CandidateKey``, in the order
        /// offered: one run's length (a choice point that offers more than
        /// ``Limits/recordedCandidates`` is recorded as offering nothing). Two runs of a
        /// deterministic body that made the same choices before a choice point offer the same
        /// candidates there; when they do not, this names what appeared and what vanished.
        // joined: fileprivate
        nonisolated struct CandidateRecord {
            private var keys: [CandidateKey] = []
            /// Where each choice point's keys end in `keys`.
            private var ends: [Int] = []

            /// How many choice points are recorded.
            var count: Int { ends.count }

            /// Records what a choice point offers; one that offers more than
            /// ``Limits/recordedCandidates`` is recorded empty, and never compared.
            mutating func append(_ offered: CandidateList) {
                if offered.count <= Limits.recordedCandidates { offered.appendKeys(to: &keys) }
                ends.append(keys.count)
            }

            func keys(at point: Int) -> ArraySlice<CandidateKey> {
                keys[(point == 0 ? 0 : ends[point - 1])..<ends[point]]
            }

            /// `task 2's job 1, task 3's job 1 and item #4`, at most ``BoundedList/shown`` of them.
            static func list(_ keys: some Collection<CandidateKey>) -> String {
                let names = keys.sorted().prefix(BoundedList.shown).map(\.description)
                let more = keys.count - names.count
                guard names.count > 1 else { return names.first ?? "nothing" }
                if more > 0 { return names.joined(separator: ", ") + " and \(more) more" }
                return names.dropLast().joined(separator: ", ") + " and " + names.last!
            }

            /// Where a run (`choices`, `record`) first offered other candidates than an `earlier`
            /// run that made the same choices before that point; nil if nowhere.
            static func difference(
                _ choices: [Choice], _ record: CandidateRecord, from earlier: [Choice], _ earlierRecord: CandidateRecord
            ) -> Difference? {
                for point in 0..<Swift.min(record.count, earlierRecord.count) {
                    let now = Set(record.keys(at: point))
                    let before = Set(earlierRecord.keys(at: point))
                    if now != before, !now.isEmpty, !before.isEmpty {
                        return Difference(point: point, now: now, before: before)
                    }
                    guard point < choices.count, point < earlier.count, choices[point] == earlier[point] else {
                        return nil
                    }
                }
                return nil
            }

            /// A choice point at which a run offered other candidates than the run before, after
            /// the same choices.
            nonisolated struct Difference {
                let point: Int
                let now: Set<CandidateKey>
                let before: Set<CandidateKey>

                /// `task 4's job 1 appeared, item #3 vanished`.
                var changes: String {
                    var changes: [String] = []
                    let appeared = now.subtracting(before)
                    let vanished = before.subtracting(now)
                    if !appeared.isEmpty { changes.append("\(list(appeared)) appeared") }
                    if !vanished.isEmpty { changes.append("\(list(vanished)) vanished") }
                    return changes.joined(separator: ", ")
                }

                /// `after the same choices as the run before, its choice point 4 offered …, where that
                /// run's offered …: task 4's job 1 appeared.`
                var words: String {
                    let offered = "offered \(list(now)), where "
                    return
                        (point == 0
                        ? "its first choice point \(offered)the run before offered "
                        : "after the same choices as the run before, its choice point \(point + 1) \(offered)that "
                            + "run's offered ") + "\(list(before)): \(changes)."
                }
            }
        }

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
