// Runs the benchmark's exploration scenario (`Scenarios.swift`, shared with the benchmark) N
// times: plain (a fresh manual mock each time), or as one exploration of N schedules with a
// strategy (`explore` is the default, `.mixed`; `all` is `exploreAll`); or, the manual-mode
// section's scenario, `runUntilIdle` over N after items at scattered deadlines.
// `scripts/exploration-instructions.sh` runs it under callgrind, whose instruction counts are
// repeatable on a noisy machine, where wall-clock time is not.
//
// `plain-kept` and `explore-kept` run a body that keeps its mock past its run: exploration cannot
// reuse such a run's queues for the next (see `Explorer.run`), so they show what exploring costs
// without that saving.
//
//   ExplorationProbe plain|explore|all|random|pct|plain-kept|explore-kept|scattered N

import Dispatchable

let mode = CommandLine.arguments[1]
let count = Int(CommandLine.arguments[2])!
try MainActor.assumeIsolated {
    let body: @MainActor @Sendable (MockDispatchable) throws -> Void = { try sevenOffloadsAndATimer($0) }
    let keeper = MockKeeper()
    let keepingBody: @MainActor (MockDispatchable) throws -> Void = {
        keeper.mock = $0
        try sevenOffloadsAndATimer($0)
    }
    switch mode {
    case "scattered":
        let mock = MockDispatchable(mode: .manual)
        queueScatteredAfterItems(mock, count: count)
        try mock.runUntilIdle(maxSteps: .max)
    case "plain": for _ in 0..<count { try body(MockDispatchable(mode: .manual)) }
    case "plain-kept": for _ in 0..<count { try keepingBody(MockDispatchable(mode: .manual)) }
    case "explore-kept": try MockDispatchable.explore(schedules: count, seed: 1, keepingBody)
    case "all": try MockDispatchable.exploreAll(limit: count, body)
    case "random": try MockDispatchable.explore(schedules: count, seed: 1, strategy: .randomWalk, body)
    case "pct": try MockDispatchable.explore(schedules: count, seed: 1, strategy: .pct(depth: 3), body)
    default: try MockDispatchable.explore(schedules: count, seed: 1, body)
    }
}
