// Runs the exploration benchmark's scenario N times: plain (a fresh manual mock each time), or as
// one exploration of N schedules with a strategy (`explore` is the default, `.mixed`; `all` is
// `exploreAll`), or, for the manual-mode section's scenario, `runUntilIdle` over N after items at
// scattered deadlines. `scripts/exploration-instructions.sh` runs it under callgrind, whose instruction
// counts are repeatable on a noisy machine, where wall-clock time is not.
//
//   ExplorationProbe plain|explore|all|random|pct|scattered N

import Dispatchable

struct ScenarioFailed: Error {}

/// Seven offloads, each hopping to main, and one timer: the benchmark's "explore" scenario.
@MainActor func sevenOffloadsAndATimer(_ mock: MockDispatchable) throws {
    let done = LockedValue(0)
    for _ in 0..<7 {
        mock.offload { mock.main { done.mutate { $0 += 1 } } }
    }
    mock.after(1) { done.mutate { $0 += 1 } }
    try mock.runUntilIdle()
    guard done.value == 8 else { throw ScenarioFailed() }
}

let mode = CommandLine.arguments[1]
let count = Int(CommandLine.arguments[2])!
try MainActor.assumeIsolated {
    let body: @MainActor @Sendable (MockDispatchable) throws -> Void = { try sevenOffloadsAndATimer($0) }
    switch mode {
    case "scattered":
        let mock = MockDispatchable(mode: .manual)
        let nothing: @MainActor @Sendable () -> Void = {}
        for index in 0..<count { mock.after(Double((index &* 7919) % count) / 1000, nothing) }
        try mock.runUntilIdle(maxSteps: .max)
    case "plain": for _ in 0..<count { try body(MockDispatchable(mode: .manual)) }
    case "all": try MockDispatchable.exploreAll(limit: count, body)
    case "random": try MockDispatchable.explore(schedules: count, seed: 1, strategy: .randomWalk, body)
    case "pct": try MockDispatchable.explore(schedules: count, seed: 1, strategy: .pct(depth: 3), body)
    default: try MockDispatchable.explore(schedules: count, seed: 1, body)
    }
}
