import Testing

@testable import Dispatchable

/// `.randomWalk`: its policy picks uniformly from the seed's stream; the strategy gives each run a
/// stream of its own and never runs out.
@Suite("Strategy: random walk")
struct RandomWalkTests {
    typealias Bodies = StrategyBodies
    typealias RandomWalk = MockDispatchable.RandomWalk
    typealias RandomNumbers = MockDispatchable.RandomNumbers

    /// The picks of a policy on lists of 1, 2, … 9 candidates, over and over: `rounds` of them.
    static func picks(seed: UInt64, rounds: Int = 20) -> [Int] {
        var policy = RandomWalk.Policy(random: RandomNumbers(seed: seed))
        var picks: [Int] = []
        for round in 0..<rounds {
            for count in 1...9 {
                picks.append(Bodies.offering(count) { policy.pick(among: $0, at: round * 9 + count) })
            }
        }
        return picks
    }

    /// The same seed picks the same sequence: a failure found by a seed is found again by it.
    /// Catches a policy that draws from anything but its own stream (`Int.random(in:)`).
    @Test func theSameSeedPicksTheSameSequence() {
        for seed in [0, 1, 42, .max] as [UInt64] {
            #expect(Self.picks(seed: seed) == Self.picks(seed: seed), "seed \(seed)")
        }
    }

    /// Another seed picks another sequence: the seed is used.
    @Test func anotherSeedPicksAnotherSequence() {
        #expect(Self.picks(seed: 1) != Self.picks(seed: 2))
    }

    /// Every pick is an index into the list it was given, whatever its length (1 to 9, 4,500 picks).
    /// Catches an off-by-one in the bound (`next(below: count + 1)`).
    @Test func picksOnlyIndicesWithinTheList() {
        var policy = RandomWalk.Policy(random: RandomNumbers(seed: 7))
        for point in 0..<4_500 {
            let count = point % 9 + 1
            let pick = Bodies.offering(count) { policy.pick(among: $0, at: point) }
            #expect((0..<count).contains(pick), "picked \(pick) of \(count) at \(point)")
        }
    }

    /// It picks every candidate, about equally often: 3,000 picks among 3 (seed 3) give each
    /// between 900 and 1,100. Catches a walk that favours the first choice or never takes the last.
    @Test func picksEveryCandidateAboutEquallyOften() {
        var policy = RandomWalk.Policy(random: RandomNumbers(seed: 3))
        var counts = [0, 0, 0]
        for point in 0..<3_000 { counts[Bodies.offering(3) { policy.pick(among: $0, at: point) }] += 1 }
        for (index, count) in counts.enumerated() {
            #expect((900...1_100).contains(count), "index \(index) picked \(count) times of 3,000")
        }
    }

    /// Each run walks a stream of its own: on a body of 12 choice points of 3 (531,441 schedules),
    /// ten runs make ten different schedules. Catches runs that share one stream from its start.
    @Test func eachRunWalksItsOwnStream() {
        var walk = RandomWalk(seed: 5)
        let exploration = Bodies.explore(&walk, on: Bodies.fixed(Array(repeating: 3, count: 12)), limit: 10)
        #expect(Set(exploration.runs).count == 10)
    }

    /// Two walks of one seed plan the same runs, run for run.
    @Test func theSameSeedPlansTheSameRuns() {
        let body = Bodies.fixed(Array(repeating: 3, count: 8))
        var first = RandomWalk(seed: 9)
        var second = RandomWalk(seed: 9)
        #expect(Bodies.explore(&first, on: body, limit: 20).runs == Bodies.explore(&second, on: body, limit: 20).runs)
    }

    /// It never runs out of runs, even on a body with two schedules, says runs may repeat, and
    /// never claims to have run every schedule (that is `DepthFirstTail`'s to know).
    @Test func neverRunsOutAndNeverClaimsExhaustion() {
        var walk = RandomWalk(seed: 11)
        let exploration = Bodies.explore(&walk, on: Bodies.fixed([2]), limit: 200)
        #expect(exploration.runs.count == 200)
        #expect(Set(exploration.runs) == Bodies.everySchedule(of: Bodies.fixed([2])))
        #expect(walk.mayRepeat)
        #expect(!walk.isExhaustive)
    }
}
