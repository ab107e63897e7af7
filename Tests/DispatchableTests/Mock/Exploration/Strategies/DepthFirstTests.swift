import Testing

@testable import Dispatchable

/// `DepthFirst`: every schedule, depth-first, each once, and then it says so; and
/// `DepthFirstTail`, which lets another strategy lead and runs depth-first after a repeat.
@Suite("Strategy: depth-first")
struct DepthFirstTests {
    typealias Bodies = StrategyBodies
    typealias DepthFirst = MockDispatchable.DepthFirst

    /// On a body whose shape depends on its choices (seven schedules), it runs every schedule
    /// exactly once, then has no run left and reports itself exhaustive. Catches a successor that
    /// skips a branch, revisits one, or stops early.
    @Test func runsEveryScheduleOfASmallTreeExactlyOnceThenIsExhaustive() {
        var depthFirst = DepthFirst()
        let exploration = Bodies.explore(&depthFirst, on: Bodies.uneven)
        #expect(exploration.runs.count == 7)
        #expect(Set(exploration.runs) == Bodies.everySchedule(of: Bodies.uneven))
        #expect(exploration.mismatches.isEmpty)
        #expect(depthFirst.isExhaustive)
        #expect(depthFirst.beginRun() == nil)
    }

    /// Ordinary manual mode first, then the last choice point with a further choice takes it:
    /// `00 01 10 11` on two choice points of two. Catches an order that advances the first point.
    @Test func runsOrdinaryManualModeFirstThenAdvancesTheLastChoicePoint() {
        var depthFirst = DepthFirst()
        let runs = Bodies.explore(&depthFirst, on: Bodies.fixed([2, 2])).runs
        #expect(runs.map { $0.map(\.taken) } == [[0, 0], [0, 1], [1, 0], [1, 1]])
    }

    /// It is not exhaustive until its last schedule has run: only then. Catches an `isExhaustive`
    /// that is true from the start or one run early.
    @Test func isExhaustiveOnlyAfterItsLastSchedule() {
        var depthFirst = DepthFirst()
        let body = Bodies.fixed([3, 2])
        var exhaustiveAfter: [Bool] = []
        while let planned = depthFirst.beginRun() {
            _ = depthFirst.endRun(Bodies.run(planned, on: body).choices, isRepeat: false)
            exhaustiveAfter.append(depthFirst.isExhaustive)
        }
        #expect(exhaustiveAfter == [false, false, false, false, false, true])
    }

    /// A body without choice points has one schedule: one run, then exhaustive.
    @Test func aBodyWithoutChoicePointsIsOneSchedule() {
        var depthFirst = DepthFirst()
        let exploration = Bodies.explore(&depthFirst, on: { _ in nil })
        #expect(exploration.runs == [[]])
        #expect(depthFirst.isExhaustive)
    }

    /// Its runs are strict: a body that offers three choices on its first run and two after it
    /// (state kept across runs) is a mismatch, not a silently different schedule. Catches a
    /// depth-first run planned without `isStrict`.
    @Test func aBodyThatChangesBetweenRunsIsAMismatch() {
        var depthFirst = DepthFirst()
        var runs = 0
        let exploration = Bodies.explore(
            &depthFirst,
            on: { made in
                guard made.isEmpty else { return nil }
                runs += 1
                return runs == 1 ? 3 : 2
            }, limit: 2)
        #expect(exploration.mismatches.count == 1)
    }

    /// It never says runs may repeat: it runs each schedule once, so the driver keeps no
    /// fingerprints for it.
    @Test func neverRepeats() {
        #expect(!DepthFirst().mayRepeat)
    }

    /// The successor of the last schedule is none, and of any other the next one depth-first:
    /// trailing choices at their last option are dropped and the one before advances.
    @Test func theSuccessorDropsSpentChoicePointsAndAdvancesTheLastOther() {
        #expect(DepthFirst.successor(of: Bodies.choices([(0, 2), (2, 3)])) == Bodies.choices([(1, 2)]))
        #expect(DepthFirst.successor(of: Bodies.choices([(0, 2), (1, 3)])) == Bodies.choices([(0, 2), (2, 3)]))
        #expect(DepthFirst.successor(of: Bodies.choices([(1, 2), (2, 3)])) == nil)
        #expect(DepthFirst.successor(of: []) == nil)
    }

    /// Behind a random walk, a space small enough to run in full is: after a run repeats an
    /// earlier schedule, the tail runs depth-first, ends with every schedule run, and reports
    /// itself exhaustive (`explore`'s "exhaustive" on a small body). Catches a tail that never
    /// takes over, or stops before depth-first has finished.
    @Test func behindARandomWalkASmallSpaceEndsExhaustive() {
        var tail = MockDispatchable.DepthFirstTail(MockDispatchable.RandomWalk(seed: 1))
        let exploration = Bodies.explore(&tail, on: Bodies.uneven)
        #expect(exploration.runs.count < 1_000)
        #expect(Set(exploration.runs) == Bodies.everySchedule(of: Bodies.uneven))
        #expect(tail.isExhaustive)
        #expect(tail.beginRun() == nil)
    }

    /// Before any run repeats, the lead plans every run: behind a random walk on a space of
    /// 3^10 schedules, 20 runs are the walk's own, run for run.
    @Test func untilARunRepeatsTheLeadPlansEveryRun() {
        let body = Bodies.fixed(Array(repeating: 3, count: 10))
        var tail = MockDispatchable.DepthFirstTail(MockDispatchable.RandomWalk(seed: 2))
        var walk = MockDispatchable.RandomWalk(seed: 2)
        let behind = Bodies.explore(&tail, on: body, limit: 20).runs
        #expect(Set(behind).count == 20)
        #expect(behind == Bodies.explore(&walk, on: body, limit: 20).runs)
        #expect(!tail.isExhaustive)
    }
}
