import Testing

@testable import Dispatchable

/// `FewestFirst`, the order `exploreAll` runs schedules in: ordinary manual mode, then every
/// schedule with one deviation from it, then two, and so on, each once.
@Suite("Strategy: fewest deviations first")
struct FewestFirstTests {
    typealias Bodies = StrategyBodies
    typealias FewestFirst = MockDispatchable.FewestFirst

    /// How many choice points of a run took other than the first choice.
    static func deviations(_ run: [MockDispatchable.Choice]) -> Int { run.filter { $0.taken != 0 }.count }

    /// On a body whose shape depends on its choices (seven schedules), it runs every schedule
    /// exactly once, then has no run left and reports itself exhaustive. Catches a level that
    /// skips a child, lists one twice, or ends early.
    @Test func runsEveryScheduleOfASmallTreeExactlyOnceThenIsExhaustive() {
        var fewestFirst = FewestFirst()
        let exploration = Bodies.explore(&fewestFirst, on: Bodies.uneven)
        #expect(exploration.runs.count == 7)
        #expect(Set(exploration.runs) == Bodies.everySchedule(of: Bodies.uneven))
        #expect(exploration.mismatches.isEmpty)
        #expect(fewestFirst.isExhaustive)
        #expect(fewestFirst.beginRun() == nil)
    }

    /// Three choice points of two: ordinary manual mode, the three schedules with one deviation,
    /// the three with two, then the one with three. Catches a depth-first order, or a level
    /// listed before the one below it is done.
    @Test func runsSchedulesInOrderOfTheirDeviations() {
        var fewestFirst = FewestFirst()
        let runs = Bodies.explore(&fewestFirst, on: Bodies.fixed([2, 2, 2])).runs
        #expect(runs.count == 8)
        #expect(runs.map(Self.deviations) == [0, 1, 1, 1, 2, 2, 2, 3])
        #expect(runs.first?.map(\.taken) == [0, 0, 0])
    }

    /// A choice point of three gives two schedules of one deviation there (choices 1 and 2), both
    /// before any schedule of two deviations. Catches a level that tries only the second choice.
    @Test func everyOtherChoiceOfAChoicePointIsADeviationOfItsOwn() {
        var fewestFirst = FewestFirst()
        let runs = Bodies.explore(&fewestFirst, on: Bodies.fixed([3, 2])).runs
        #expect(Set(runs.prefix(4).map { $0.map(\.taken) }) == [[0, 0], [1, 0], [2, 0], [0, 1]])
        #expect(runs.dropFirst(4).map(Self.deviations) == [2, 2])
    }

    /// A body without choice points has one schedule: one run, then exhaustive.
    @Test func aBodyWithoutChoicePointsIsOneSchedule() {
        var fewestFirst = FewestFirst()
        let exploration = Bodies.explore(&fewestFirst, on: { _ in nil })
        #expect(exploration.runs == [[]])
        #expect(fewestFirst.isExhaustive)
    }
}
