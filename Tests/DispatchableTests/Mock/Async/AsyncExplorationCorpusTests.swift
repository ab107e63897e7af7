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

    /// Where the public capture cannot see a bare `Task.sleep` (the Swift 6.2 runtimes and later),
    /// a bug that sleeps is refused, naming the sleep and what to do, never reported as a failure
    /// or a pass — a sleep that loses its race and is cancelled before it wakes too, as the library
    /// recognises a sleep as it begins.
    @Test(
        .enabled { await !AsyncCaptureSupport.tasksSleepOnVirtualTime },
        arguments: AsyncOrderingBug.all.filter { $0.traits.contains(.sleeps) })
    func aBugThatSleepsIsRefusedNamingTheSleep(_ bug: AsyncOrderingBug) async throws {
        if bug.name.hasPrefix("timeout shown"), await !AsyncCaptureSupport.recognisesUnseenSleeps {
            // Where the library cannot recognise a sleep as it begins, a Task.sleep that loses its
            // race is cancelled before it wakes, and then nothing of it ever comes back where the
            // capture can see it: the schedules in which the timeout wins are not explored.
            let report = try await MockDispatchable.explore(schedules: 100, seed: 1) { mock in
                try await bug.run(mock, true)
            }
            #expect(report.isExhaustive)
            return
        }
        for buggy in [true, false] {
            let error = await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.explore(schedules: 100, seed: 1) { mock in try await bug.run(mock, buggy) }
            }
            #expect(error?.kind == .unsupported)
            #expect(error?.message.contains("Task.sleep") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("mock.clock") == true, "it says what to do")
        }
    }

    @Test(arguments: await AsyncOrderingBug.explorable)
    func theFirstScheduleMissesTheBug(_ bug: AsyncOrderingBug) async throws {
        let report = try await MockDispatchable.explore(schedules: 1) { mock in try await bug.run(mock, true) }
        #expect(report.schedulesRun == 1)
    }

    @Test(arguments: await AsyncOrderingBug.explorable)
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

    @Test(arguments: await AsyncOrderingBug.explorable)
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
    @Test(arguments: await AsyncOrderingBug.explorable)
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

extension AsyncOrderingBug {
    /// The bugs this process's capture explores: all of them, but for those that sleep with a bare
    /// `Task.sleep` where the capture cannot see it.
    static var explorable: [AsyncOrderingBug] {
        get async {
            let sleepsOnVirtualTime = await AsyncCaptureSupport.tasksSleepOnVirtualTime
            return all.filter { sleepsOnVirtualTime || !$0.traits.contains(.sleeps) }
        }
    }
}
