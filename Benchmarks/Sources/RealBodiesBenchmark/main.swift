// Real packages' test bodies, and the project's small ones, timed unexplored and explored in one
// process: each body run N times on an immediate-mode mock on the real executors, against
// `MockDispatchable.exploreTasks(schedules: N, seed: 1)` of the same body. Rounds alternate the
// two measurements (the machine is shared and noisy); the table gives their medians.
//
//   swift run [-c release] RealBodiesBenchmark [--schedules N] [--rounds R] [--only TEXT]
//                                [--explored-only | --unexplored-only | --search-cost | --fixed-cost
//                                 | --deterministic]
//
// `--explored-only` runs the explorations alone (for a profiler: `perf record` then sees no
// unexplored run on the real executors); `--unexplored-only` runs the unexplored runs alone, so
// that a profiler can count both sides of the ratio the same way. `--search-cost` measures the
// search past the default stall bound instead (SearchCost.swift); `--fixed-cost` what a schedule
// costs besides its jobs (FixedCost.swift); `--deterministic` what one deterministic run costs
// against a plain run (DeterministicCost.swift).
//
// `make bench-real` builds and runs it in a debug build (the build tests run in) and in a release
// build. It exits non-zero when a body fails, explored or not: a failing body would time its
// failure path.
// Top-level code stays synchronous so that the process keeps a real main thread with a run loop;
// the measurements run in a task while the main run loop spins (as in DispatchableBenchmarks).

import Dispatch
import Dispatchable
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let schedules = option("--schedules").flatMap(Int.init) ?? 200
let rounds = option("--rounds").flatMap(Int.init) ?? 5
let only = option("--only")
let exploredOnly = arguments.contains("--explored-only")
let unexploredOnly = arguments.contains("--unexplored-only")

#if DEBUG
    let build = "debug"
#else
    let build = "release"
#endif

/// A body both measurements run; `real` marks another package's test (the targets' median is
/// taken over those).
struct Body: Sendable {
    let name: String
    var real = true
    var maximumStall: TimeInterval?
    let run: @Sendable (MockDispatchable) async throws -> Void
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
let bodies: [Body] = [
    Body(name: "AsyncChannel, 10 producers, 10 consumers") { _ in try await ChannelBody.run() },
    Body(name: "share() to 2 consumers") { _ in try await ShareBody.run() },
    Body(name: "merge of two 3-element sequences") { _ in try await MergeBody.run() },
    Body(name: "ServiceGroup.run, 3 services, graceful shutdown", maximumStall: 0.1) { _ in
        try await ServiceGroupBodies.triggerGracefulShutdown()
    },
    Body(name: "ServiceGroup.run, 1 service, cancelled", maximumStall: 0.1) { _ in
        try await ServiceGroupBodies.runWhenNoSignal()
    },
    Body(name: "MCP client/server, in-memory transport, listPrompts") { _ in
        try await MCPBody.listPromptsWithResults()
    },
    // The body `make bench`'s "async exploration per schedule" section times with `explore`.
    Body(name: "project: token store (actor, task, block, timer, sleep)", real: false) { mock in
        try await AsyncOrderingBug.all[0].run(mock, false)
    },
    Body(name: "project: client/server exchange, 40 requests", real: false) { _ in
        try await ClientServerExchange.run(buggy: false)
    },
    // What a run costs besides its jobs (starting its task, driving it, ending it), told from
    // what a job costs by two bodies that differ only in how many jobs they run.
    Body(name: "project: 4 empty child tasks", real: false) { _ in await EmptyChildren.run(4) },
    Body(name: "project: 12 empty child tasks", real: false) { _ in await EmptyChildren.run(12) },
    // Tiny bodies, whose explored time is almost all the explorer's own fixed cost per schedule.
    Body(name: "tiny: empty body", real: false) { _ in },
    Body(name: "tiny: one empty child task", real: false) { _ in await EmptyChildren.run(1) },
    Body(name: "tiny: two empty child tasks", real: false) { _ in await EmptyChildren.run(2) },
    Body(name: "tiny: eight empty child tasks", real: false) { _ in await EmptyChildren.run(8) },
    Body(name: "tiny: 6 tasks, 1 actor hop each", real: false) { _ in await ActorHops.run(tasks: 6, hops: 1) },
    Body(name: "tiny: 3 tasks, 3 actor hops each", real: false) { _ in await ActorHops.run(tasks: 3, hops: 3) },
]

/// A task group of `tasks` child tasks, each calling into one actor `hops` times.
enum ActorHops {
    actor Counter {
        var value = 0
        func increment() { value += 1 }
    }

    static func run(tasks: Int, hops: Int) async {
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask { for _ in 0..<hops { await counter.increment() } }
            }
        }
    }
}

/// A task group of `count` child tasks that do nothing: one job each, and the body's.
enum EmptyChildren {
    static func run(_ count: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask {} }
        }
    }
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Seconds per run of `body`, run `count` times, each on a fresh immediate-mode mock.
func unexplored(_ body: Body, _ count: Int) async throws -> Double {
    let start = now()
    for _ in 0..<count { try await body.run(MockDispatchable()) }
    return Double(now() - start) / 1e9 / Double(count)
}

/// Seconds per schedule of an exploration of `body`, and the schedules it ran.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func explored(_ body: Body, _ count: Int) async throws -> (Double, MockDispatchable.ExplorationReport) {
    let start = now()
    let report = try await MockDispatchable.exploreTasks(
        schedules: count, seed: 1, maximumStall: body.maximumStall, body.run)
    return (Double(now() - start) / 1e9 / Double(max(report.schedulesRun, 1)), report)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
}
func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
func print(row cells: [String]) { print("| " + cells.joined(separator: " | ") + " |") }

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func measureAll() async -> Bool {
    print(
        "RealBodiesBenchmark — \(build) build, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
            + "\(schedules) runs / schedules (seed 1), median of \(rounds) alternating rounds after a warm-up")
    print()
    print(row: ["body", "unexplored ms/run", "explored ms/schedule", "schedules/s", "ratio", "schedules (distinct)"])
    print(row: ["---", "---:", "---:", "---:", "---:", "---:"])
    var passed = true
    var realRates: [Double] = []
    var realRatios: [Double] = []
    for body in bodies where only.map({ body.name.localizedCaseInsensitiveContains($0) }) ?? true {
        do {
            if exploredOnly {
                let (seconds, report) = try await explored(body, schedules)
                print(row: [
                    body.name, "", format(seconds * 1e3, 3), format(1 / seconds, 0), "", "\(report.schedulesRun)",
                ])
                continue
            }
            if unexploredOnly {
                let seconds = try await unexplored(body, schedules)
                print(row: [body.name, format(seconds * 1e3, 3), "", "", "", ""])
                continue
            }
            _ = try await unexplored(body, schedules)
            var (_, report) = try await explored(body, schedules)
            var plainTimes: [Double] = []
            var exploredTimes: [Double] = []
            for round in 0..<rounds {
                if round.isMultiple(of: 2) { plainTimes.append(try await unexplored(body, schedules)) }
                let (seconds, latest) = try await explored(body, schedules)
                exploredTimes.append(seconds)
                report = latest
                if !round.isMultiple(of: 2) { plainTimes.append(try await unexplored(body, schedules)) }
            }
            let plain = median(plainTimes)
            let perSchedule = median(exploredTimes)
            if body.real {
                realRates.append(1 / perSchedule)
                realRatios.append(perSchedule / plain)
            }
            print(row: [
                body.name, format(plain * 1e3, 3), format(perSchedule * 1e3, 3), format(1 / perSchedule, 0),
                format(perSchedule / plain, 1) + "×", "\(report.schedulesRun) (\(report.distinctSchedules))",
            ])
        } catch {
            passed = false
            let message = "\(error)".split(separator: "\n").prefix(6).joined(separator: " / ")
            print(row: [body.name, "FAILED: \(message)", "", "", "", ""])
        }
        fflush(nil)  // every stream: `stdout` is a global var Swift 6 will not read
    }
    if !realRates.isEmpty {
        print()
        print(
            "median real body (\(build)): \(format(median(realRates), 0)) schedules/s, "
                + "\(format(median(realRatios), 1))× an unexplored run (SPEC, debug build: ≥ 2,000 schedules/s, ≤ 3×)")
    }
    return passed
}

/// Runs `body` in a task and spins the main run loop until it finishes.
func runAsync(_ body: @escaping @Sendable () async -> Bool) -> Bool {
    let result = LockedValue<Bool?>(nil)
    Task { result.value = await body() }
    while result.value == nil { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
    return result.value!
}

if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    if arguments.contains("--search-cost") {
        if !runAsync({ await measureSearchCost() }) { exit(1) }
    } else if arguments.contains("--fixed-cost") {
        if !runAsync({ await measureFixedCost() }) { exit(1) }
    } else if arguments.contains("--deterministic") {
        if !runAsync({ await measureDeterministicCost() }) { exit(1) }
    } else if !runAsync({ await measureAll() }) {
        exit(1)
    }
} else {
    print("RealBodiesBenchmark needs macOS 15 / iOS 18 (exploreTasks)")
}
