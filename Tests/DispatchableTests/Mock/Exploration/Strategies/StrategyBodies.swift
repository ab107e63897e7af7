@testable import Dispatchable

/// What the strategy tests run their strategies on: a body reduced to its choice points, each
/// offering some candidates depending on the choices before it, run through a real ``RunRecord`` the
/// way the explorer's driver loop runs a planned run.
enum StrategyBodies {
    typealias Choice = MockDispatchable.Choice
    typealias Candidate = MockDispatchable.Candidate
    typealias CandidateList = MockDispatchable.CandidateList
    typealias RunPlan = MockDispatchable.RunPlan

    /// How many candidates a body offers at its next choice point, given the choices made before
    /// it; nil when the body ends there. Every choice point offers at least two (one candidate is
    /// no choice point: the run record records nothing for it).
    typealias Body = ([Choice]) -> Int?

    /// A body whose choice points offer `counts`, whatever was chosen before.
    static func fixed(_ counts: [Int]) -> Body {
        { made in made.count < counts.count ? counts[made.count] : nil }
    }

    /// A body whose shape depends on its choices: 3 candidates first; after the first of them, two
    /// more choice points of 2; after the second, one of 2; after the third, none. Seven schedules.
    static var uneven: Body {
        { made in
            switch made.map(\.taken) {
            case []: 3
            case [0], [0, 0], [0, 1]: 2
            case [1]: 2
            default: nil
            }
        }
    }

    /// Every schedule of `body`, by brute force: what an exhaustive strategy must run.
    static func everySchedule(of body: Body, after prefix: [Choice] = []) -> Set<[Choice]> {
        guard let offered = body(prefix) else { return [prefix] }
        var schedules = Set<[Choice]>()
        for taken in 0..<offered {
            schedules.formUnion(everySchedule(of: body, after: prefix + [Choice(taken: taken, offered: offered)]))
        }
        return schedules
    }

    /// Calls `body` with what a choice point offers when `count` candidates are due now,
    /// sequences 1 through `count`.
    static func offering<Result>(_ count: Int, _ body: (CandidateList.Offered) -> Result) -> Result {
        offering((1...count).map(candidate), body)
    }

    /// Calls `body` with what a choice point offers of `candidates`, in their order: a list's
    /// memory, which `body` reads while the list lives.
    static func offering<Result>(_ candidates: [Candidate], _ body: (CandidateList.Offered) -> Result) -> Result {
        var list = CandidateList()
        for candidate in candidates { list.addLater(candidate) }
        let offered = list.offered
        return withExtendedLifetime(list) { body(offered) }
    }

    static func candidate(_ sequence: Int) -> Candidate {
        Candidate(
            due: 0, sequence: sequence, slot: sequence, isOffload: true, identity: UInt64(sequence),
            key: .item(sequence), needsMainActor: false, isTask: false, stallsAsTask: false)
    }

    /// One run of `body` as `planned` chooses it: the choices made, and the mismatch a strict
    /// script met, if any.
    static func run(_ planned: RunPlan, on body: Body) -> (choices: [Choice], mismatch: String?) {
        var runRecord = planned.runRecord()
        while let offered = body(runRecord.made) {
            precondition(offered >= 2, "a test body's choice point offers at least two candidates")
            for sequence in 1...offered { runRecord.candidates.addLater(candidate(sequence)) }
            guard case .candidate(let index) = runRecord.choose(at: 0, describing: describe) else { break }
            _ = runRecord.take(index)
        }
        runRecord.finish()
        return (runRecord.made, runRecord.mismatch)
    }

    /// What an exploration of `body` with `scheduler` ran, as the driver loop runs it: each planned
    /// run, its choices, until the strategy has no run left or `limit` have run.
    struct Exploration {
        var planned: [RunPlan] = []
        var runs: [[Choice]] = []
        var mismatches: [String] = []
    }

    static func explore(
        _ scheduler: inout some MockDispatchable.Scheduler, on body: Body, limit: Int = 1_000
    ) -> Exploration {
        var exploration = Exploration()
        var seen = Set<[Choice]>()
        while exploration.runs.count < limit, let planned = scheduler.beginRun() {
            let (choices, mismatch) = run(planned, on: body)
            exploration.planned.append(planned)
            exploration.runs.append(choices)
            if let mismatch { exploration.mismatches.append(mismatch) }
            let isRepeat = scheduler.mayRepeat && !seen.insert(choices).inserted
            if let mismatch = scheduler.endRun(choices, isRepeat: isRepeat) { exploration.mismatches.append(mismatch) }
        }
        return exploration
    }

    /// `taken/offered` pairs, short: `choices([(1, 2), (0, 3)])`.
    static func choices(_ pairs: [(Int, Int)]) -> [Choice] {
        pairs.map { Choice(taken: $0.0, offered: $0.1) }
    }

    private static func describe(_ candidate: Candidate) -> MockDispatchable.PendingWork {
        MockDispatchable.PendingWork(
            sequence: candidate.sequence, thread: .offload, dueTime: 0, scheduledAt: 0, scheduledFrom: nil,
            isSleep: false)
    }
}
