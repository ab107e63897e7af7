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

    // MARK: - Explorer

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
                /// Each of `orders` moved one choice point earlier (see ``Chooser/movedEarlier``).
                let movedEarlier: [Order?]
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
                /// The run's longest stall: work that could run, waiting behind a timer.
                let stall: Stall
                /// What each choice point offered, for an async run (see ``CandidateRecord``).
                var record: CandidateRecord?

                /// How many choices differ from ordinary manual mode's.
                var deviationCount: Int { ScheduleText.deviations(in: choices) }
            }

            let caller: String
            let fileID: StaticString
            let line: UInt
            let body: (MockDispatchable) throws -> Void
            /// What one run leaves for the next to reuse.
            private let spare = Spare()
            /// The choices of the run under way, for a crash report.
            private let trail: CrashTrail
            /// Whether the task awaiting the exploration was cancelled: checked before each run.
            var isCancelled: () -> Bool = { false }
            /// Whether the whole exploration runs in one synchronous call on the main actor (the
            /// synchronous forms): then how long it held it is measured (see ``MainActorHold``).
            private(set) var holdsMainActor = false
            /// How many steps (jobs and blocks run) minimising a failure may take, besides its
            /// budgets in runs: set for async explorations, whose runs cost hundreds of steps
            /// (``Limits/asyncMinimisingSteps``). Counted in steps, not seconds, so that a report is
            /// the same however busy the machine.
            var minimisingSteps: Int?
            /// How many steps the exploration's runs have taken so far (async explorations count them).
            var stepsRun: () -> Int = { 0 }
            /// Whether an issue a test framework records during a run fails it, as a throw does
            /// (``MockDispatchable/failsRunsOnIssues``, read where the exploration was called).
            var failsOnIssues = MockDispatchable.failsRunsOnIssues

            init(caller: String, fileID: StaticString, line: UInt, body: @escaping (MockDispatchable) throws -> Void) {
                self.caller = caller
                self.fileID = fileID
                self.line = line
                self.body = body
                trail = CrashTrail(caller: caller, fileID: fileID, line: line)
            }

            /// An explorer of a synchronous body, on the main actor as the body is.
            ///
            /// `@MainActor` is the compiler's word, which Swift 5-mode code, an Objective-C callback
            /// or an `unsafeBitCast` can bypass and call this on a background thread: there it throws
            /// ``MockDispatchableError/Kind/mainActorRequired`` before any run, where running the
            /// body would race the main actor (or trap in `MainActor.assumeIsolated`, and take every
            /// test of the process with it). ``DispatchThread/isOnMainQueue`` is the check, true in
            /// every context that is on the main actor (on Linux, Swift Testing runs the main queue on
            /// a thread that is not the main thread).
            @MainActor
            init(
                caller: String, fileID: StaticString, line: UInt,
                mainActorBody body: @escaping @MainActor (MockDispatchable) throws -> Void
            ) throws {
                try Self.requireMainQueue(caller: caller, fileID: fileID, line: line)
                self.init(caller: caller, fileID: fileID, line: line) { mock in
                    try MainActor.assumeIsolated { try body(mock) }
                }
                holdsMainActor = true
            }

            /// Throws ``MockDispatchableError/Kind/mainActorRequired``, saying what to do, unless the
            /// caller is on the main queue: the check of every exploration of a `@MainActor` body.
            static func requireMainQueue(caller: String, fileID: StaticString, line: UInt) throws {
                guard !DispatchThread.isOnMainQueue else { return }
                throw refusal(.mainActorRequired, MockDispatchable.mainActorAdvice(exploring: caller), fileID, line)
            }

            /// An error thrown before any run: its timeline is empty.
            private static func refusal(
                _ kind: MockDispatchableError.Kind, _ message: String, _ fileID: StaticString, _ line: UInt
            ) -> MockDispatchableError {
                MockDispatchableError(
                    kind: kind, message: message, snapshot: TimelineRenderer(log: EventLog(), mode: .manual, now: 0),
                    fileID: fileID, line: line)
            }

            nonisolated final class Spare {
                var candidates = CandidateList()
                /// A queue, empty, whose lanes have grown to a run's size.
                var queue = WorkQueue()
                var outlived = OutlivedMocks()
                /// The stall bound every run's chooser applies (see ``StallBound``).
                var stallBound = StallBound.standard
                /// The caller's `maximumStall:`, or the environment variable's when it was left out,
                /// for the replay call a report names: a schedule replays under the bound it was found
                /// under (nil: the default bound).
                var maximumStall: TimeInterval?
            }

            /// Runs' mocks that are still alive after their runs with work queued, held weakly: a
            /// closure left queued that captures its mock keeps it alive (a reference cycle), and
            /// exploration cannot tell that from a mock the body kept on purpose. Counted, to say so
            /// once an exploration has left many of them behind.
            nonisolated struct OutlivedMocks {
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
                    guard mocks.count >= Limits.outlivedMocksWindow else { return nil }
                    mocks.removeAll { $0.mock == nil }
                    // Else at least half a window passes before the next count: amortised O(1).
                    guard mocks.count >= Limits.outlivedMocksWindow / 2 else { return nil }
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
                // Issues fail the run; those of the run a report shows are reported as they are too.
                let issues = failsOnIssues ? RunIssues(reporting: chooser.isReported) : nil
                var mock = MockDispatchable(mode: .manual)
                swap(&chooser.candidates, &spare.candidates)
                mock.adoptStorage(&spare.queue)
                chooser.trail = trail.record
                chooser.stallBound = spare.stallBound
                mock.install(chooser)  // moved in: the run's record is the mock's until it ends
                trail.begin()
                var failure: String?
                var failureKind: MockDispatchableError.Kind?
                var escaped: String?
                var unsupported: MockDispatchableError?
                var isRunaway = false
                do {
                    try MockDispatchable.$runIssues.withValue(issues) { try body(mock) }
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
                trail.end()
                if failure == nil, escaped == nil, let recorded = issues?.recorded, let first = recorded.first {
                    let more = recorded.count > 1 ? " (and \(recorded.count - 1) more)" : ""
                    failure = "the test recorded an issue\(more): \(BoundedList.quoted(first, limit: 2_000))"
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
                    choices: recorded.made, orders: recorded.orders, movedEarlier: recorded.movedEarlier,
                    deviations: recorded.deviations,
                    mismatch: mismatch, isEscape: escaped != nil,
                    failure: escaped == nil ? failure : nil, failureKind: failureKind, isRunaway: isRunaway,
                    snapshot: snapshot, stall: recorded.longestStall, record: recorded.record)
            }

            private func warnOfOutlivedMocks(_ alive: Int) {
                let text =
                    "MockDispatchable: \(caller) at \(fileID):\(line): the mocks of \(alive) runs are still alive "
                    + "after their runs, with work queued. A queued closure that captures its mock (directly, or "
                    + "through an object that holds it) keeps the mock alive, with its timeline: memory that grows "
                    + "with every schedule. Run the body until idle, or capture [weak self] as production code does.\n"
                FileHandle.standardError.write(Data(text.utf8))
            }

            func explore(
                schedules: Int, seed: UInt64, strategy: MockDispatchable.ExplorationStrategy,
                maximumStall: TimeInterval? = nil
            ) throws -> MockDispatchable.ExplorationReport {
                try check(Rules.scheduleCount(schedules, named: "schedules"))
                try check(Rules.strategy(strategy))
                try resolveStallBound(maximumStall)
                switch strategy {
                case .mixed:
                    var scheduler = DepthFirstTail(Mixed(seed: seed))
                    return try drive(&scheduler, limit: schedules)
                case .randomWalk:
                    var scheduler = DepthFirstTail(RandomWalk(seed: seed))
                    return try drive(&scheduler, limit: schedules)
                case .pct(let depth):
                    var scheduler = DepthFirstTail(PCT(depth: depth, seed: seed))
                    return try drive(&scheduler, limit: schedules)
                }
            }

            /// Every schedule, fewest deviations first, or one shard's slice of them: `shard` when
            /// given, else the one `DISPATCHABLE_SHARD` names, else the whole space.
            /// See ``FewestFirst`` for the order (each schedule runs once) and ``Sharded`` for the split.
            func exploreAll(
                limit: Int, shard given: ExplorationShard?, maximumStall: TimeInterval? = nil
            ) throws -> MockDispatchable.ExplorationReport {
                try check(Rules.scheduleCount(limit, named: "limit"))
                try resolveStallBound(maximumStall)
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
                if shard == .whole {
                    var scheduler = FewestFirst()
                    return try drive(&scheduler, limit: limit)
                }
                var scheduler = Sharded(shard)
                return try drive(&scheduler, limit: limit, shard: shard)
            }

            /// The one driver loop every strategy runs behind: begins runs until the strategy has
            /// none left or `limit` of them have counted, runs each, lets the strategy learn from it,
            /// and throws at the first counted run that fails — minimised and confirmed, or as it
            /// is for a run that keeps its words (a replay).
            func drive(
                _ scheduler: inout some Scheduler, limit: Int, shard: ExplorationShard? = nil
            ) throws -> MockDispatchable.ExplorationReport {
                let started = DispatchTime.now().uptimeNanoseconds
                defer {
                    if holdsMainActor { MainActorHold.note(since: started, caller: caller, at: "\(fileID):\(line)") }
                }
                var counted = 0
                var seen = Set<UInt64>()
                func summary(isExhaustive: Bool) -> MockDispatchable.ExplorationReport {
                    .init(
                        schedulesRun: counted, distinctSchedules: scheduler.mayRepeat ? seen.count : counted,
                        isExhaustive: isExhaustive, shard: shard)
                }
                // The run before, for an async body: what its choice points offered.
                var previous: (choices: [Choice], record: CandidateRecord)?
                while let planned = scheduler.beginRun() {
                    if planned.isCounted, counted >= limit { return summary(isExhaustive: false) }
                    let outcome = try run(planned.chooser)
                    // Where this run, after the same choices as the run before, offered other candidates.
                    var difference: CandidateRecord.Difference?
                    if let previous, let record = outcome.record, !outcome.isEscape {
                        difference = CandidateRecord.difference(
                            outcome.choices, record, from: previous.choices, previous.record)
                    }
                    if let mismatch = outcome.mismatch {
                        let changes = difference.map {
                            " Beside the run before, after the same choices: \($0.changes)."
                        }
                        throw nondeterministic(mismatch + (changes ?? ""), outcome)
                    }
                    if let difference {
                        throw nondeterministic(
                            difference.words + " A body must build its objects afresh on every run, and must not "
                                + "depend on randomness, real time or state shared across runs.", outcome)
                    }
                    if let record = outcome.record { previous = (outcome.choices, record) }
                    let isRepeat = scheduler.mayRepeat && !seen.insert(Self.fingerprint(outcome.choices)).inserted
                    if let mismatch = scheduler.endRun(outcome.choices, isRepeat: isRepeat) {
                        throw nondeterministic(mismatch, outcome)
                    }
                    guard planned.isCounted else { continue }
                    counted += 1
                    if outcome.failure != nil {
                        if planned.keeping == .words { throw report(outcome, number: counted, found: outcome) }
                        throw try failure(outcome, number: counted)
                    }
                }
                return summary(isExhaustive: scheduler.isExhaustive)
            }

            func replay(_ text: String, maximumStall: TimeInterval? = nil) throws -> MockDispatchable.ExplorationReport
            {
                try resolveStallBound(maximumStall)
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
                var scheduler = Replay(script)
                return try drive(&scheduler, limit: 1)
            }

            /// Reads the stall bound every run applies: `maximumStall`, else the environment
            /// variable's, else the default (see ``StallBound``); throws `.invalidArgument` for a bad
            /// one, before the body runs.
            private func resolveStallBound(_ maximumStall: TimeInterval?) throws {
                let variable = ProcessInfo.processInfo.environment[MockDispatchable.maximumStallVariable]
                switch Rules.maximumStall(maximumStall, environment: variable) {
                case .success(let resolved):
                    spare.stallBound = resolved.bound
                    spare.maximumStall = resolved.seconds
                case .failure(let problem): try check(problem.message)
                }
            }

            /// Throws `.invalidArgument` for one of the ``Rules``' answers, with an empty timeline:
            /// nothing has run yet.
            private func check(_ problem: String?) throws {
                guard let problem else { return }
                throw Self.refusal(.invalidArgument, "\(caller): \(problem)", fileID, line)
            }

            /// A 64-bit FNV-1a fingerprint of a choice sequence, for counting distinct schedules:
            /// cheaper than hashing the array into a set, and a collision among even a million
            /// schedules has odds of about 1 in 3·10⁷.
            private static func fingerprint(_ choices: [Choice]) -> UInt64 {
                var hash = FNV1a()
                for choice in choices {
                    hash.add(choice.taken)
                    hash.add(choice.offered)
                }
                return hash.value ^ UInt64(truncatingIfNeeded: choices.count)
            }

            /// A failing schedule with the fewest deviations from ordinary manual mode this can find,
            /// and, when the search could not rule out fewer, what it did rule out (in words).
            ///
            /// 1. Drops deviations while the body still fails (see ``dropDeviations(from:clock:runs:)``),
            ///    then moves them earlier where that lets more go (see
            ///    ``moveDeviations(from:clock:runs:)``). Each is stated as an ``Order`` between items
            ///    named by ``Identity`` and re-resolved in every run, so dropping some does not shift
            ///    what the others mean (dropping a positional choice would: choice indices after it
            ///    name other items).
            /// 2. Searches upward from ordinary manual mode in ``FewestFirst`` order — every schedule
            ///    with one deviation, then two, … — for a failure with fewer deviations, within
            ///    ``Limits/searchBudget`` runs. The first it meets is the true minimum, the same whichever
            ///    schedule failed first; meeting a schedule with as many deviations as the best proves
            ///    the best minimal. When the budget runs out first, the answer says what was ruled out.
            /// 3. Among schedules with that fewest number, prefers the shortest longest ``Stall``: it
            ///    goes on through that level, within ``Limits/stallPreferenceBudget`` more runs.
            private func minimise(_ failing: Outcome) throws -> (outcome: Outcome, unproven: String?) {
                // The failing run again, keeping its deviations as orders (plain runs skip that).
                let clock = MinimisingBudget(steps: minimisingSteps, counted: stepsRun)
                let again = try run(Chooser(script: failing.choices, keeping: .orders))
                var best = again.failure != nil && again.choices == failing.choices ? again : failing
                var runs = 0
                best = try dropDeviations(from: best, clock: clock, runs: &runs)
                best = try moveDeviations(from: best, clock: clock, runs: &runs)
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
                    let candidate = try run(next.chooser)
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

            /// Drops deviations from a failing run while the body still fails, within
            /// ``Limits/droppingBudget`` runs: delta debugging (Zeller's ddmin) over its orders —
            /// without each half, then each quarter, … then each single order — so that deviations
            /// that only fail together with others (a late response that needs its request, a
            /// refresh and a timer all moved) still go in one step, where dropping one at a time
            /// stops at a schedule none of whose single deviations can go alone.
            private func dropDeviations(from failing: Outcome, clock: MinimisingBudget, runs: inout Int) throws
                -> Outcome
            {
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
                        let candidate = try run(Chooser(then: OrderPolicy(orders: kept), keeping: .orders))
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
            private func moveDeviations(from failing: Outcome, clock: MinimisingBudget, runs: inout Int) throws
                -> Outcome
            {
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
                            let moved = try run(Chooser(then: OrderPolicy(orders: orders), keeping: .orders))
                            runs += 1
                            guard moved.failure != nil, moved.mismatch == nil,
                                moved.deviationCount <= current.deviationCount,
                                let next = moved.orders.firstIndex(where: { $0.first == earlier.first })
                            else { break }
                            current = moved
                            position = next
                            let dropped = try dropDeviations(from: current, clock: clock, runs: &runs)
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

            /// Minimisation's budget in steps, if it has one.
            private struct MinimisingBudget {
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

            /// The error for schedule `number`, which failed: minimised and confirmed, except an async
            /// run that exceeded the explorer's step limit (a livelock), reported at once — every run
            /// of it takes the whole step budget, so minimising it would take hundreds of those.
            private func failure(_ found: Outcome, number: Int) throws -> MockDispatchableError {
                guard !found.isRunaway else {
                    let why = "every run of a livelock takes the whole step budget"
                    return MockDispatchableError(
                        kind: .stepLimitExceeded,
                        message: "\(caller): schedule \(number) never ended.\n  \(found.failure ?? "")\n  "
                            + ScheduleText.unminimised(found.choices, because: why, after: caller),
                        snapshot: found.snapshot, fileID: fileID, line: line,
                        schedule: ScheduleText.encode(found.choices))
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
                    "  Schedule: \"\(schedule)\"; run it again with "
                    + "\(ScheduleText.replayCall(schedule, after: caller, maximumStall: spare.maximumStall))\n"
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
                message += "\n  " + outcome.stall.sentence(bound: spare.maximumStall)
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
    }

    nonisolated extension MockDispatchable {
        /// How long one synchronous exploration held the main actor. The synchronous forms run every
        /// schedule in one call on the main actor; while they run, nothing else that needs the main
        /// actor — a parallel test's main-queue hop, an `@MainActor` test, a `waitUntil` resuming
        /// there — can run. The first call of a process that holds it longer than
        /// ``Limits/mainActorHoldNote`` writes a note to standard error saying what to use instead;
        /// with ``logVariable`` set to a file's path, every call appends a line to it.
        // joined: fileprivate
        nonisolated enum MainActorHold {
            /// `DISPATCHABLE_MAIN_ACTOR_HOLD_LOG`: a file each synchronous exploration appends
            /// `<seconds> <call> <file:line>` to, to find the ones that hold the main actor long.
            static let logVariable = "DISPATCHABLE_MAIN_ACTOR_HOLD_LOG"

            private static let noted = NSLock()
            nonisolated(unsafe) private static var hasNoted = false

            static func note(since started: UInt64, caller: String, at place: String) {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
                if let path = ProcessInfo.processInfo.environment[logVariable], !path.isEmpty,
                    let log = fopen(path, "a")
                {
                    fputs("\(String(format: "%.3f", seconds)) \(caller) \(place)\n", log)
                    fclose(log)
                }
                guard seconds > Limits.mainActorHoldNote else { return }
                let first = noted.withLock {
                    defer { hasNoted = true }
                    return !hasNoted
                }
                guard first else { return }
                let text =
                    "MockDispatchable: \(caller) at \(place) held the main actor for "
                    + "\(SecondsText.measured(seconds)) in one synchronous call: meanwhile no other main-actor "
                    + "work of the process ran (a parallel test's main-queue hop, an @MainActor test). Give it "
                    + "an async body (the same call with try await and an async closure), "
                    + "which gives the main actor back between schedules, or explore fewer schedules. "
                    + "(Noted once per process.)\n"
                FileHandle.standardError.write(Data(text.utf8))
            }

        }
    }

#endif
