// The bodies the benchmark times and `ExplorationProbe` counts instructions of: one file, linked
// into both targets (`Sources/ExplorationProbe/Scenarios.swift` is a symlink to it), so that the
// two measure the same code.

import Dispatchable

struct ScenarioFailed: Error, CustomStringConvertible {
    let description: String
}

/// Seven offloads, each hopping to main, and one timer: the scenario exploration is timed on.
@MainActor func sevenOffloadsAndATimer(_ mock: MockDispatchable) throws {
    let done = LockedValue(0)
    for _ in 0..<7 {
        mock.offload { mock.main { done.mutate { $0 += 1 } } }
    }
    mock.after(1) { done.mutate { $0 += 1 } }
    try mock.runUntilIdle()
    guard done.value == 8 else { throw ScenarioFailed(description: "\(done.value) of 8 ran") }
}

/// Queues `count` main-thread items at scattered deadlines: the manual-mode section's queue.
@MainActor func queueScatteredAfterItems(_ mock: MockDispatchable, count: Int) {
    let nothing: @MainActor @Sendable () -> Void = {}
    for index in 0..<count { mock.after(Double((index &* 7919) % count) / 1000, nothing) }
}

/// Holds the last mock a body was given, as a test that keeps its mock past the run does.
@MainActor final class MockKeeper {
    var mock: MockDispatchable?
}
