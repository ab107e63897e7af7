import DispatchableTesting
import Foundation
import Testing

@testable import Dispatchable

/// Explores `body`, a test of a view model with an ordering bug, and checks what a user is
/// promised when the bug is there: the ordinary order (what ordinary manual mode runs, and the
/// first schedule explored) misses it; exploring finds it, as a `.scheduleFailed` error with a
/// schedule; the schedule differs from the ordinary order in exactly `deviations` choices, the
/// fewest the bug needs; and replaying that schedule fails again, the same way.
///
/// The body is written as the test of the fixed twin is, `#expect` and all. The test that calls
/// this carries `.issuesFailSchedules`, so a failed `#expect` fails its schedule; the issues of
/// the failing schedule, run once more to report them, are known issues here: the bug, found.
///
/// `maximumStall` is the explorations' (`nil`: the default).
///
/// Returns the error the exploration threw.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@discardableResult
func expectOrderingBug(
    deviations: Int, schedules: Int = 1_000, seed: Int = 1, maximumStall: TimeInterval? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @MainActor @Sendable (MockDispatchable) async throws -> Void
) async throws -> MockDispatchableError {
    // The ordinary order passes: the bug is an ordering bug, which a plain run does not show.
    let ordinary = try await MockDispatchable.exploreTasks(schedules: 1, maximumStall: maximumStall) { mock in
        try await body(mock)
    }
    #expect(ordinary.schedulesRun == 1, sourceLocation: sourceLocation)

    let found = try #require(
        await failure(of: "exploring", sourceLocation: sourceLocation) {
            try await MockDispatchable.exploreTasks(
                schedules: schedules, seed: seed, maximumStall: maximumStall
            ) { mock in try await body(mock) }
        },
        "exploring finds the bug",
        sourceLocation: sourceLocation)
    #expect(found.kind == .scheduleFailed, "\(found.message)", sourceLocation: sourceLocation)
    let words = "differs from ordinary manual mode in \(deviations) choice\(deviations == 1 ? "" : "s")"
    #expect(
        found.message.contains(words + ":") || found.message.contains(words + " ("), "\(found.message)",
        sourceLocation: sourceLocation)
    let schedule = try #require(found.schedule, sourceLocation: sourceLocation)
    #expect(!schedule.isEmpty, sourceLocation: sourceLocation)

    let replayed = await failure(of: "replaying", sourceLocation: sourceLocation) {
        try await MockDispatchable.replayTasks(schedule, maximumStall: maximumStall) { mock in try await body(mock) }
    }
    #expect(replayed?.kind == .scheduleFailed, "\(replayed?.message ?? "it passed")", sourceLocation: sourceLocation)
    #expect(replayed?.schedule == schedule, sourceLocation: sourceLocation)
    return found
}

/// Runs `exploration`, whose failing schedule reports the test's own issues, as known issues,
/// and returns the `MockDispatchableError` it threw (nil if it threw nothing).
private func failure(
    of what: String, sourceLocation: SourceLocation, _ exploration: () async throws -> Void
) async -> MockDispatchableError? {
    var thrown: (any Error)?
    await withKnownIssue("\(what) reports the failing schedule's issues", sourceLocation: sourceLocation) {
        do { try await exploration() } catch { thrown = error }
    }
    if let thrown, !(thrown is MockDispatchableError) {
        Issue.record(thrown, "\(what) threw something else", sourceLocation: sourceLocation)
    }
    return thrown as? MockDispatchableError
}
