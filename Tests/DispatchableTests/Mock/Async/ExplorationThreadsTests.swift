import Foundation
import Testing

@testable import Dispatchable

/// The explorer and the watchdog run on threads kept parked between explorations
/// (`ParkedThreads`, `Watchdog`): what an exploration leaves behind on them.
@Suite("Exploration threads: parked between explorations, holding nothing of them")
struct ExplorationThreadsTests {
    final class Token: Sendable {}

    /// A parked thread lets go of the exploration it ran: a test that checks its objects are freed
    /// once the exploration returns (a weak reference in a tear-down) sees them freed, not kept
    /// until the thread ends.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anExplorationsBodyIsFreedOnceItReturns() async throws {
        weak var freed: Token?
        do {
            let token = Token()
            freed = token
            try await MockDispatchable.exploreTasks(schedules: 3, seed: 1) { _ in
                withExtendedLifetime(token) {}
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {}
                    group.addTask {}
                }
            }
        }
        // The explorer's thread answers from inside the exploration's work, and lets go of it just
        // after: a moment, not the seconds a parked thread waits for the next exploration.
        let deadline = ContinuousClock.now + .seconds(Limits.parkedThreadLife / 2)
        while freed != nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(freed == nil, "the exploration's body is still alive after it returned")
    }

    /// Explorations one after another, and side by side, each get an answer from threads that are
    /// parked and handed the next exploration's work.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func explorationsOneAfterAnotherAndSideBySideEachAnswer() async throws {
        for _ in 0..<20 {
            let report = try await MockDispatchable.exploreTasks(schedules: 2, seed: 1) { _ in }
            #expect(report.schedulesRun == 1)
        }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for seed in 1...8 {
                group.addTask {
                    try await MockDispatchable.exploreTasks(schedules: 5, seed: seed) { _ in
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {}
                            group.addTask {}
                        }
                    }.schedulesRun
                }
            }
            for try await schedules in group { #expect(schedules >= 1) }
        }
    }

    private typealias Limits = MockDispatchable.Limits
}
