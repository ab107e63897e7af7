import Foundation
import Testing

@testable import Dispatchable

/// Every bug of the async corpus (`Support/AsyncOrderingBugs.swift`): the order in which jobs
/// became runnable misses it, exploration finds it, replays it, and the correct twin passes
/// every schedule. The suite runs in parallel with everything else, as Swift Testing does.
@Suite("Async exploration: a corpus of ordering bugs", .enabled(if: AsyncCaptureSupport.exploresMainActorCode))
struct AsyncExplorationCorpusTests {
    @Test func theCorpusCoversReentrancySleepsAndTheMocksSeam() {
        let bugs = AsyncOrderingBug.all
        #expect(bugs.count >= 11)
        #expect(bugs.filter { $0.traits.contains(.actorReentrancy) }.count >= 3)
        #expect(bugs.filter { $0.traits.contains(.sleeps) }.count >= 2)
        #expect(bugs.filter { $0.traits.contains(.mixesBlocks) }.count >= 3)
        #expect(bugs.filter { $0.traits.contains(.polls) }.count >= 1)
    }

    @Test(arguments: AsyncOrderingBug.all)
    func theFirstScheduleMissesTheBug(_ bug: AsyncOrderingBug) async throws {
        let report = try await MockDispatchable.explore(schedules: 1) { mock in try await bug.run(mock, true) }
        #expect(report.schedulesRun == 1)
    }

    @Test(arguments: AsyncOrderingBug.all)
    func exploreFindsTheBugForSeveralSeeds(_ bug: AsyncOrderingBug) async {
        for seed in [1, 2, 3, 42] {
            let error = await #expect(throws: MockDispatchableError.self, "seed \(seed)") {
                try await MockDispatchable.explore(schedules: 1_000, seed: seed) { mock in try await bug.run(mock, true)
                }
            }
            #expect(error?.kind == .scheduleFailed)
            #expect(error?.schedule?.isEmpty == false, "a deviation from the first schedule is needed")
        }
    }

    @Test(arguments: AsyncOrderingBug.all)
    func exploreAllFindsAndReplaysTheBug(_ bug: AsyncOrderingBug) async throws {
        let found = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreAll { mock in try await bug.run(mock, true) }
            })
        #expect(found.kind == .scheduleFailed)
        let schedule = try #require(found.schedule)
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replay(schedule) { mock in try await bug.run(mock, true) }
        }
        #expect(replayed?.kind == .scheduleFailed)
        #expect(replayed?.schedule == schedule)
    }

    /// Every schedule — or, where `DISPATCHABLE_ASYNC_TWIN_LIMIT` is set (`make tsan` sets 300, so
    /// that Thread Sanitizer's tenfold slowdown does not keep the suite waiting), the first that
    /// many, fewest deviations first; for a body that polls, whose space is too big to run whole,
    /// the first 2,000.
    @Test(arguments: AsyncOrderingBug.all)
    func theCorrectTwinPassesEverySchedule(_ bug: AsyncOrderingBug) async throws {
        let limit =
            ProcessInfo.processInfo.environment["DISPATCHABLE_ASYNC_TWIN_LIMIT"].flatMap { Int($0) }
            ?? (bug.traits.contains(.polls) ? 2_000 : nil)
        let report = try await MockDispatchable.exploreAll(limit: limit ?? 100_000) { mock in
            try await bug.run(mock, false)
        }
        #expect(report.isExhaustive || report.schedulesRun == limit)
    }
}
