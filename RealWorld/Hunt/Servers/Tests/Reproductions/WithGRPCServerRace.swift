// Reproduction outside the explorer (real executors, no DispatchableTesting) of FINDINGS.md
// finding 1: grpc-swift-2 2.4.3's `withGRPCServer` throws `serverIsStopped` when its `handleServer`
// closure returns before the group's child task has called `server.serve()`.
//
// The test counts, over many real runs, how often `withGRPCServer(transport:services:) { _ in }`
// throws. The claim of upstream's API (and of its test "Actor isolation"): a closure that returns
// normally makes `withGRPCServer` return normally. Run it alone:
//   .build-hunt-srv/debug/HuntServersPackageTests.xctest --testing-library swift-testing --filter Reproductions
// (LIBDISPATCH_COOPERATIVE_POOL_STRICT=1 gives the cooperative pool one thread.)

import Foundation
import GRPCCore
import GRPCInProcessTransport
import Testing

@Suite struct WithGRPCServerRace {
    @Test func handleServerReturningAtOnceMakesWithGRPCServerThrow() async throws {
        var thrown = 0
        let runs = 2_000
        for _ in 0..<runs {
            do {
                try await withGRPCServer(transport: InProcessTransport().server, services: []) { _ in }
            } catch let error as RuntimeError where error.code == .serverIsStopped {
                thrown += 1
            }
        }
        print("WithGRPCServerRace: withGRPCServer threw serverIsStopped in \(thrown) of \(runs) runs")
        #expect(thrown == 0, "withGRPCServer threw serverIsStopped in \(thrown) of \(runs) runs")
    }

    /// The same from an actor, as upstream's test "Actor isolation" runs it (the closure then runs on
    /// the actor, the server's child task on the global executor).
    @Test func fromAnActor() async throws {
        let thrown = try await Runner().run(2_000)
        print("WithGRPCServerRace (actor): withGRPCServer threw serverIsStopped in \(thrown) of 2000 runs")
        #expect(thrown == 0, "withGRPCServer threw serverIsStopped in \(thrown) of 2000 runs")
    }
}

private actor Runner {
    var hasRun = false
    func run(_ runs: Int) async throws -> Int {
        var thrown = 0
        for _ in 0..<runs {
            do {
                try await withGRPCServer(transport: InProcessTransport().server, services: []) { _ in
                    self.hasRun = true
                }
            } catch let error as RuntimeError where error.code == .serverIsStopped {
                thrown += 1
            }
        }
        return thrown
    }
}
