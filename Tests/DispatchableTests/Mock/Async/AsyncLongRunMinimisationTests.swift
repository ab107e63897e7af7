import Foundation
import Testing

@testable import Dispatchable

@Suite("Async exploration: minimising a long run's failure")
struct AsyncLongRunMinimisationTests {
    @Test func aLongRunsFailureIsReportedWithinTheMinimisersBudget() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 300, seed: 1) { _ in
                try await ClientServerExchange.run(buggy: true)
            }
        }
        guard let error, error.kind != .unsupported else { return }
        #expect(error.kind == .scheduleFailed, "\(error.message)")
        // Proven minimal, or stopped at the budget and said so: never a claim it has not shown.
        let message = error.message
        #expect(!message.contains("not ruled out") || message.contains("budget") || message.contains("runs:"))
    }
}
