// What the search past the default stall bound costs a passing exploration: each body explored
// by default (the search on) against the same exploration with the search off
// (`MockDispatchable.$searchesPastTheStallBound`), both under the default bound, so that they run
// the same schedules; rounds alternate the two. `--search-cost` selects it (`make bench-search`).

import Dispatch
import Dispatchable
import Foundation

/// The bodies whose search is measured: the real bodies explored by default (not the
/// ServiceGroup ones, which their table rows bound: past the bound, ServiceGroup's cancellation
/// timeout calls `fatalError`, and so would the search), the project's async corpus' correct
/// twins, and the slow-service bugs (both twins: the buggy one's search finds and minimises its
/// failure).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
let searchBodies: [Body] =
    bodies.filter { $0.maximumStall == nil }
    + AsyncOrderingBug.all.map { bug in
        Body(name: "corpus, fixed: \(bug.name)", real: false) { mock in try await bug.run(mock, false) }
    }
    + [
        Body(name: "slow service, fixed: token requested twice", real: false) { mock in
            try await tokenRequestedTwice(on: mock.clock, buggy: false)
        },
        Body(name: "slow service, buggy: token requested twice", real: false) { mock in
            try await tokenRequestedTwice(on: mock.clock, buggy: true)
        },
        Body(name: "slow service, fixed: connection with a timeout", real: false) { mock in
            try await connectionStartedWithATimeout(on: mock.clock, buggy: false)
        },
        Body(name: "slow service, buggy: connection with a timeout", real: false) { mock in
            try await connectionStartedWithATimeout(on: mock.clock, buggy: true)
        },
    ]

/// Seconds for one `exploreTasks(schedules:seed: 1)` of `body` under the default bound, with the
/// search past it on or off, and its report.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func exploration(
    of body: Body, _ count: Int, searching: Bool
) async throws -> (Double, MockDispatchable.ExplorationReport) {
    try await MockDispatchable.$searchesPastTheStallBound.withValue(searching) {
        let start = now()
        let report = try await MockDispatchable.exploreTasks(schedules: count, seed: 1, body.run)
        return (Double(now() - start) / 1e9, report)
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func measureSearchCost() async -> Bool {
    print(
        "RealBodiesBenchmark --search-cost — \(build) build, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "exploreTasks(schedules: \(schedules), seed: 1), median of \(rounds) alternating rounds after a warm-up")
    print()
    print(row: ["body", "search off ms", "search on ms", "ratio", "schedules", "slow work found"])
    print(row: ["---", "---:", "---:", "---:", "---:", "---"])
    var passed = true
    var ratios: [Double] = []
    for body in searchBodies where only.map({ body.name.localizedCaseInsensitiveContains($0) }) ?? true {
        do {
            _ = try await exploration(of: body, schedules, searching: true)
            var off: [Double] = []
            var on: [Double] = []
            var report: MockDispatchable.ExplorationReport?
            for round in 0..<rounds {
                if round.isMultiple(of: 2) {
                    off.append(try await exploration(of: body, schedules, searching: false).0)
                }
                let (seconds, latest) = try await exploration(of: body, schedules, searching: true)
                on.append(seconds)
                report = latest
                if !round.isMultiple(of: 2) {
                    off.append(try await exploration(of: body, schedules, searching: false).0)
                }
            }
            let ratio = median(on) / median(off)
            ratios.append(ratio)
            let found = report?.slowWorkFailure.map { "\($0.slowJob) \(format($0.stall, 3)) s late" } ?? "—"
            print(row: [
                body.name, format(median(off) * 1e3, 2), format(median(on) * 1e3, 2), format(ratio, 2) + "×",
                "\(report?.schedulesRun ?? 0)", found,
            ])
        } catch {
            passed = false
            let message = "\(error)".split(separator: "\n").prefix(4).joined(separator: " / ")
            print(row: [body.name, "FAILED: \(message)", "", "", "", ""])
        }
        fflush(nil)
    }
    if !ratios.isEmpty {
        print()
        print(
            "search past the stall bound (\(build)): median \(format(median(ratios), 2))×, largest "
                + "\(format(ratios.max() ?? 0, 2))× the exploration without it (target: ≤ 1.5× on passing explorations)"
        )
    }
    return passed
}
