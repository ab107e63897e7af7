// The three ways the benchmark explores a test (seed 1 each), and a replay: what each said.

import Dispatchable
import Foundation

@testable import Dispatchable

/// What one exploration said.
enum BenchOutcome: Sendable {
    /// A schedule failed (or deadlocked): the explorer's error, with its schedule.
    case found(MockDispatchableError)
    /// Every schedule passed; past the default stall bound one may fail (a warning).
    case passed(MockDispatchable.ExplorationReport)
    /// The exploration refused the test (no schedule): `.unsupported`, `.nondeterministicBody`, …
    case refused(MockDispatchableError)
    /// Something else was thrown.
    case threw(String)

    init(_ run: () async throws -> MockDispatchable.ExplorationReport) async {
        do {
            self = .passed(try await run())
        } catch let error as MockDispatchableError where error.schedule != nil {
            self = .found(error)
        } catch let error as MockDispatchableError {
            self = .refused(error)
        } catch {
            self = .threw(String(describing: error))
        }
    }
}

/// An exploration strategy of the benchmark, in the order the table shows them.
enum BenchStrategy: String, CaseIterable, Sendable {
    case mixed, pct, all

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func explore(
        schedules: Int, _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
    ) async -> BenchOutcome {
        await BenchOutcome {
            switch self {
            case .mixed: try await MockDispatchable.exploreTasks(schedules: schedules, seed: 1, strategy: .mixed, body)
            case .pct:
                try await MockDispatchable.exploreTasks(schedules: schedules, seed: 1, strategy: .pct(depth: 3), body)
            case .all: try await MockDispatchable.exploreAllTasks(limit: schedules, body)
            }
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func replay(
        _ schedule: String, _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
    ) async -> BenchOutcome {
        await BenchOutcome { try await MockDispatchable.replayTasks(schedule, body) }
    }
}

extension MockDispatchableError {
    /// The number of the schedule that failed first (`…: schedule 12 failed.`).
    var failedScheduleNumber: Int? {
        guard let range = message.range(of: #"schedule (\d+) (failed|deadlocked)"#, options: .regularExpression)
        else { return nil }
        return Int(message[range].split(separator: " ")[1])
    }

    /// How many choices of the minimised schedule differ from ordinary manual mode.
    var deviationCount: Int? {
        if message.contains("It is ordinary manual mode") { return 0 }
        guard let range = message.range(of: #"in (\d+) choices?"#, options: .regularExpression) else { return nil }
        return Int(message[range].split(separator: " ")[1])
    }

    /// The report's first line, for the line's `refused=` field.
    var headline: String { String(message.split(separator: "\n").first ?? "") }
}
