import Testing

@testable import Dispatchable

/// `SingleDeviations`: ordinary manual mode, then each schedule that deviates from it at exactly
/// one choice point, once, in order.
@Suite("Strategy: single deviations")
struct SingleDeviationsTests {
    typealias Bodies = StrategyBodies
    typealias SingleDeviations = MockDispatchable.SingleDeviations

    /// Its first run is ordinary manual mode: no script, the first choice everywhere.
    @Test func firstRunIsOrdinaryManualMode() {
        var sweep = SingleDeviations()
        let planned = sweep.beginRun()
        #expect(planned?.script == [])
        #expect(planned.map { Bodies.run($0, on: Bodies.fixed([2, 3])).choices } == Bodies.choices([(0, 2), (0, 3)]))
    }

    /// After ordinary manual mode's `0/2 0/3 0/2`, it plans each single deviation once, point by
    /// point and choice by choice — `1/2`, `0/2 1/3`, `0/2 2/3`, `0/2 0/3 1/2` — and then has no
    /// run left. Catches a sweep that skips a choice's last option, repeats one, or goes on.
    @Test func plansEachSingleDeviationFromTheFirstRunOnce() {
        var sweep = SingleDeviations()
        let exploration = Bodies.explore(&sweep, on: Bodies.fixed([2, 3, 2]))
        #expect(
            exploration.planned.map(\.script) == [
                [],
                Bodies.choices([(1, 2)]),
                Bodies.choices([(0, 2), (1, 3)]),
                Bodies.choices([(0, 2), (2, 3)]),
                Bodies.choices([(0, 2), (0, 3), (1, 2)]),
            ])
        #expect(sweep.beginRun() == nil)
    }

    /// Past its deviation a run takes the first choice: every run but the first deviates from
    /// ordinary manual mode at exactly one choice point.
    @Test func everyRunAfterTheFirstDeviatesAtExactlyOneChoicePoint() {
        var sweep = SingleDeviations()
        let runs = Bodies.explore(&sweep, on: Bodies.fixed([3, 2, 4])).runs
        #expect(runs.count == 1 + 2 + 1 + 3)
        #expect(runs.first?.allSatisfy { $0.taken == 0 } == true)
        for run in runs.dropFirst() {
            #expect(MockDispatchable.ScheduleText.deviations(in: run) == 1, "\(run)")
        }
        #expect(Set(runs).count == runs.count)
    }

    /// Its deviations are from the first run only: what later runs report does not move them.
    /// Catches a sweep that relearns ordinary manual mode from every run.
    @Test func deviatesFromTheFirstRunOnly() {
        var sweep = SingleDeviations()
        _ = sweep.beginRun()
        _ = sweep.endRun(Bodies.choices([(0, 2), (0, 2)]), isRepeat: false)
        var scripts: [[MockDispatchable.Choice]] = []
        while let planned = sweep.beginRun() {
            scripts.append(planned.script)
            // A later run that went elsewhere, and longer.
            _ = sweep.endRun(Bodies.choices([(1, 3), (2, 3), (1, 3)]), isRepeat: false)
        }
        #expect(scripts == [Bodies.choices([(1, 2)]), Bodies.choices([(0, 2), (1, 2)])])
    }

    /// A body without choice points has ordinary manual mode only.
    @Test func aBodyWithoutChoicePointsHasOneRun() {
        var sweep = SingleDeviations()
        #expect(Bodies.explore(&sweep, on: { _ in nil }).runs == [[]])
    }

    /// It does not run every schedule, and does not say it has: on two choice points of two it
    /// runs three of the four, then reports not exhaustive. It never repeats a run.
    @Test func isNeverExhaustive() {
        var sweep = SingleDeviations()
        let runs = Bodies.explore(&sweep, on: Bodies.fixed([2, 2])).runs
        #expect(runs.count == 3)
        #expect(!runs.contains(Bodies.choices([(1, 2), (1, 2)])))
        #expect(!sweep.isExhaustive)
        #expect(!sweep.mayRepeat)
    }
}
