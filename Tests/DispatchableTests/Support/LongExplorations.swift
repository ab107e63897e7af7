import Foundation

@testable import Dispatchable

// The explorations of this suite that run long (a minimisation that searches 20,000 schedules
// takes a second or more on a loaded machine) must not hold the main actor for their whole length:
// a synchronous exploration runs every schedule in one call on the main actor, and while it runs no
// other test's main-actor work can (issue #32: a parallel test waited 67 s for a main hop). These
// run the same synchronous body through the `async` form, which gives the main actor back between
// schedules, where this toolchain explores `@MainActor` async bodies (the executor-factory capture
// of the Swift 6.3 Linux toolchain); elsewhere, through the synchronous form. A body without an
// `await` makes the same choices either way.

/// `MockDispatchable.explore`, giving the main actor back between schedules where it can.
@MainActor
func exploreLong(
    schedules: Int = 1_000, seed: Int = 0, strategy: MockDispatchable.ExplorationStrategy = .mixed,
    _ body: @escaping @MainActor @Sendable (MockDispatchable) throws -> Void
) async throws -> MockDispatchable.ExplorationReport {
    let asyncBody: @MainActor @Sendable (MockDispatchable) async throws -> Void = { try body($0) }
    do {
        return try await MockDispatchable.explore(schedules: schedules, seed: seed, strategy: strategy, asyncBody)
    } catch let error as MockDispatchableError where error.kind == .unsupported {
        return try MockDispatchable.explore(schedules: schedules, seed: seed, strategy: strategy) { try body($0) }
    }
}

/// `MockDispatchable.exploreAll`, giving the main actor back between schedules where it can.
@MainActor
func exploreAllLong(
    limit: Int = 100_000, _ body: @escaping @MainActor @Sendable (MockDispatchable) throws -> Void
) async throws -> MockDispatchable.ExplorationReport {
    let asyncBody: @MainActor @Sendable (MockDispatchable) async throws -> Void = { try body($0) }
    do {
        return try await MockDispatchable.exploreAll(limit: limit, asyncBody)
    } catch let error as MockDispatchableError where error.kind == .unsupported {
        return try MockDispatchable.exploreAll(limit: limit) { try body($0) }
    }
}
