// Runs the benchmark's exploration scenario (`Scenarios.swift`, shared with the benchmark) N
// times: plain (a fresh manual mock each time), or as one exploration of N schedules with a
// strategy (`explore` is the default, `.mixed`; `all` is `exploreAll`); or, the manual-mode
// section's scenario, `runUntilIdle` over N after items at scattered deadlines.
// `scripts/exploration-instructions.sh` runs it under callgrind, whose instruction counts are
// repeatable on a noisy machine, where wall-clock time is not.
//
//   ExplorationProbe plain|explore|all|random|pct|scattered N

import Dispatchable

let mode = CommandLine.arguments[1]
let count = Int(CommandLine.arguments[2])!
try MainActor.assumeIsolated {
    let body: @MainActor @Sendable (MockDispatchable) throws -> Void = { try sevenOffloadsAndATimer($0) }
    switch mode {
    case "scattered":
        let mock = MockDispatchable(mode: .manual)
        queueScatteredAfterItems(mock, count: count)
        try mock.runUntilIdle(maxSteps: .max)
    case "plain": for _ in 0..<count { try body(MockDispatchable(mode: .manual)) }
    case "all": try MockDispatchable.exploreAll(limit: count, body)
    case "random": try MockDispatchable.explore(schedules: count, seed: 1, strategy: .randomWalk, body)
    case "pct": try MockDispatchable.explore(schedules: count, seed: 1, strategy: .pct(depth: 3), body)
    default: try MockDispatchable.explore(schedules: count, seed: 1, body)
    }
}
