import Testing

@testable import Dispatchable

/// `FirstChoice`, ordinary manual mode's policy: the policy of every run a strategy plans without
/// one, and what a script continues with once it is spent.
@Suite("Strategy: first choice")
struct FirstChoiceTests {
    typealias Bodies = StrategyBodies

    /// Whatever the list and the choice point, it picks index 0: the oldest item due. Any other
    /// pick would make "ordinary manual mode" a schedule other than manual mode's own.
    @Test func picksTheFirstCandidateWhateverTheListAndPoint() {
        let policy = MockDispatchable.FirstChoice()
        for count in 1...8 {
            for point in 0..<5 {
                #expect(Bodies.offering(count) { policy.pick(among: $0, at: point) } == 0, "\(count) at \(point)")
            }
        }
    }

    /// It never reads identities, so a run under it skips computing them.
    @Test func readsNoIdentities() {
        #expect(!MockDispatchable.FirstChoice().readsIdentities)
    }

    /// A run planned with no script and no policy is ordinary manual mode: the first choice at
    /// every choice point. Catches a default policy other than `FirstChoice`.
    @Test func aRunPlanWithoutAPolicyIsOrdinaryManualMode() {
        let run = Bodies.run(MockDispatchable.RunPlan(), on: Bodies.fixed([2, 3, 4]))
        #expect(run.choices == Bodies.choices([(0, 2), (0, 3), (0, 4)]))
        #expect(run.mismatch == nil)
    }

    /// A script is followed first, then the first choice: `1/2` on a body of three choice points
    /// runs `1/2 0/3 0/4`.
    @Test func aSpentScriptContinuesWithTheFirstChoice() {
        let planned = MockDispatchable.RunPlan(script: Bodies.choices([(1, 2)]))
        let run = Bodies.run(planned, on: Bodies.fixed([2, 3, 4]))
        #expect(run.choices == Bodies.choices([(1, 2), (0, 3), (0, 4)]))
    }
}
