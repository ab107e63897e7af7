// MockDispatchable, part 10 of 14: Chooser.
//
// Edit the parts in Sources/Dispatchable/Mock; `make mock` joins them, in order, into the one
// file users copy, Mocks/MockDispatchable.swift (`make test` fails when that file is stale).
// Here, in the module, the part is compiled under `#if DEBUG` for `@testable import`; a line
// `// joined: fileprivate` (or `private`) gives the next declaration that access in the joined file.

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

    // MARK: - 10. Chooser

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

        /// How a strategy picks at a choice point: the one seam for a new strategy. Write a type
        /// that conforms, and make ``ExplorationPlan`` hand it out for the schedules it should run.
        // joined: fileprivate
        nonisolated protocol SchedulePolicy {
            /// Picks among `choices` — ordinary manual mode's choice first — at choice point
            /// `point` (counted from 0 in this run).
            mutating func pick(among choices: CandidateList, at point: Int) -> Int

            /// Whether ``pick(among:at:)`` reads candidates' identities: only then does a run
            /// compute them (see ``Identity``).
            var readsIdentities: Bool { get }
        }

        /// Ordinary manual mode: always the first choice.
        // joined: fileprivate
        nonisolated struct FirstChoice: SchedulePolicy {
            func pick(among choices: CandidateList, at point: Int) -> Int { 0 }
            var readsIdentities: Bool { false }
        }

        /// Any choice, uniformly.
        // joined: fileprivate
        nonisolated struct RandomWalk: SchedulePolicy {
            var random: RandomNumbers
            var readsIdentities: Bool { false }

            mutating func pick(among choices: CandidateList, at point: Int) -> Int {
                random.next(below: choices.count)
            }
        }

        /// PCT (Burckhardt et al., 2010): every item gets a random priority and the highest runs;
        /// at a few change points the item that would run drops below all others.
        // joined: fileprivate
        nonisolated struct PriorityPolicy: SchedulePolicy {
            /// Initial priorities, a function of the item's sequence number: nothing stored per item.
            private let initial: RandomNumbers
            /// `depth - 1` change points, drawn with replacement among the first
            /// `expectedChoicePoints` (never more than a run has, whatever the depth), the next one
            /// last. (Three words in all, so that the policy fits an existential without a box.)
            private var changePoints: [Int]
            /// The items lowered at a change point, by ascending sequence number, and their
            /// priorities: from 1 up, below every initial one.
            private var lowered: [(sequence: Int, priority: UInt64)] = []
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

            mutating func pick(among choices: CandidateList, at point: Int) -> Int {
                var best = highestPriority(choices)
                while let next = changePoints.last, next < point { changePoints.removeLast() }
                if changePoints.last == point {
                    // The change point: the item that would run drops below every other.
                    let sequence = choices[best].sequence
                    let priority = UInt64(lowered.count + 1)
                    var place = lowered.count
                    while place > 0, lowered[place - 1].sequence > sequence { place -= 1 }
                    if place > 0, lowered[place - 1].sequence == sequence {
                        lowered[place - 1].priority = priority
                    } else {
                        lowered.insert((sequence, priority), at: place)
                    }
                    best = highestPriority(choices)
                }
                return best
            }

            @inline(__always)
            private func priority(of sequence: Int) -> UInt64 {
                if lowered.count <= 4 {
                    // Few change points (the usual depths): a scan beats a search.
                    for item in lowered where item.sequence == sequence { return item.priority }
                } else {
                    var low = 0
                    var high = lowered.count
                    while low < high {
                        let middle = (low + high) / 2
                        if lowered[middle].sequence < sequence { low = middle + 1 } else { high = middle }
                    }
                    if low < lowered.count, lowered[low].sequence == sequence { return lowered[low].priority }
                }
                return initialPriority(of: sequence)
            }

            private func highestPriority(_ choices: CandidateList) -> Int {
                // Before the first change point (most steps), no item has been lowered.
                if lowered.isEmpty { return choices.indexOfGreatest { initialPriority(of: $0.sequence) } }
                return choices.indexOfGreatest { priority(of: $0.sequence) }
            }

            /// Above every lowered priority: the top bit set.
            @inline(__always)
            private func initialPriority(of sequence: Int) -> UInt64 {
                initial.value(at: UInt64(truncatingIfNeeded: sequence)) | (1 << 63)
            }
        }

        /// Ordinary manual mode's choice, unless one of `orders` puts another candidate before it:
        /// how minimisation states a schedule.
        // joined: fileprivate
        nonisolated struct OrderPolicy: SchedulePolicy {
            let orders: [Order]
            var readsIdentities: Bool { true }

            func pick(among choices: CandidateList, at point: Int) -> Int {
                let ordinary = choices[0].identity
                for index in 1..<choices.count
                where orders.contains(Order(first: choices[index].identity, then: ordinary)) {
                    return index
                }
                return 0
            }
        }

        /// One run's choices: a scripted prefix, then a ``SchedulePolicy``'s. It records every
        /// choice it makes (and, for the run a report shows, the deviations in words) and checks a
        /// strict script against what the body offers; it does not decide anything itself.
        // joined: fileprivate
        nonisolated struct Chooser {
            /// How many choice points in a row may pass over the same first choice (the item due
            /// longest) before it runs: a fair scheduler's bound, so that work that reschedules
            /// itself (a `Task.yield()` poll, a block that queues itself again) cannot starve the
            /// rest under any strategy. Far above what a body's ordinary schedules reach.
            static let fairnessBound = 1_000

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

            /// The choices of the current step, as the scheduler listed them (a buffer kept from
            /// run to run).
            var candidates = CandidateList()
            private(set) var made: [Choice] = []
            private(set) var deviations: [Deviation] = []
            /// Every deviation as an order between items named by ``Identity``: what minimisation
            /// drops one at a time.
            private(set) var orders: [Order] = []
            private(set) var mismatch: String?
            private var steps = 0
            /// The first choice passed over at the latest choice points (by sequence), and how many
            /// times in a row: see ``fairnessBound``.
            private var starved = (sequence: 0, passedOver: 0)
            /// Whether the run must name its items by ``Identity``: to keep orders, or for a policy
            /// that reads them. Other runs skip the work.
            let needsIdentities: Bool

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
            mutating func choose(describing describe: (Candidate) -> MockDispatchable.PendingWork) -> Candidate?? {
                defer { candidates.clear() }
                guard mismatch == nil else { return nil }
                guard !candidates.isEmpty else { return .some(nil) }
                steps += 1
                guard candidates.count > 1 else { return candidates[0] }
                // Fairness: the first choice (the oldest item due) runs once it has been passed
                // over `fairnessBound` times in a row — not a choice point, so schedules stay the
                // same on replay.
                if starved.passedOver >= Self.fairnessBound, starved.sequence == candidates[0].sequence {
                    starved.passedOver = 0
                    return candidates[0]
                }
                let point = made.count
                let index: Int
                if point < script.count {
                    let scripted = script[point]
                    if strict, scripted.offered != candidates.count, mismatch == nil {
                        mismatch =
                            "choice point \(point + 1) (step \(steps)) offers \(candidates.count) choices, but when the "
                            + "schedule was recorded it offered \(scripted.offered), after the same choices before it. "
                            + "A body must build its objects afresh on every run, and must not depend on randomness, "
                            + "real time or state shared across runs."
                    }
                    if mismatch != nil { return nil }
                    // A script that is not strict (minimisation's) may meet fewer choices than it had.
                    index = scripted.taken < candidates.count ? scripted.taken : 0
                } else {
                    index = policy.pick(among: candidates, at: point)
                }
                made.append(Choice(taken: index, offered: candidates.count))
                if index == 0 {
                    starved.passedOver = 0
                } else {
                    let first = candidates[0].sequence
                    if starved.sequence == first {
                        starved.passedOver += 1
                    } else {
                        starved = (first, 1)
                    }
                }
                if index != 0, keeps >= .orders {
                    orders.append(Order(first: candidates[index].identity, then: candidates[0].identity))
                    if keeps == .words {
                        deviations.append(
                            Deviation(
                                step: steps, taken: describe(candidates[index]), instead: describe(candidates[0])))
                    }
                }
                return candidates[index]
            }
        }

        /// A schedule as text: its choice points as `taken/offered`, up to the last one that differs
        /// from ordinary manual mode (`""` is ordinary manual mode itself).
        // joined: fileprivate
        nonisolated enum ScheduleText {
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
