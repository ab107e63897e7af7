// MockDispatchable, part 11 of 14: Explorer.
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

    // MARK: - 11. Explorer

    nonisolated extension MockDispatchable {
        /// Runs one exploration: the body under each schedule, the failure minimised and reported.
        /// It runs on the thread that calls it: the main actor's for the synchronous forms and the
        /// executor-factory capture, a thread of its own for the public capture.
        // joined: fileprivate
        nonisolated struct Explorer {
            /// What one run of the body chose, and how it ended.
            nonisolated struct Outcome {
                let choices: [Choice]
                let orders: [Order]
                let deviations: [Deviation]
                let mismatch: String?
                /// Work of an async run was resumed from outside it: `mismatch` says which.
                let isEscape: Bool
                let failure: String?
                /// The kind of the ``MockDispatchableError`` the body threw, if it threw one.
                let failureKind: MockDispatchableError.Kind?
                /// The run exceeded the explorer's own step limit (an async run that never ended).
                let isRunaway: Bool
                let snapshot: TimelineRenderer?

                /// How many choices differ from ordinary manual mode's.
                var deviationCount: Int { choices.reduce(0) { $0 + ($1.taken == 0 ? 0 : 1) } }
            }

            let caller: String
            let fileID: StaticString
            let line: UInt
            let body: (MockDispatchable) throws -> Void
            /// What one run leaves for the next to reuse.
            private let spare = Spare()
            /// Whether the task awaiting the exploration was cancelled: checked before each run.
            var isCancelled: () -> Bool = { false }

            init(caller: String, fileID: StaticString, line: UInt, body: @escaping (MockDispatchable) throws -> Void) {
                self.caller = caller
                self.fileID = fileID
                self.line = line
                self.body = body
            }

            /// An explorer of a synchronous body, on the main actor as the body is.
            @MainActor
            init(
                caller: String, fileID: StaticString, line: UInt,
                mainActorBody body: @escaping @MainActor (MockDispatchable) throws -> Void
            ) {
                self.init(caller: caller, fileID: fileID, line: line) { mock in
                    try MainActor.assumeIsolated { try body(mock) }
                }
            }

            nonisolated final class Spare {
                var candidates = CandidateList()
                /// A queue, empty, whose lanes have grown to a run's size.
                var queue = WorkQueue()
                var outlived = OutlivedMocks()
            }

            /// Runs' mocks that are still alive after their runs with work queued, held weakly: a
            /// closure left queued that captures its mock keeps it alive (a reference cycle), and
            /// exploration cannot tell that from a mock the body kept on purpose. Counted, to say so
            /// once an exploration has left many of them behind.
            nonisolated struct OutlivedMocks {
                /// How many are noted between two counts of those still alive.
                static let window = 1_000
                private nonisolated struct Reference {
                    weak var mock: MockDispatchable?
                }
                private var mocks: [Reference] = []
                private var warned = false

                /// Notes that `mock` outlived its run with work queued. Returns how many of those
                /// noted are still alive, once, when that is at least half a window: a leak.
                mutating func note(_ mock: MockDispatchable) -> Int? {
                    guard !warned else { return nil }
                    mocks.append(Reference(mock: mock))
                    guard mocks.count >= Self.window else { return nil }
                    mocks.removeAll { $0.mock == nil }
                    // Else at least half a window passes before the next count: amortised O(1).
                    guard mocks.count >= Self.window / 2 else { return nil }
                    warned = true
                    defer { mocks = [] }
                    return mocks.count
                }
            }

            /// Runs the body once under `chooser`. Throws only what ends the exploration at once: a
            /// run that needs what the runtime does not give (``MockDispatchableError/Kind/unsupported``),
            /// or `CancellationError` once the awaiting task is cancelled.
            func run(_ chooser: consuming Chooser) throws -> Outcome {
                if isCancelled() { throw CancellationError() }
                var mock = MockDispatchable(mode: .manual)
                swap(&chooser.candidates, &spare.candidates)
                mock.adoptStorage(&spare.queue)
                mock.install(chooser)  // moved in: the run's record is the mock's until it ends
                var failure: String?
                var failureKind: MockDispatchableError.Kind?
                var escaped: String?
                var unsupported: MockDispatchableError?
                var isRunaway = false
                do {
                    try body(mock)
                } catch let error as MockDispatchableError where error.kind == .unsupported {
                    unsupported = error
                } catch let error as MockDispatchableError {
                    failure = error.kind == .deadlock ? error.message : "\(error.kind): \(error.message)"
                    failureKind = error.kind
                } catch let error as EscapedWork {
                    escaped = error.message
                } catch let runaway as RunawayRun {
                    failure = "\(runaway.error.kind): \(runaway.error.message)"
                    failureKind = runaway.error.kind
                    isRunaway = true
                } catch {
                    failure = String(describing: error)
                }
                // A mock kept after its run is an ordinary manual-mode mock from now on.
                var recorded = mock.uninstallChooser() ?? Chooser()
                swap(&recorded.candidates, &spare.candidates)
                recorded.finish()
                let mismatch = escaped ?? recorded.mismatch
                let failed = failure != nil || mismatch != nil
                let snapshot = failed ? mock.snapshot : nil
                // A mock the body let go of is about to go: the next run reuses its queues' storage.
                // One the body kept lives on, perhaps only through the work it left queued.
                let isGoing = isKnownUniquelyReferenced(&mock)
                let leftQueued = mock.passStorage(to: &spare.queue, isGoing: isGoing)
                if !isGoing, leftQueued, let alive = spare.outlived.note(mock) { warnOfOutlivedMocks(alive) }
                if let unsupported {
                    throw MockDispatchableError(
                        kind: .unsupported, message: "\(caller): \(unsupported.message)", snapshot: mock.snapshot,
                        fileID: fileID, line: line)
                }
                return Outcome(
                    choices: recorded.made, orders: recorded.orders, deviations: recorded.deviations,
                    mismatch: mismatch, isEscape: escaped != nil,
                    failure: escaped == nil ? failure : nil, failureKind: failureKind, isRunaway: isRunaway,
                    snapshot: snapshot)
            }

            private func warnOfOutlivedMocks(_ alive: Int) {
                let text =
                    "MockDispatchable: \(caller) at \(fileID):\(line): the mocks of \(alive) runs are still alive "
                    + "after their runs, with work queued. A queued closure that captures its mock (directly, or "
                    + "through an object that holds it) keeps the mock alive, with its timeline: memory that grows "
                    + "with every schedule. Run the body until idle, or capture [weak self] as production code does.\n"
                FileHandle.standardError.write(Data(text.utf8))
            }

            func explore(schedules: Int, seed: UInt64, strategy: MockDispatchable.ExplorationStrategy) throws
                -> MockDispatchable.ExplorationReport
            {
                try check(Rules.scheduleCount(schedules, named: "schedules"))
                try check(Rules.strategy(strategy))
                var plan = ExplorationPlan(strategy, seed: seed)
                var seen = Set<UInt64>()
                // Every schedule, depth-first, one step each time the strategy repeats a schedule:
                // when it is done, every distinct schedule has run and exploration stops.
                var depthFirst = DepthFirst()
                var repeated = false
                var longest = 1
                var number = 0
                while number < schedules {
                    number += 1
                    let chooser: Chooser
                    let isDepthFirst = repeated && depthFirst.next != nil
                    if isDepthFirst, let script = depthFirst.next {
                        chooser = Chooser(script: script, strict: true)
                    } else {
                        chooser = plan.chooser(for: number, longestRun: longest)
                    }
                    let outcome = try run(consume chooser)
                    if isDepthFirst || outcome.isEscape, let mismatch = outcome.mismatch {
                        throw nondeterministic(mismatch, outcome)
                    }
                    plan.learn(from: outcome.choices, number: number)
                    repeated = !seen.insert(Self.fingerprint(outcome.choices)).inserted
                    longest = Swift.max(longest, outcome.choices.count)
                    if outcome.failure != nil { throw try failure(outcome, number: number) }
                    depthFirst.learn(from: outcome.choices, ranItsScript: isDepthFirst)
                    if depthFirst.isDone {
                        return .init(schedulesRun: number, distinctSchedules: seen.count, isExhaustive: true)
                    }
                }
                return .init(schedulesRun: number, distinctSchedules: seen.count, isExhaustive: false)
            }

            /// Every schedule, fewest deviations first, or one shard's slice of them: `shard` when
            /// given, else the one ``ExplorationShard/environmentVariable`` names, else the whole space.
            /// See ``FewestFirst`` for the order; each schedule runs once.
            ///
            /// A shard owns whole subtrees: the schedules that share their first `depth` choices (a
            /// prefix), dealt by a hash of the prefix, so every shard computes the same split whatever
            /// it has run. `depth` is the first at which ordinary manual mode's choice points offer at
            /// least four prefixes per shard. A shard runs a schedule it does not own only when a
            /// schedule it owns may descend from it (a discovery run: not counted, its failure left to
            /// the owner).
            func exploreAll(limit: Int, shard given: ExplorationShard?) throws -> MockDispatchable.ExplorationReport {
                try check(Rules.scheduleCount(limit, named: "limit"))
                let shard: ExplorationShard
                if let given {
                    try check(Rules.shard(given, named: "shard"))
                    shard = given
                } else {
                    let variable = ExplorationShard.environmentVariable
                    switch Rules.shard(fromEnvironment: ProcessInfo.processInfo.environment[variable]) {
                    case .success(let named): shard = named ?? .whole
                    case .failure(let problem):
                        try check(problem.message)
                        return .init(schedulesRun: 0, distinctSchedules: 0, isExhaustive: false)
                    }
                }
                let reported = shard == .whole ? nil : shard
                var counted = 0
                func report(isExhaustive: Bool) -> MockDispatchable.ExplorationReport {
                    .init(
                        schedulesRun: counted, distinctSchedules: counted, isExhaustive: isExhaustive, shard: reported)
                }
                let ordinary = try run(Chooser())
                let depth = Self.splitDepth(ordinary.choices, shards: shard.count)
                func isOwned(_ deviations: [FewestFirst.Deviation]) -> Bool {
                    Self.owner(of: deviations, depth: depth, shards: shard.count) == shard.index - 1
                }
                if isOwned([]) {
                    counted += 1
                    if ordinary.failure != nil { throw try failure(ordinary, number: counted) }
                }
                var order = FewestFirst(ordinary: ordinary.choices)
                while let next = order.next() {
                    let owned = isOwned(next.deviations)
                    // A subtree under a prefix another shard owns holds nothing this shard owns.
                    if !owned, let last = next.deviations.last, last.position >= depth {
                        order.skip()
                        continue
                    }
                    if owned, counted >= limit { return report(isExhaustive: false) }
                    let outcome = try run(Chooser(script: next.script, strict: next.isStrict))
                    if let mismatch = outcome.mismatch ?? order.mismatch(of: outcome.choices) {
                        throw nondeterministic(mismatch, outcome)
                    }
                    order.learn(from: outcome.choices)
                    if owned {
                        counted += 1
                        if outcome.failure != nil { throw try failure(outcome, number: counted) }
                    }
                }
                return report(isExhaustive: true)
            }

            /// The shard (0-based) that owns the subtree under the first `depth` choices of the
            /// schedule that deviates from ordinary manual mode by `deviations`: a hash of them.
            private static func owner(of deviations: [FewestFirst.Deviation], depth: Int, shards: Int) -> Int {
                guard shards > 1 else { return 0 }
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for deviation in deviations where deviation.position < depth {
                    hash = (hash ^ UInt64(truncatingIfNeeded: deviation.position)) &* 0x0000_0100_0000_01b3
                    hash = (hash ^ UInt64(truncatingIfNeeded: deviation.taken)) &* 0x0000_0100_0000_01b3
                }
                // FNV's low bits mix poorly: fold the high half in.
                return Int((hash ^ (hash >> 32)) % UInt64(shards))
            }

            /// The depth of the prefixes shards are dealt by: the first at which ordinary manual
            /// mode's choice points offer sixteen prefixes per shard (or all of its choice points): enough
            /// subtrees for hashing to balance the shards within 2x.
            private static func splitDepth(_ choices: [Choice], shards: Int) -> Int {
                guard shards > 1 else { return 0 }
                var prefixes = 1
                for (depth, choice) in choices.enumerated() {
                    if prefixes >= 16 * shards { return depth }
                    prefixes = prefixes.multipliedReportingOverflow(by: Swift.max(choice.offered, 1)).partialValue
                }
                return choices.count
            }

            func replay(_ text: String) throws -> MockDispatchable.ExplorationReport {
                let script: [Choice]
                switch ScheduleText.decode(text) {
                case .success(let choices): script = choices
                case .failure(let problem):
                    try check(
                        "\"\(BoundedList.quoted(text))\" is not a schedule: \(problem.description). Expected choice "
                            + "points as taken/offered separated by spaces, such as \"0/2 1/3\", as a failing "
                            + "exploration prints them.")
                    return .init(schedulesRun: 0, distinctSchedules: 0, isExhaustive: false)
                }
                // The replay is the run the user debugs: it explains itself, and is not run twice.
                let outcome = try run(Chooser(script: script, strict: true, keeping: .words))
                if let mismatch = outcome.mismatch { throw nondeterministic(mismatch, outcome) }
                if outcome.failure != nil { throw report(outcome, number: 1, found: outcome) }
                return .init(schedulesRun: 1, distinctSchedules: 1, isExhaustive: false)
            }

            /// Throws `.invalidArgument` for one of the ``Rules``' answers, with an empty timeline:
            /// nothing has run yet.
            private func check(_ problem: String?) throws {
                guard let problem else { return }
                throw MockDispatchableError(
                    kind: .invalidArgument, message: "\(caller): \(problem)",
                    snapshot: TimelineRenderer(log: EventLog(), mode: .manual, now: 0), fileID: fileID, line: line)
            }

            /// A 64-bit FNV-1a fingerprint of a choice sequence, for counting distinct schedules:
            /// cheaper than hashing the array into a set, and a collision among even a million
            /// schedules has odds of about 1 in 3·10⁷.
            private static func fingerprint(_ choices: [Choice]) -> UInt64 {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for choice in choices {
                    hash = (hash ^ UInt64(truncatingIfNeeded: choice.taken)) &* 0x0000_0100_0000_01b3
                    hash = (hash ^ UInt64(truncatingIfNeeded: choice.offered)) &* 0x0000_0100_0000_01b3
                }
                return hash ^ UInt64(truncatingIfNeeded: choices.count)
            }

            /// A failing schedule with the fewest deviations from ordinary manual mode this can find,
            /// and, when the search could not rule out fewer, what it did rule out (in words).
            ///
            /// 1. Drops deviations one at a time while the body still fails. Each is stated as an
            ///    ``Order`` between items named by ``Identity`` and re-resolved in every run, so
            ///    dropping one does not shift what the later ones mean (dropping a positional choice
            ///    would: choice indices after it name other items).
            /// 2. Searches upward from ordinary manual mode in ``FewestFirst`` order — every schedule
            ///    with one deviation, then two, … — for a failure with fewer deviations, within
            ///    ``searchBudget`` runs. The first it meets is the true minimum, the same whichever
            ///    schedule failed first; meeting a schedule with as many deviations as the best proves
            ///    the best minimal. When the budget runs out first, the answer says what was ruled out.
            private func minimise(_ failing: Outcome) throws -> (outcome: Outcome, unproven: String?) {
                // The failing run again, keeping its deviations as orders (plain runs skip that).
                let again = try run(Chooser(script: failing.choices, keeping: .orders))
                var best = again.failure != nil && again.choices == failing.choices ? again : failing
                var runs = 1
                var shrunk = true
                while shrunk, best.deviationCount > 1, runs < Self.droppingBudget {
                    shrunk = false
                    for index in best.orders.indices.reversed() {
                        var orders = best.orders
                        orders.remove(at: index)
                        let candidate = try run(Chooser(then: OrderPolicy(orders: orders), keeping: .orders))
                        runs += 1
                        if candidate.failure != nil, candidate.deviationCount < best.deviationCount {
                            best = candidate
                            shrunk = true
                            break
                        }
                        if runs >= Self.droppingBudget { break }
                    }
                }
                guard best.deviationCount > 0 else { return (best, nil) }
                let ordinary = try run(Chooser())
                if ordinary.failure != nil { return (ordinary, nil) }
                var order = FewestFirst(ordinary: ordinary.choices)
                var searched = 1
                while let next = order.next() {
                    // Every schedule with fewer deviations than the best has run, and passed.
                    if next.deviations.count >= best.deviationCount { return (best, nil) }
                    guard searched < Self.searchBudget else {
                        return (
                            best, Self.notRuledOut(best.deviationCount, below: next.deviations.count, runs: searched)
                        )
                    }
                    let candidate = try run(Chooser(script: next.script, strict: next.isStrict))
                    searched += 1
                    guard candidate.mismatch == nil, order.mismatch(of: candidate.choices) == nil else {
                        return (
                            best, Self.notRuledOut(best.deviationCount, below: next.deviations.count, runs: searched)
                        )
                    }
                    order.learn(from: candidate.choices)
                    if candidate.failure != nil { return (candidate, nil) }
                }
                return (best, nil)
            }

            /// The words for a search from below that stopped before it reached `count` deviations.
            private static func notRuledOut(_ count: Int, below level: Int, runs: Int) -> String {
                let passed =
                    level <= 1
                    ? "ordinary manual mode passed" : "every schedule with fewer than \(level) deviations passed"
                return "fewer not ruled out after \(runs) runs: \(passed)"
            }

            /// The most runs spent dropping deviations from one failure.
            private static let droppingBudget = 500
            /// The most runs spent searching upward for a failure with fewer deviations.
            private static let searchBudget = 20_000

            /// The error for schedule `number`, which failed: minimised and confirmed, except an async
            /// run that exceeded the explorer's step limit (a livelock), reported at once — every run
            /// of it takes the whole step budget, so minimising it would take hundreds of those.
            private func failure(_ found: Outcome, number: Int) throws -> MockDispatchableError {
                guard !found.isRunaway else {
                    let schedule = ScheduleText.encode(found.choices)
                    return MockDispatchableError(
                        kind: .stepLimitExceeded,
                        message: "\(caller): schedule \(number) never ended.\n  \(found.failure ?? "")\n"
                            + "  Schedule: \"\(schedule)\" (\(found.deviationCount) deviation"
                            + "\(found.deviationCount == 1 ? "" : "s") from ordinary manual mode, not minimised: "
                            + "every run of a livelock takes the whole step budget); run it again with "
                            + "MockDispatchable.replay(\"\(schedule)\") { mock in … }",
                        snapshot: found.snapshot, fileID: fileID, line: line, schedule: schedule)
                }
                let (minimised, unproven) = try minimise(found)
                return try failure(minimised, number: number, found: found, unproven: unproven)
            }

            /// The error for a failing schedule, once its failure recurs: runs it again, keeping its
            /// deviations in words (plain runs skip that work). A failure that does not recur — the
            /// minimised schedule's, nor the one found — is not reported as a schedule at all.
            private func failure(
                _ failing: Outcome, number: Int, found: Outcome, unproven: String?
            ) throws -> MockDispatchableError {
                for candidate in [failing, found] {
                    let again = try run(Chooser(script: candidate.choices, strict: true, keeping: .words))
                    if again.failure != nil, again.mismatch == nil, again.choices == candidate.choices {
                        return report(
                            again, number: number, found: found,
                            unproven: candidate.choices == failing.choices ? unproven : "not minimised")
                    }
                    if candidate.choices == found.choices { break }
                }
                return MockDispatchableError(
                    kind: .nondeterministicBody,
                    message: "\(caller): schedule \(number) failed once, but the failure is not reproducible: run "
                        + "again with the same choices, the body passed. The body is not deterministic (randomness, "
                        + "real time, a cold cache or state shared across runs?), so no schedule would replay it.\n"
                        + "  The body threw: \(BoundedList.quoted(found.failure ?? "", limit: 2_000))",
                    snapshot: found.snapshot, fileID: fileID, line: line)
            }

            private func report(
                _ outcome: Outcome, number: Int, found: Outcome, unproven: String? = nil
            ) -> MockDispatchableError {
                let schedule = ScheduleText.encode(outcome.choices)
                let isDeadlock = outcome.failureKind == .deadlock
                var message =
                    isDeadlock
                    ? "\(caller): schedule \(number) deadlocked.\n  \(outcome.failure ?? "")\n"
                    : "\(caller): schedule \(number) failed.\n  The body threw: \(outcome.failure ?? "")\n"
                message +=
                    "  Schedule: \"\(schedule)\"; run it again with MockDispatchable.replay(\"\(schedule)\") { mock in … }\n"
                let count = outcome.deviations.count
                if count == 0 {
                    message += "  It is ordinary manual mode: the body fails without any change of order."
                } else {
                    message += "  It differs from ordinary manual mode in \(count) choice\(count == 1 ? "" : "s")"
                    var notes: [String] = []
                    if found.deviationCount > count { notes.append("minimised from \(found.deviationCount)") }
                    if let unproven { notes.append(unproven) }
                    if !notes.isEmpty { message += " (\(notes.joined(separator: "; ")))" }
                    message +=
                        ":\n"
                        + BoundedList.lines(
                            outcome.deviations.prefix(BoundedList.shown).map { "    - step \($0.step): \($0.words)" },
                            total: count, indent: "    ")
                }
                return MockDispatchableError(
                    kind: isDeadlock ? .deadlock : .scheduleFailed, message: message, snapshot: outcome.snapshot,
                    fileID: fileID, line: line, schedule: schedule)
            }

            private func nondeterministic(_ mismatch: String, _ outcome: Outcome) -> MockDispatchableError {
                MockDispatchableError(
                    kind: .nondeterministicBody, message: "\(caller): the body is not deterministic: \(mismatch)",
                    snapshot: outcome.snapshot, fileID: fileID, line: line)
            }
        }

        /// Which schedule each run of `explore` takes, per strategy. A new strategy is a
        /// ``SchedulePolicy`` and a line here.
        ///
        /// `.mixed` runs ordinary manual mode first, then alternates between the one-deviation
        /// sweep and, in turn, a random walk and PCT of depths 2 and 3.
        // joined: fileprivate
        nonisolated struct ExplorationPlan {
            private let strategy: MockDispatchable.ExplorationStrategy
            private var random: RandomNumbers
            private var sweep: SingleDeviations?

            init(_ strategy: MockDispatchable.ExplorationStrategy, seed: UInt64) {
                self.strategy = strategy
                random = RandomNumbers(seed: seed)
            }

            /// The chooser for schedule `number` (from 1); `longestRun` counts choice points.
            mutating func chooser(for number: Int, longestRun: Int) -> Chooser {
                switch strategy {
                case .randomWalk:
                    return Chooser(then: RandomWalk(random: random.split()))
                case .pct(let depth):
                    return Chooser(then: pct(depth, longestRun))
                case .mixed:
                    if number == 1 { return Chooser() }
                    if number.isMultiple(of: 2), let script = sweep?.next() { return Chooser(script: script) }
                    switch (number / 2) % 3 {
                    case 0: return Chooser(then: RandomWalk(random: random.split()))
                    case 1: return Chooser(then: pct(2, longestRun))
                    default: return Chooser(then: pct(3, longestRun))
                    }
                }
            }

            /// What schedule `number` chose: `.mixed` sweeps the deviations of the first, ordinary run.
            mutating func learn(from choices: [Choice], number: Int) {
                if strategy == .mixed, number == 1 { sweep = SingleDeviations(from: choices) }
            }

            private mutating func pct(_ depth: Int, _ longestRun: Int) -> PriorityPolicy {
                PriorityPolicy(depth: depth, expectedChoicePoints: longestRun, random: random.split())
            }
        }

        /// Every schedule that deviates from ordinary manual mode at exactly one choice point, made
        /// one at a time from the ordinary run's choices: memory of one run, however long.
        // joined: fileprivate
        nonisolated struct SingleDeviations {
            private let ordinary: [Choice]
            private var point: Int
            private var taken = 1

            /// The schedules that follow `ordinary` and deviate once.
            init(from ordinary: [Choice]) {
                self.ordinary = ordinary
                point = 0
            }

            mutating func next() -> [Choice]? {
                while point < ordinary.count, taken >= ordinary[point].offered {
                    point += 1
                    taken = 1
                }
                guard point < ordinary.count else { return nil }
                defer { taken += 1 }
                return Array(ordinary[..<point]) + [Choice(taken: taken, offered: ordinary[point].offered)]
            }
        }

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
        nonisolated struct FewestFirst {
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

            private var levels: [[Node]]
            /// Where the walk is: the parent whose children are listed, the choice point deviating
            /// (from the parent's last one down), and the choice taken there.
            private var parent = 0
            private var position = -1
            private var taken = 0
            /// The parent's run as far as is known: ordinary manual mode's whole, else up to the
            /// deviation of its first child run.
            private var known: [Choice]
            private let ordinary: [Choice]
            private var pending: Next?

            init(ordinary choices: [Choice]) {
                ordinary = choices
                known = choices
                levels = [[Node(parent: -1, position: -1, taken: 0, length: Int32(clamping: choices.count))], []]
                position = choices.count
            }

            /// The next schedule, or nil when every schedule has been listed.
            mutating func next() -> Next? {
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

            /// Leaves out the subtree of the schedule ``next()`` returned: it is not run.
            mutating func skip() { pending = nil }

            /// Learns from the run of the schedule ``next()`` returned.
            mutating func learn(from choices: [Choice]) {
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
            func mismatch(of choices: [Choice]) -> String? {
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
                known = level == 0 ? ordinary : []
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

        /// Depth-first order over every schedule: `explore` follows it a step at a time, to know when
        /// it has run every schedule (``exploreAll`` runs ``FewestFirst`` order).
        // joined: fileprivate
        nonisolated struct DepthFirst {
            /// The next script to run; nil when every schedule has run, or before the first.
            private(set) var next: [Choice]? = []
            private(set) var isDone = false

            /// Learns from a run: the depth-first run itself, or ordinary manual mode (the first
            /// depth-first schedule) whichever strategy ran it.
            mutating func learn(from choices: [Choice], ranItsScript: Bool) {
                guard !isDone, ranItsScript || (next?.isEmpty == true && choices.allSatisfy { $0.taken == 0 })
                else { return }
                next = Self.successor(of: choices)
                isDone = next == nil
            }

            /// The next schedule depth-first: the last choice point that has a further choice takes
            /// it; nil when every schedule has run.
            static func successor(of choices: [Choice]) -> [Choice]? {
                var next = choices
                while let last = next.last, last.taken + 1 >= last.offered { next.removeLast() }
                guard !next.isEmpty else { return nil }
                next[next.count - 1].taken += 1
                return next
            }
        }
    }

#endif
