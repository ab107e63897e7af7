// What an explored schedule costs besides its jobs, told apart from what each job costs: the
// process's CPU time (every thread's, so that a machine shared with other work adds nothing but
// cache misses) for bodies of k empty child tasks, k = 8, 10, 12, 16, explored and run plainly,
// fitted by least squares to `fixed + k × per child`. A schedule's count is the difference
// between explorations of `--schedules N` and of a tenth as many, so that each exploration's own
// set-up cancels; that set-up is measured apart, as the CPU time of exploring an empty body (one
// schedule). `--fixed-cost` selects it (`make bench-fixed-cost`).

import Dispatch
import Dispatchable
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU seconds the process has used, on every thread.
func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// CPU seconds `work` used.
func cpuSeconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = processCPUTime()
    try await work()
    return processCPUTime() - start
}

/// The least-squares line through `points`: (intercept, slope).
func fitLine(_ points: [(x: Double, y: Double)]) -> (intercept: Double, slope: Double) {
    let n = Double(points.count)
    let meanX = points.map(\.x).reduce(0, +) / n
    let meanY = points.map(\.y).reduce(0, +) / n
    let covariance = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +)
    let variance = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
    let slope = covariance / variance
    return (meanY - slope * meanX, slope)
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func measureFixedCost() async -> Bool {
    let counts = [8, 10, 12, 16]
    let few = max(schedules / 10, 1)
    print(
        "RealBodiesBenchmark --fixed-cost — \(build) build, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "CPU time of every thread, exploreTasks(schedules: \(schedules) − \(few), seed: 1), median of "
            + "\(rounds) rounds")
    print()
    print(row: ["body", "plain µs/run", "explored µs/schedule", "ratio"])
    print(row: ["---", "---:", "---:", "---:"])
    do {
        var plainPoints: [(x: Double, y: Double)] = []
        var exploredPoints: [(x: Double, y: Double)] = []
        for count in counts {
            let body = Body(name: "\(count) empty child tasks", real: false) { _ in
                await EmptyChildren.run(count)
            }
            _ = try await explored(body, few)  // warm-up
            var plainTimes: [Double] = []
            var exploredTimes: [Double] = []
            for _ in 0..<rounds {
                plainTimes.append(
                    try await cpuSeconds { for _ in 0..<schedules { try await body.run(MockDispatchable()) } }
                        / Double(schedules))
                let many = try await cpuSeconds { _ = try await explored(body, schedules) }
                let some = try await cpuSeconds { _ = try await explored(body, few) }
                exploredTimes.append((many - some) / Double(schedules - few))
            }
            let plain = median(plainTimes)
            let perSchedule = median(exploredTimes)
            plainPoints.append((Double(count), plain))
            exploredPoints.append((Double(count), perSchedule))
            print(row: [
                body.name, format(plain * 1e6, 1), format(perSchedule * 1e6, 1), format(perSchedule / plain, 1) + "×",
            ])
        }
        let empty = Body(name: "empty body", real: false) { _ in }
        _ = try await explored(empty, 1)
        var setUps: [Double] = []
        for _ in 0..<rounds {
            setUps.append(try await cpuSeconds { for _ in 0..<100 { _ = try await explored(empty, schedules) } } / 100)
        }
        let plainLine = fitLine(plainPoints)
        let exploredLine = fitLine(exploredPoints)
        print()
        print(
            "fixed cost per schedule (\(build)): \(format(exploredLine.intercept * 1e6, 1)) µs "
                + "(a plain run's: \(format(plainLine.intercept * 1e6, 1)) µs); per child task: "
                + "\(format(exploredLine.slope * 1e6, 1)) µs explored, \(format(plainLine.slope * 1e6, 1)) µs plain; "
                + "an exploration's set-up (an empty body): \(format(median(setUps) * 1e3, 3)) ms "
                + "(targets: ≤ 30 µs debug, ≤ 10 µs release, ≤ 0.5 ms)")
        return true
    } catch {
        print("FAILED: \(error)")
        return false
    }
}
