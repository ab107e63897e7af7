import Testing

@testable import Dispatchable

/// `Replay`: one run of a recorded schedule, checked strictly, whose failure is reported as it is.
@Suite("Strategy: replay")
struct ReplayTests {
    typealias Bodies = StrategyBodies
    typealias Replay = MockDispatchable.Replay

    static let script = Bodies.choices([(0, 2), (2, 3), (1, 2)])

    /// It plans exactly the recorded script, strictly, keeping its words (the run reports itself,
    /// unminimised), as one of the exploration's counted runs.
    @Test func plansExactlyTheRecordedScriptStrictly() throws {
        var replay = Replay(Self.script)
        let begun = replay.beginRun()
        let planned = try #require(begun)
        #expect(planned.script == Self.script)
        #expect(planned.isStrict)
        #expect(planned.keeping == .words)
        #expect(planned.isCounted)
        #expect(Bodies.run(planned, on: Bodies.fixed([2, 3, 2])).choices == Self.script)
    }

    /// It plans one run only: a second `beginRun` has none, whatever the first run did. It
    /// never repeats and never claims to have run every schedule.
    @Test func plansOneRunOnly() {
        var replay = Replay(Self.script)
        let exploration = Bodies.explore(&replay, on: Bodies.fixed([2, 3, 2]))
        #expect(exploration.runs == [Self.script])
        #expect(replay.beginRun() == nil)
        #expect(!replay.mayRepeat)
        #expect(!replay.isExhaustive)
    }

    /// An empty schedule is ordinary manual mode, run once: empty is not "nothing to replay".
    @Test func anEmptyScriptIsOrdinaryManualModeOnce() {
        var replay = Replay([])
        let runs = Bodies.explore(&replay, on: Bodies.fixed([2, 2])).runs
        #expect(runs == [Bodies.choices([(0, 2), (0, 2)])])
    }

    /// Past a script that ends before the body does (a schedule's text stops at its last
    /// deviation), the run takes the first choice.
    @Test func pastItsScriptTheRunTakesTheFirstChoice() {
        var replay = Replay(Bodies.choices([(1, 2)]))
        let runs = Bodies.explore(&replay, on: Bodies.fixed([2, 3, 2])).runs
        #expect(runs == [Bodies.choices([(1, 2), (0, 3), (0, 2)])])
    }

    /// A body that offers other choices than the recording did is a mismatch: two choices where
    /// three were recorded. Catches a replay planned without `isStrict`.
    @Test func aBodyThatOffersOtherChoicesIsAMismatch() {
        var replay = Replay(Self.script)
        let exploration = Bodies.explore(&replay, on: Bodies.fixed([2, 2, 2]))
        #expect(exploration.mismatches.count == 1)
    }

    /// A body that ends before the recorded schedule does is a mismatch too: the schedule must be
    /// the body's own.
    @Test func aBodyShorterThanTheScriptIsAMismatch() {
        var replay = Replay(Self.script)
        let exploration = Bodies.explore(&replay, on: Bodies.fixed([2, 3]))
        #expect(exploration.mismatches.count == 1)
    }
}
