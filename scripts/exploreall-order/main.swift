// The bodies scripts/bench-exploreall-order.sh explores exhaustively, once per joined mock.
import Dispatchable
import Foundation

@MainActor func measure() throws {
    let clock = ContinuousClock()
    var total = Duration.zero
    var schedules = 0
    let bodies: [@MainActor (MockDispatchable) throws -> Void] = [
        { mock in
            for _ in 0..<4 { mock.offload { mock.main {} } }
            try mock.runUntilIdle()
        },
        { mock in
            for _ in 0..<6 { mock.offload {} }
            try mock.runUntilIdle()
        },
        { mock in
            for index in 0..<3 { mock.offload { mock.main {} }; mock.after(Double(index) * 0.1) {} }
            try mock.runUntilIdle()
        },
    ]
    for _ in 0..<5 {
        for body in bodies {
            let start = clock.now
            let report = try MockDispatchable.exploreAll(limit: 200_000, body)
            total += clock.now - start
            schedules += report.distinctSchedules
            precondition(report.isExhaustive)
        }
        for bug in OrderingBug.all {
            let start = clock.now
            let report = try MockDispatchable.exploreAll(limit: 200_000) { mock in try bug.run(mock, false) }
            total += clock.now - start
            schedules += report.distinctSchedules
        }
    }
    let seconds = Double(total.components.seconds) + Double(total.components.attoseconds) / 1e18
    print("\(seconds) \(schedules)")
}
try MainActor.assumeIsolated { try measure() }
extension MockDispatchable: ManualStepping {}
