import Foundation
import Testing

@testable import Dispatchable

/// `exploreAll(limit:shard:)`: the schedules split into disjoint slices whose union is the
/// unsharded run, so that processes or CI machines can share an exhaustive exploration.
@MainActor
@Suite("Exploration: shards")
struct ExplorationShardTests {
    /// Four offloads, each hopping to main: 336 schedules, enough prefixes to deal out. `trace`
    /// gets every block as it runs ("o2" offload 2, "m2" its hop): one trace per schedule.
    static func fourSaves(_ mock: MockDispatchable, trace: LockedValue<[String]>? = nil) throws {
        for index in 1...4 {
            mock.offload {
                trace?.mutate { $0.append("o\(index)") }
                mock.main { trace?.mutate { $0.append("m\(index)") } }
            }
        }
        try mock.runUntilIdle()
    }

    @Test(arguments: [2, 3, 8])
    func shardsAddUpToTheUnshardedRunAndEachCoversItsSlice(count: Int) throws {
        let whole = try MockDispatchable.exploreAll { try Self.fourSaves($0) }
        #expect(whole.isExhaustive)
        #expect(whole.shard == nil)
        var reports: [MockDispatchable.ExplorationReport] = []
        for index in 1...count {
            reports.append(
                try MockDispatchable.exploreAll(shard: .init(index, of: count)) { try Self.fourSaves($0) })
        }
        #expect(reports.map(\.distinctSchedules).reduce(0, +) == whole.distinctSchedules)
        #expect(reports.allSatisfy { $0.isExhaustive })
        #expect(reports.map(\.shard) == (1...count).map { MockDispatchable.ExplorationShard($0, of: count) })
        let sizes = reports.map(\.distinctSchedules)
        #expect(sizes.min()! * 2 >= sizes.max()!, "balanced within 2x: \(sizes)")
    }

    /// A body that fails in exactly one schedule fails in exactly one shard (none runs another's
    /// schedules, and together they run them all), and its schedule replays without a shard.
    @Test func aFailureInOneScheduleIsFoundByExactlyOneShardAndReplaysAnywhere() throws {
        func body(_ mock: MockDispatchable) throws {
            let trace = LockedValue<[String]>([])
            try Self.fourSaves(mock, trace: trace)
            if trace.value == ["o4", "m4", "o3", "m3", "o2", "m2", "o1", "m1"] { throw OneOrderOfAll() }
        }
        var failures: [MockDispatchableError] = []
        for index in 1...3 {
            do {
                try MockDispatchable.exploreAll(shard: .init(index, of: 3), body)
            } catch let error as MockDispatchableError {
                failures.append(error)
            }
        }
        try #require(failures.count == 1)
        #expect(failures[0].kind == .scheduleFailed)
        let schedule = try #require(failures[0].schedule)
        let replayed = #expect(throws: MockDispatchableError.self) { try MockDispatchable.replay(schedule, body) }
        #expect(replayed?.schedule == schedule)
    }

    @Test func oneShardOfOneIsTheWholeRun() throws {
        let whole = try MockDispatchable.exploreAll { try Self.fourSaves($0) }
        let one = try MockDispatchable.exploreAll(shard: .init(1, of: 1)) { try Self.fourSaves($0) }
        #expect(one.distinctSchedules == whole.distinctSchedules)
        #expect(one.isExhaustive)
    }

    @Test(arguments: [(0, 8), (-1, 8), (9, 8), (1, 0), (1, -3), (Int.min, Int.max)] as [(Int, Int)])
    func badShardNumbersAreRefusedNamingTheArgument(index: Int, count: Int) {
        var runs = 0
        let error = #expect(throws: MockDispatchableError.self) {
            try MockDispatchable.exploreAll(shard: .init(index, of: count)) { _ in runs += 1 }
        }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.message.contains("shard must be a shard index from 1 to its count") == true)
        #expect(runs == 0)
    }

    @Test func theEnvironmentVariableIsReadAsIndexOverCount() {
        #expect(MockDispatchable.Rules.shard(fromEnvironment: "3/8").value == .init(3, of: 8))
        #expect(MockDispatchable.Rules.shard(fromEnvironment: " 1/2 ").value == .init(1, of: 2))
        #expect(MockDispatchable.Rules.shard(fromEnvironment: nil).value == .some(nil))
        #expect(MockDispatchable.Rules.shard(fromEnvironment: "").value == .some(nil))
        for bad in ["3", "3/", "/8", "a/b", "3/8/1", "0/8", "9/8", "1/0", "-1/2"] {
            guard case .failure(let problem) = MockDispatchable.Rules.shard(fromEnvironment: bad) else {
                Issue.record("\"\(bad)\" was accepted")
                continue
            }
            #expect(problem.message.contains("DISPATCHABLE_SHARD"), "\(problem.message)")
        }
    }

    private struct OneOrderOfAll: Error {}
}

#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))
    extension ChildProcessTests {
        /// `DISPATCHABLE_SHARD` chooses the shard when the argument is left out. Set in a child process
        /// (an exit test), so that no parallel test's exploration is sharded by it.
        @Suite("Exploration: the shard environment variable (child processes)", .serialized)
        struct ExplorationShardEnvironmentTests {
            @Test func exploreAllWithoutAShardRunsTheOneTheVariableNames() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        setenv("DISPATCHABLE_SHARD", "2/3", 1)
                        let report = try await MainActor.run {
                            try MockDispatchable.exploreAll { try ExplorationShardTests.fourSaves($0) }
                        }
                        ChildProcess.expect(report.shard == .init(2, of: 3), "\(report)")
                        ChildProcess.expect(report.isExhaustive && report.distinctSchedules < 336, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            @Test func aMalformedVariableIsRefusedNamingIt() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run {
                        setenv("DISPATCHABLE_SHARD", "third", 1)
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            try await MainActor.run { _ = try MockDispatchable.exploreAll { _ in } }
                        }
                        ChildProcess.expect(error.kind == .invalidArgument, "kind \(error.kind)")
                        ChildProcess.expect(error.message.contains("DISPATCHABLE_SHARD is \"third\""), error.message)
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }
#endif

extension Result {
    /// The success value, or nil for a failure (a test's shorthand).
    fileprivate var value: Success? {
        guard case .success(let value) = self else { return nil }
        return value
    }
}
