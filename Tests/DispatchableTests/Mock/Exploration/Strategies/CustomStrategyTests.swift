import Foundation
import Testing

@testable import Dispatchable

/// A strategy added in one file, with no change to the library: a `Strategy` is the whole seam.
/// Ordinary manual mode, then one run that always picks the item queued last (a stack's order,
/// where ordinary manual mode is a queue's): the order a LIFO executor or a busy thread pool's
/// work stealing produces, and the one a completion handler written for FIFO breaks under.
struct NewestFirst: MockDispatchable.Scheduler {
    private var runsBegun = 0

    mutating func beginRun() -> MockDispatchable.RunPlan? {
        runsBegun += 1
        switch runsBegun {
        case 1: return MockDispatchable.RunPlan()
        case 2: return MockDispatchable.RunPlan(policy: Policy())
        default: return nil
        }
    }

    func endRun(_ choices: [MockDispatchable.Choice], isRepeat: Bool) -> String? { nil }
    var mayRepeat: Bool { false }
    /// Two schedules are not every schedule.
    var isExhaustive: Bool { false }

    /// The candidate queued last: the highest sequence number.
    struct Policy: MockDispatchable.ChoicePolicy {
        var readsIdentities: Bool { false }
        func pick(among candidates: MockDispatchable.CandidateList.Offered, at point: Int) -> Int {
            candidates.indexOfGreatest { UInt64($0.sequence) }
        }
    }
}

@MainActor
@Suite("Exploration strategies: one file each, behind one driver")
struct CustomStrategyTests {
    static func explorer(_ body: @escaping @MainActor (MockDispatchable) throws -> Void) throws
        -> MockDispatchable.Explorer
    {
        try MockDispatchable.Explorer(
            .init(.replay(""), maximumStall: nil, family: .synchronous, fileID: #fileID, line: #line),
            mainActorBody: body)
    }

    @Test func aStrategyInAFileOfItsOwnFindsWhatOrdinaryManualModeMisses() throws {
        // A completion that assumes the request sent first finishes first.
        let body: @MainActor (MockDispatchable) throws -> Void = { mock in
            let finished = LockedValue<[Int]>([])
            for request in 1...3 { mock.offload { finished.mutate { $0.append(request) } } }
            try mock.runUntilIdle()
            guard finished.value.first == 1 else { throw InvariantBroken("finished \(finished.value)") }
        }
        try MockDispatchable.replay("") { try body($0) }  // ordinary manual mode passes
        var strategy = NewestFirst()
        let error = try #require(
            #expect(throws: MockDispatchableError.self) { try Self.explorer(body).drive(&strategy, limit: 10) })
        // Run 2 took the newest each time (3, then 2: two deviations); the driver minimised it to
        // the one the failure needs, request 3 first.
        #expect(error.kind == .scheduleFailed)
        #expect(error.message.contains("schedule 2 failed"), "\(error.message)")
        #expect(error.schedule == "2/3", "\(error.schedule ?? "nil")")
        #expect(error.message.contains("in 1 choice (minimised from 2)"), "\(error.message)")
    }

    @Test func aStrategyThatRunsOutOfRunsEndsTheExploration() throws {
        var strategy = NewestFirst()
        let report = try Self.explorer { mock in
            for _ in 1...3 { mock.offload {} }
            try mock.runUntilIdle()
        }.drive(&strategy, limit: 10)
        #expect(report.schedulesRun == 2 && report.distinctSchedules == 2 && !report.isExhaustive)
    }
}
