// What one deterministic run (`runTasksDeterministically`, the closure form of the `.deterministic`
// trait) costs against the same body run once, plainly, on the real executors: wall-clock time and
// the process's CPU time per run, `--schedules N` runs of each, median of `--rounds R` alternating
// rounds after a warm-up. SPEC's target is ≤ 1.2× for a body that does not sleep.
// `--deterministic` selects it (`make bench-deterministic`).

import Dispatch
import Dispatchable
import Foundation

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func measureDeterministicCost() async -> Bool {
    print(
        "RealBodiesBenchmark --deterministic — \(build) build, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(schedules) runs of each, median of \(rounds) alternating rounds after a warm-up")
    print()
    print(row: [
        "body", "plain ms/run", "deterministic ms/run", "ratio", "plain CPU ms/run", "deterministic CPU ms/run",
    ])
    print(row: ["---", "---:", "---:", "---:", "---:", "---:"])
    var passed = true
    for body in bodies where only.map({ body.name.localizedCaseInsensitiveContains($0) }) ?? true {
        do {
            func plain() async throws -> (wall: Double, cpu: Double) {
                let start = now()
                let cpu = try await cpuSeconds { for _ in 0..<schedules { try await body.run(MockDispatchable()) } }
                return (Double(now() - start) / 1e9 / Double(schedules), cpu / Double(schedules))
            }
            func deterministic() async throws -> (wall: Double, cpu: Double) {
                let start = now()
                let cpu = try await cpuSeconds {
                    for _ in 0..<schedules {
                        try await MockDispatchable.runTasksDeterministically(maximumStall: body.maximumStall, body.run)
                    }
                }
                return (Double(now() - start) / 1e9 / Double(schedules), cpu / Double(schedules))
            }
            _ = try await plain()
            _ = try await deterministic()
            var plainTimes: [(wall: Double, cpu: Double)] = []
            var deterministicTimes: [(wall: Double, cpu: Double)] = []
            for round in 0..<rounds {
                if round.isMultiple(of: 2) { plainTimes.append(try await plain()) }
                deterministicTimes.append(try await deterministic())
                if !round.isMultiple(of: 2) { plainTimes.append(try await plain()) }
            }
            let plainWall = median(plainTimes.map(\.wall))
            let deterministicWall = median(deterministicTimes.map(\.wall))
            print(row: [
                body.name, format(plainWall * 1e3, 3), format(deterministicWall * 1e3, 3),
                format(deterministicWall / plainWall, 1) + "×", format(median(plainTimes.map(\.cpu)) * 1e3, 3),
                format(median(deterministicTimes.map(\.cpu)) * 1e3, 3),
            ])
        } catch {
            passed = false
            let message = "\(error)".split(separator: "\n").prefix(6).joined(separator: " / ")
            print(row: [body.name, "FAILED: \(message)", "", "", "", ""])
        }
        fflush(nil)
    }
    return passed
}
