import Foundation
import Testing

@testable import Dispatchable

/// Async explorations fed what could hang or overwhelm them: a cancelled exploration, a nested
/// one, ten thousand tasks in one run. Each ends promptly and says what happened.
@Suite("Hostile input: async exploration")
struct HostileAsyncExplorationTests {
    /// Cancelling the task that awaits an exploration stops it before its next run.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aCancelledExplorationStopsBeforeItsNextRun() async throws {
        let runs = LockedValue(0)
        let exploring = Task {
            // 3,628,800 schedules; the limit keeps the test finite should cancellation be ignored.
            try await MockDispatchable.exploreAllTasks(limit: 20_000) { mock in
                runs.mutate { $0 += 1 }
                for index in 0..<10 { mock.offload { _ = index } }
                try mock.runUntilIdle()
            }
        }
        while runs.value < 5 { try await Task.sleep(for: .milliseconds(1)) }
        exploring.cancel()
        await #expect(throws: CancellationError.self) { try await exploring.value }
        let stoppedAt = runs.value
        try await Task.sleep(for: .milliseconds(50))
        #expect(runs.value == stoppedAt, "no run after the exploration ended")
        #expect(stoppedAt < 20_000)
    }

    /// An exploration started inside a run of another cannot run (the outer run holds the thread
    /// the inner one needs): refused by name, never a deadlock or a hang.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aNestedExplorationIsRefusedNamingIt() async throws {
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 3) { mock in
                _ = await mock.performOffloaded { 1 }
                try await MockDispatchable.exploreTasks(schedules: 3) { inner in
                    _ = await inner.performOffloaded { 2 }
                }
            }
        }
        #expect(error?.kind == .unsupported)
        #expect(
            error?.message.contains("nested async explorations are not supported") == true, "\(error?.message ?? "")")
    }

    /// Ten thousand child tasks in one run: every job is a step of the run, well within its limit.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func tenThousandTasksInOneRunAreExplored() async throws {
        let finished = LockedValue(0)
        let report = try await MockDispatchable.exploreTasks(schedules: 2) { _ in
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<10_000 { group.addTask { finished.mutate { $0 += 1 } } }
            }
        }
        #expect(report.schedulesRun == 2)
        #expect(finished.value == 20_000)
    }
}
