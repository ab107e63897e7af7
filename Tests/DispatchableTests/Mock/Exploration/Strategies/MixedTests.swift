import Testing

@testable import Dispatchable

/// `.mixed`, `explore`'s default: ordinary manual mode, then the one-deviation sweep on every
/// other run while it lasts, and between and after it a random walk, PCT of depth 2 and PCT of
/// depth 3 in turn, from one stream of the seed's random numbers.
@Suite("Strategy: mixed")
struct MixedTests {
    typealias Bodies = StrategyBodies
    typealias Mixed = MockDispatchable.Mixed
    typealias RandomNumbers = MockDispatchable.RandomNumbers

    /// Four choice points of three: eight single deviations, 81 schedules.
    static var body: Bodies.Body { Bodies.fixed([3, 3, 3, 3]) }

    /// What a policy picks from eight items, taking its pick out each time: enough to tell two
    /// policies apart.
    static func picks(_ policy: any MockDispatchable.ChoicePolicy) -> [Int] {
        var policy = policy
        var left = Array(1...8)
        var order: [Int] = []
        for point in 0..<8 {
            let picked = left[Bodies.offering(left.map(Bodies.candidate)) { policy.pick(among: $0, at: point) }]
            order.append(picked)
            left.removeAll { $0 == picked }
        }
        return order
    }

    /// Its first run is ordinary manual mode.
    @Test func firstRunIsOrdinaryManualMode() {
        var mixed = Mixed(seed: 1)
        let exploration = Bodies.explore(&mixed, on: Self.body, limit: 1)
        #expect(exploration.runs == [Bodies.choices([(0, 3), (0, 3), (0, 3), (0, 3)])])
    }

    /// Its even-numbered runs, while the sweep lasts, are the sweep's, in the sweep's order; every
    /// other run after the first follows no script. Catches an interleaving that runs the sweep
    /// back to back, skips a deviation, or scripts a random run.
    @Test func everyOtherRunIsTheSweepWhileItLasts() {
        var mixed = Mixed(seed: 1)
        let planned = Bodies.explore(&mixed, on: Self.body, limit: 40).planned
        var sweep = MockDispatchable.SingleDeviations()
        var sweepScripts: [[MockDispatchable.Choice]] = []
        while let run = sweep.beginRun() {
            sweepScripts.append(run.script)
            _ = sweep.endRun(Bodies.run(run, on: Self.body).choices, isRepeat: false)
        }
        #expect(sweepScripts.count == 9)
        // Runs 2, 4, … 16 (indices 1, 3, … 15) are the sweep's eight deviations.
        let even = stride(from: 1, to: 16, by: 2).map { planned[$0].script }
        #expect(even == Array(sweepScripts.dropFirst()))
        for index in stride(from: 2, to: 40, by: 2) {
            #expect(planned[index].script.isEmpty, "run \(index + 1)")
        }
        for index in 16..<40 { #expect(planned[index].script.isEmpty, "run \(index + 1)") }
    }

    /// Run by run, its policies past the sweep are the seed's: run n (counted from 1) draws the
    /// next generator of one stream of the seed and is a random walk, PCT of depth 2 or PCT of
    /// depth 3 as (n / 2) % 3 is 0, 1 or 2, its change points drawn among the longest run's choice
    /// points. This pins the schedules a seed gives: a change here changes every explored
    /// failure's seed.
    @Test func itsOtherRunsCycleRandomWalkAndPCTOfDepthsTwoAndThreeFromTheSeed() {
        var mixed = Mixed(seed: 21)
        let planned = Bodies.explore(&mixed, on: Self.body, limit: 40).planned
        var random = RandomNumbers(seed: 21)
        var kinds: Set<Int> = []
        for (index, run) in planned.enumerated() {
            let number = index + 1
            if number == 1 || (number.isMultiple(of: 2) && number <= 16) { continue }
            let kind = (number / 2) % 3
            kinds.insert(kind)
            let stream = random.split()
            let expected: any MockDispatchable.ChoicePolicy =
                kind == 0
                ? MockDispatchable.RandomWalk.Policy(random: stream)
                : MockDispatchable.PriorityPolicy(depth: kind + 1, expectedChoicePoints: 4, random: stream)
            #expect((run.policy is MockDispatchable.RandomWalk.Policy) == (kind == 0), "run \(number)")
            #expect(Self.picks(run.policy) == Self.picks(expected), "run \(number)")
        }
        #expect(kinds == [0, 1, 2])
    }

    /// The same seed plans the same runs, another seed others.
    @Test func theSameSeedPlansTheSameRuns() {
        var first = Mixed(seed: 4)
        var second = Mixed(seed: 4)
        var other = Mixed(seed: 5)
        let runs = Bodies.explore(&first, on: Self.body, limit: 40).runs
        #expect(runs == Bodies.explore(&second, on: Self.body, limit: 40).runs)
        #expect(runs != Bodies.explore(&other, on: Self.body, limit: 40).runs)
    }

    /// It never runs out of runs (on a body of two schedules, too), says runs may repeat, and
    /// never claims to have run every schedule.
    @Test func neverRunsOutAndNeverClaimsExhaustion() {
        var mixed = Mixed(seed: 6)
        let exploration = Bodies.explore(&mixed, on: Bodies.fixed([2]), limit: 100)
        #expect(exploration.runs.count == 100)
        #expect(mixed.mayRepeat)
        #expect(!mixed.isExhaustive)
    }
}
