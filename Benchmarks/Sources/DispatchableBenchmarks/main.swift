// Release-mode benchmarks for Dispatchable. Every figure is reported as a ratio against a
// baseline measured in the same run where one exists (machines here are shared and noisy).
//
//   swift run -c release DispatchableBenchmarks [--quick] [--check]
//
// --quick runs smaller sizes; --only SECTION runs one section; --check exits non-zero if a
// target is missed.
// Top-level code stays synchronous so that the process keeps a real main thread with a run loop
// (an `await` here would turn it into an async main that parks the main thread); async benchmarks
// run in a Task while the main run loop spins.

import Clocks
import Dispatch
import Dispatchable
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
/// `--only SECTION` (memory, gcd, immediate, manual, wait, sleepers, explore, explore-memory, strategies,
/// explore-async, async-minimisation, fairness)
/// runs one section.
let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
func runs(_ section: String) -> Bool { only == nil || only == section }
let report = Report()

// A child process of the "explore-memory" section: measures one exploration's peak memory in a
// fresh process, prints it, and exits.
if let index = arguments.firstIndex(of: "--memory-probe"), arguments.indices.contains(index + 1) {
    MainActor.assumeIsolated { explorationMemoryProbe(arguments[index + 1]) }
    exit(0)
}

print(
    "Dispatchable benchmarks — release build, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(quick ? "quick" : "full") sizes"
)
print(String(repeating: "─", count: 120))

/// Runs `body` in a task and spins the main run loop until it finishes.
func runAsync(_ body: @escaping @Sendable () async throws -> Void) {
    let finished = LockedValue(false)
    Task {
        do { try await body() } catch { print("error: \(error)") }
        finished.value = true
    }
    while !finished.value { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
}

/// Touched only on one serial queue.
final class SerialCounter: @unchecked Sendable {
    // @unchecked: only ever touched on the serial queue the benchmark uses.
    var value = 0
}

// MARK: 0. Memory retained by the recorder (first, while the process is fresh)

if runs("memory") {
    let nothing: @Sendable () -> Void = {}
    var worst = 0.0
    var details: [String] = []
    for dispatches in [300_000, 700_000, 1_000_000] {
        guard let before = residentBytes() else { break }
        let mock = MockDispatchable()
        for _ in 0..<dispatches { mock.offload(nothing) }
        let after = residentBytes() ?? before
        let events = withExtendedLifetime(mock) { 2 * dispatches }
        let perEvent = Double(after - before) / Double(events)
        worst = max(worst, perEvent)
        details.append("\(events / 1000)k: \(format(perEvent, 1))")
    }
    if details.isEmpty {
        report.add("recorder bytes per event", "n/a (no /proc/self/statm here)")
    } else {
        report.add(
            "recorder bytes per event (worst of 3 sizes, incl. slack)", "\(format(worst, 1)) B",
            target: "≤ 64 B", met: worst <= 64)
        report.add("  by events recorded", details.joined(separator: ", ") + " B")
    }
}

// MARK: 1. GCD overhead vs raw DispatchQueue.async

if runs("gcd") {
    let items = 200_000
    let queue = DispatchQueue(label: "bench.serial")
    let dispatch: any Dispatchable = GCD(queue: queue)
    func raw() -> Double {
        let counter = SerialCounter()
        let done = DispatchSemaphore(value: 0)
        return seconds {
            for _ in 0..<items { queue.async { counter.value += 1 } }
            queue.async { done.signal() }
            done.wait()
        }
    }
    func viaGCD() -> Double {
        let counter = SerialCounter()
        let done = DispatchSemaphore(value: 0)
        return seconds {
            for _ in 0..<items { dispatch.offload { counter.value += 1 } }
            queue.async { done.signal() }
            done.wait()
        }
    }
    _ = raw()
    _ = viaGCD()
    var ratios: [Double] = []
    var rawTimes: [Double] = []
    var gcdTimes: [Double] = []
    for round in 0..<(quick ? 9 : 41) {
        // Alternate which goes first so drift hits both equally.
        let (r, g) =
            round.isMultiple(of: 2)
            ? (raw(), viaGCD())
            : {
                let g = viaGCD()
                return (raw(), g)
            }()
        rawTimes.append(r)
        gcdTimes.append(g)
        ratios.append(g / r)
    }
    // Noise on a shared machine only ever adds time, so the fastest runs are the steadiest
    // estimate of cost; the median of per-round ratios is shown beside it.
    let ratio = gcdTimes.min()! / rawTimes.min()!
    report.add(
        "GCD.offload vs raw DispatchQueue.async, 200k items",
        "\(format(ratio, 3))× (median \(format(median(ratios), 3))×, raw \(format(rawTimes.min()! / Double(items) * 1e9, 0)) ns)",
        target: "≤ 1.05×", met: ratio <= 1.05)
}

// MARK: 2. Mock immediate dispatch, recording included

if runs("immediate") {
    let dispatches = quick ? 200_000 : 1_000_000
    let nothing: @Sendable () -> Void = {}
    let nothingOnMain: @MainActor @Sendable () -> Void = {}
    // Baseline: the cheapest thing that records an event under a lock, done twice (enter, exit).
    func baseline() -> Double {
        let box = LockedValue<[Int]>([])
        return seconds {
            for index in 0..<dispatches {
                box.mutate { $0.append(index) }
                nothing()
                box.mutate { $0.append(index) }
            }
        }
    }
    func offloads() -> Double {
        let mock = MockDispatchable()
        return seconds { for _ in 0..<dispatches { mock.offload(nothing) } }
    }
    func mains() -> Double {
        let mock = MockDispatchable()
        return seconds { for _ in 0..<dispatches { mock.main(nothingOnMain) } }
    }
    var base: [Double] = []
    var offload: [Double] = []
    var main: [Double] = []
    for _ in 0..<(quick ? 3 : 7) {
        base.append(baseline())
        offload.append(offloads())
        main.append(mains())
    }
    let offloadNs = median(offload) / Double(dispatches) * 1e9
    let mainNs = median(main) / Double(dispatches) * 1e9
    let baseNs = median(base) / Double(dispatches) * 1e9
    report.add(
        "MockDispatchable immediate offload, incl. recording",
        "\(format(offloadNs, 1)) ns (\(format(offloadNs / baseNs))× baseline)",
        target: "≤ 60 ns", met: offloadNs <= 60)
    report.add(
        "MockDispatchable immediate main (main-queue check too)",
        "\(format(mainNs, 1)) ns (\(format(mainNs / baseNs))× baseline)",
        target: "≤ 60 ns", met: mainNs <= 60)
    report.add("  baseline: two NSLock-guarded appends + a call", "\(format(baseNs, 1)) ns")
}

// MARK: 4. Manual mode: runUntilIdle over after items at scattered deadlines

if runs("manual") {
    var perItem: [Int: Double] = [:]
    for count in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
        var runs: [Double] = []
        for _ in 0..<(count >= 1_000_000 ? 3 : count >= 100_000 ? 9 : 31) {
            let mock = MockDispatchable(mode: .manual)
            queueScatteredAfterItems(mock, count: count)
            runs.append(try! seconds { try mock.runUntilIdle(maxSteps: .max) })
        }
        perItem[count] = median(runs) / Double(count)
        report.add(
            "manual runUntilIdle, \(count / 1000)k scattered after items",
            "\(format(perItem[count]! * 1e9, 0)) ns/item",
            target: "≤ 1000 ns/item", met: perItem[count]! <= 1e-6)
    }
    let growth = perItem[100_000]! * 100_000 / (perItem[10_000]! * 10_000)
    report.add(
        "  total cost 100k / 10k (n log n ≈ 12.5, n² = 100)", "\(format(growth, 1))", target: "≤ 15", met: growth <= 15)
}

// MARK: 5. waitUntil noticing main-queue work; CPU while waiting

if runs("wait") {
    let samples = quick ? 60 : 200
    var latencies: [Double] = []
    var deliveries: [Double] = []
    for _ in 0..<samples {
        let setAt = LockedValue<UInt64>(0)
        let enqueuedAt = LockedValue<UInt64>(0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(Int.random(in: 500...3000))) {
            enqueuedAt.value = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.main.async { setAt.value = DispatchTime.now().uptimeNanoseconds }
        }
        try! waitUntil(timeout: 5) { setAt.value != 0 }
        let noticed = DispatchTime.now().uptimeNanoseconds
        latencies.append(Double(noticed - setAt.value) / 1e6)
        deliveries.append(Double(setAt.value - enqueuedAt.value) / 1e6)
    }
    let latency = median(latencies)
    report.add(
        "waitUntil notices main-queue work: median latency",
        "\(format(latency, 3)) ms (p90 \(format(percentile(latencies, 0.9), 3)))",
        target: "≤ 1 ms", met: latency <= 1)
    report.add("  baseline: main-queue delivery itself, median", "\(format(median(deliveries), 3)) ms")

    for poll in [defaultPollInterval, 0.001] {
        let wall = quick ? 1.0 : 2.0
        let cpuBefore = cpuSeconds()
        let elapsed = seconds { _ = try? waitUntil(timeout: wall, pollInterval: poll) { false } }
        let share = (cpuSeconds() - cpuBefore) / elapsed * 100
        let isDefault = poll == defaultPollInterval
        report.add(
            "waitUntil CPU while waiting, pollInterval \(format(poll * 1000, 0)) ms\(isDefault ? " (default)" : " (reference)")",
            "\(format(share, 2)) % of a core", target: isDefault ? "≤ 5 %" : "",
            met: isDefault ? share <= 5 : nil)
    }
}

// MARK: 6. Async virtual-time sleeps: MockDispatchable vs swift-clocks TestClock

func mockSleepers(_ count: Int) async throws -> Double {
    let mock = MockDispatchable(mode: .manual)
    return try await seconds {
        // Unstructured tasks, awaited one by one: a task group's join is itself quadratic in the
        // number of children on this runtime, which would swamp what is measured.
        let sleepers = (0..<count).map { index in
            Task { try await mock.sleep(for: Double((index &* 7919) % count) / 1000) }
        }
        try await mock.waitForPendingWork(count: count, timeout: 120)
        try mock.runUntilIdle(maxSteps: .max)
        for sleeper in sleepers { try await sleeper.value }
    }
}

/// The same sleepers through the mock's `Clock`, injected as `any Clock<Duration>` as `TestClock` is:
/// the clock-injected code of the side-by-side below.
func mockClockSleepers(_ count: Int) async throws -> Double {
    let mock = MockDispatchable(mode: .manual)
    let clock: any Clock<Duration> = mock.clock
    return try await seconds {
        // A millisecond later than the others: a deadline that is not after `now` returns at once,
        // queuing nothing to wait for.
        let sleepers = (0..<count).map { index in
            Task { try await clock.sleep(for: .milliseconds((index &* 7919) % count + 1)) }
        }
        try await mock.waitForPendingWork(count: count, timeout: 120)
        try mock.runUntilIdle(maxSteps: .max)
        for sleeper in sleepers { try await sleeper.value }
    }
}

func testClockSleepers(_ count: Int) async throws -> Double {
    let clock = TestClock()
    let started = LockedValue(0)
    let finished = LockedValue(0)
    return try await seconds {
        let sleepers = (0..<count).map { index in
            Task {
                started.mutate { $0 += 1 }
                try await clock.sleep(for: .milliseconds((index &* 7919) % count))
                finished.mutate { $0 += 1 }
            }
        }
        while started.value < count { await Task.yield() }
        // TestClock cannot tell when a sleeper has registered; advancing again until every
        // sleeper has finished is what makes it reliable.
        while finished.value < count { await clock.advance(by: .seconds(count)) }
        for sleeper in sleepers { try await sleeper.value }
    }
}

if runs("sleepers") {
    runAsync {
        for count in quick ? [1_000] : [1_000, 10_000] {
            let mock = try await mockSleepers(count)
            let mockClock = try await mockClockSleepers(count)
            let testClock = try await testClockSleepers(count)
            for (name, time) in [("mock", mock), ("mock.clock", mockClock)] {
                let speedup = testClock / time
                report.add(
                    "\(count / 1000)k sleepers: \(name) \(format(time * 1000, 1)) ms vs TestClock \(format(testClock * 1000, 0)) ms",
                    "\(format(speedup, 0))× faster", target: count >= 10_000 ? "≥ 100× at 10k" : "",
                    met: count >= 10_000 ? speedup >= 100 : nil)
            }
        }
    }
}

// MARK: 7. Exploration: cost per schedule against the same body run once in plain manual mode

extension MockDispatchable: ManualStepping {}

typealias ExploredBody = @MainActor (MockDispatchable) throws -> Void

if runs("explore") {
    MainActor.assumeIsolated {
        let schedules = quick ? 2_000 : 20_000
        /// Seconds per schedule, medians: explored and plain, alternating which goes first so that
        /// drift hits both equally.
        @MainActor func perSchedule(_ body: @escaping ExploredBody) -> (explored: Double, plain: Double) {
            func plainRuns() -> Double {
                try! seconds { for _ in 0..<schedules { try body(MockDispatchable(mode: .manual)) } }
            }
            func explorations() -> Double {
                try! seconds { try MockDispatchable.explore(schedules: schedules, seed: 1, body) }
            }
            _ = plainRuns()  // warm-up
            _ = explorations()
            var plain: [Double] = []
            var explored: [Double] = []
            for round in 0..<(quick ? 4 : 8) {
                if round.isMultiple(of: 2) {
                    plain.append(plainRuns())
                    explored.append(explorations())
                } else {
                    explored.append(explorations())
                    plain.append(plainRuns())
                }
            }
            return (median(explored) / Double(schedules), median(plain) / Double(schedules))
        }
        func described(_ times: (explored: Double, plain: Double)) -> String {
            "\(format(times.explored / times.plain))× (\(format(times.explored * 1e6, 2)) µs vs "
                + "\(format(times.plain * 1e6, 2)) µs)"
        }
        let times = perSchedule { try sevenOffloadsAndATimer($0) }
        report.add(
            "exploration per schedule vs plain manual run, same body", described(times), target: "≤ 1.15×",
            met: times.explored / times.plain <= 1.15)
        report.add("  schedules per second, 7 offloads hopping to main + a timer", "\(format(1 / times.explored, 0))")
        // A body that keeps its mock past its run: exploration cannot reuse that run's queues.
        let keeper = MockKeeper()
        let kept = perSchedule {
            keeper.mock = $0
            try sevenOffloadsAndATimer($0)
        }
        report.add("  … a body that keeps its mock (queues not reused)", described(kept))
    }
}

// MARK: 7b. Exploration memory: a 1,000-step run, each strategy, in a fresh process each

/// A run of 1,000 steps with as many choice points: 1,000 offloads queued at once.
@MainActor func thousandOffloads(_ mock: MockDispatchable) throws {
    for _ in 0..<1_000 { mock.offload {} }
    try mock.runUntilIdle()
}

/// Peak resident memory of this process so far (`VmHWM`), in bytes; nil without `/proc`.
func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1024
}

/// Runs in a child process: one plain run (the baseline) or 200 schedules of one strategy, and
/// prints how much the peak grew, in bytes.
@MainActor func explorationMemoryProbe(_ what: String) {
    try! thousandOffloads(MockDispatchable(mode: .manual))  // warm-up: the runtime's own allocations
    let before = peakResidentBytes() ?? 0
    switch what {
    case "plain": try! thousandOffloads(MockDispatchable(mode: .manual))
    case "mixed": try! MockDispatchable.explore(schedules: 200, seed: 1, strategy: .mixed, thousandOffloads)
    case "randomWalk": try! MockDispatchable.explore(schedules: 200, seed: 1, strategy: .randomWalk, thousandOffloads)
    default: try! MockDispatchable.explore(schedules: 200, seed: 1, strategy: .pct(depth: 3), thousandOffloads)
    }
    print((peakResidentBytes() ?? 0) - before)
}

if runs("explore-memory") {
    func probe(_ what: String) -> Int? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--memory-probe", what]
        let output = Pipe()
        child.standardOutput = output
        guard (try? child.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    if let plain = probe("plain") {
        var worst = 0
        var details: [String] = []
        for strategy in ["mixed", "randomWalk", "pct"] {
            let grown = probe(strategy) ?? .max
            worst = max(worst, grown)
            details.append("\(strategy) +\(format(Double(grown) / 1_048_576, 1)) MB")
        }
        // Bounded by one run's length, whatever the strategy.
        report.add(
            "explore peak memory, 1k-step run, 200 schedules",
            "+\(format(Double(worst) / 1_048_576, 1)) MB (1 plain run +\(format(Double(plain) / 1_048_576, 1)))",
            target: "≤ plain + 8 MB", met: worst <= plain + 8 << 20)
        report.add("  by strategy", details.joined(separator: ", "))
    } else {
        report.add("exploration peak memory", "n/a (no /proc/self/status or no child process here)")
    }
}

/// The example app's bug (a stale search result), here with a long run before the deviation it
/// needs: ten earlier searches complete first.
let searchBug = OrderingBug(name: "stale search result after 10 earlier searches") { mock, buggy in
    @MainActor final class Box {
        var results: [String] = []
        var latest = 0
    }
    let box = Box()
    func search(_ query: String, at time: TimeInterval) {
        mock.after(time) {
            box.latest += 1
            let number = box.latest
            mock.offload { [query] in
                mock.main {
                    guard buggy || number == box.latest else { return }
                    box.results = [query]
                }
            }
        }
    }
    for index in 0..<10 { search("q\(index)", at: Double(index)) }
    search("sw", at: 10)
    search("swift", at: 10.4)
    try mock.runUntilIdle()
    guard box.results == ["swift"] else { throw InvariantBroken("shows \(box.results)") }
}

/// A synthetic bug that needs exactly one deviation, at the last choice point of a long run, and
/// no other: twelve offloads, failing only when the last two swap and all others keep their order.
let lateSingleDeviation = OrderingBug(name: "synthetic: one late deviation, nothing else") { mock, _ in
    let log = LockedValue<[Int]>([])
    for index in 0..<12 { mock.offload { log.mutate { $0.append(index) } } }
    try mock.runUntilIdle()
    guard log.value != Array(0..<10) + [11, 10] else { throw InvariantBroken("the last two swapped") }
}

// MARK: 8. Strategies: schedules to the first failure, per bug of the corpus

if runs("strategies") {
    MainActor.assumeIsolated {
        let strategies: [(String, MockDispatchable.ExplorationStrategy)] = [
            ("random walk", .randomWalk), ("PCT depth 2", .pct(depth: 2)), ("PCT depth 3", .pct(depth: 3)),
            ("mixed (default)", .mixed),
        ]
        let seeds = quick ? 5 : 25
        print("median schedules to the first failure over \(seeds) seeds (cap 10,000; \"-\" = not found):")
        print(
            "bug".padding(toLength: 50, withPad: " ", startingAt: 0)
                + strategies.map { $0.0.padding(toLength: 17, withPad: " ", startingAt: 0) }.joined())
        for bug in OrderingBug.all + [searchBug, lateSingleDeviation] {
            var cells: [String] = []
            for (_, strategy) in strategies {
                var found: [Double] = []
                for seed in 1...seeds {
                    do {
                        try MockDispatchable.explore(schedules: 10_000, seed: seed, strategy: strategy) {
                            try bug.run($0, true)
                        }
                    } catch let error as MockDispatchableError {
                        if let number = error.message.split(separator: " ").drop(while: { $0 != "schedule" })
                            .dropFirst().first.flatMap({ Double($0) })
                        {
                            found.append(number)
                        }
                    } catch {}
                }
                cells.append(found.count < seeds ? "- (\(found.count)/\(seeds))" : format(median(found), 0))
            }
            print(
                bug.name.padding(toLength: 50, withPad: " ", startingAt: 0)
                    + cells.map { $0.padding(toLength: 17, withPad: " ", startingAt: 0) }.joined())
        }
    }
}

// MARK: 9. Minimisation in a busy app: a failing explore, from its start to the report

/// Each busy-app bug of the corpus (eight offloads hopping to main and two timers in flight
/// first) under `explore` for seeds 1…5: the whole call — finding the failure, dropping what it
/// does not need, the search from below that proves the minimum, and the confirming run — timed
/// in release. The target is on minimisation (≤ 2 s); the figure includes finding, so it is an
/// upper bound on it.
if runs("minimisation") {
    MainActor.assumeIsolated {
        var times: [Double] = []
        var deviations: [Int] = []
        for bug in OrderingBug.busy {
            for seed in 1...5 {
                var error: MockDispatchableError?
                times.append(
                    seconds {
                        do {
                            try MockDispatchable.explore(schedules: 1_000, seed: seed) { try bug.run($0, true) }
                        } catch let thrown as MockDispatchableError {
                            error = thrown
                        } catch {}
                    })
                deviations.append(
                    (error?.schedule ?? "").split(separator: " ").filter { !$0.hasPrefix("0/") }.count)
            }
        }
        let sorted = times.sorted()
        let worst = sorted.last ?? 0
        print(
            "minimisation in a busy app (\(OrderingBug.busy.count) bugs × seeds 1…5, explore to the report): "
                + "median \(format(median(times) * 1_000, 2)) ms, worst \(format(worst * 1_000, 2)) ms (target ≤ 2 s: "
                + "\(worst <= 2 ? "meets" : "MISSES")); deviations reported: "
                + "\(Set(deviations).sorted().map(String.init).joined(separator: ", "))")
    }
}

// MARK: 9b. Minimising an async failure found in a long run

/// A client and a server over an in-memory transport, forty requests and a cancellation (a few
/// hundred jobs per run): `exploreTasks` from its start to the report, timed in release. The
/// target: ≤ 2 s, or the report says the minimiser stopped at its budget.
if runs("async-minimisation") {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        runAsync {
            for seed in 1...3 {
                var message = ""
                let started = DispatchTime.now().uptimeNanoseconds
                do {
                    try await MockDispatchable.exploreTasks(schedules: 300, seed: seed) { _ in
                        try await ClientServerExchange.run(buggy: true)
                    }
                } catch let thrown as MockDispatchableError {
                    message = thrown.message
                } catch {}
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                let summary = message.split(separator: "\n").first { $0.contains("differs from") } ?? "no report"
                print("async minimisation, client/server, seed \(seed): \(format(elapsed, 2)) s; \(summary)")
            }
        }
    }
}

// MARK: 10. Async exploration: cost per schedule, and schedules to find an actor-reentrancy bug

/// The schedule number in a failing exploration's message ("schedule 14 failed").
func failingScheduleNumber(_ error: MockDispatchableError) -> Double? {
    error.message.split(separator: " ").drop { $0 != "schedule" }.dropFirst().first.flatMap { Double($0) }
}

if runs("explore-async") {
    runAsync { @MainActor in
        // The token store's fixed twin: an actor, a task it starts, a block, a timer, a sleep.
        let body = AsyncOrderingBug.all[0].run
        let count = quick ? 300 : 2_000
        // Unexplored: the same body, once per schedule, on an immediate-mode mock and the real executors.
        func plain() async -> Double {
            await seconds { for _ in 0..<count { try? await body(MockDispatchable(), false) } }
        }
        func explored() async -> Double {
            var ran = 0
            let time = await seconds {
                ran =
                    (try? await MockDispatchable.explore(schedules: count, seed: 1) { try await body($0, false) })?
                    .schedulesRun ?? 0
            }
            return time / Double(max(ran, 1)) * Double(count)
        }
        _ = await plain()
        _ = await explored()
        var plainTimes: [Double] = []
        var exploredTimes: [Double] = []
        for round in 0..<(quick ? 3 : 7) {
            if round.isMultiple(of: 2) {
                plainTimes.append(await plain())
                exploredTimes.append(await explored())
            } else {
                exploredTimes.append(await explored())
                plainTimes.append(await plain())
            }
        }
        let ratio = median(exploredTimes) / median(plainTimes)
        report.add(
            "async exploration per schedule vs the body run once unexplored",
            "\(format(ratio))× (\(format(median(exploredTimes) / Double(count) * 1e6, 1)) µs vs "
                + "\(format(median(plainTimes) / Double(count) * 1e6, 1)) µs)",
            target: "≤ 3×", met: ratio <= 3)

        // The account overdrawn by two withdrawals (actor reentrancy): how often do ordinary runs on
        // real GCD and the real executors hit it, and how soon does exploration?
        let plainRuns = quick ? 2_000 : 20_000
        var hits = 0
        for _ in 0..<plainRuns where (try? await AccountScenario.run(dispatch: GCD(), buggy: true)) ?? 0 < 0 {
            hits += 1
        }
        var found: [Double] = []
        for seed in 1...10 {
            do {
                try await MockDispatchable.explore(schedules: 1_000, seed: seed) { mock in
                    let balance = try await AccountScenario.run(dispatch: mock, buggy: true)
                    guard balance >= 0 else { throw InvariantBroken("balance \(balance)") }
                }
            } catch let error as MockDispatchableError {
                if let number = failingScheduleNumber(error) { found.append(number) }
            } catch {}
        }
        report.add(
            "  actor reentrancy (account overdrawn): plain runs on real GCD that hit it",
            "\(hits) of \(plainRuns)")
        report.add(
            "  … schedules exploration needs to find it, median of 10 seeds",
            found.count == 10
                ? "\(format(median(found), 0)) (found by every seed)" : "found by \(found.count) of 10 seeds")
    }
}

if runs("fairness") {
    print("Fairness to parallel tests: a main-queue block's wait while an async exploration runs")
    runAsync { @MainActor in
        // A block posted to the main queue every 20 ms from another thread, as a parallel test's
        // main-actor work would be, timed from posting to running.
        let waits = LockedValue<[Double]>([])
        let stop = LockedValue(false)
        Thread.detachNewThread {
            while !stop.value {
                let posted = DispatchTime.now().uptimeNanoseconds
                DispatchQueue.main.async {
                    let waited = Double(DispatchTime.now().uptimeNanoseconds - posted) / 1e6
                    waits.value = waits.value + [waited]
                }
                usleep(20_000)
            }
        }
        let schedules = quick ? 3_000 : 30_000
        let elapsed = await seconds {
            let explored = try? await MockDispatchable.explore(schedules: schedules, seed: 1) { mock in
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<8 { group.addTask { _ = await mock.performOffloaded { index } } }
                }
            }
            print("  \(explored.map { "\($0)" } ?? "the exploration threw")")
        }
        stop.value = true
        let sorted = waits.value.sorted()
        let p99 = sorted.isEmpty ? .infinity : sorted[(sorted.count - 1) * 99 / 100]
        report.add(
            "  explore(schedules: \(schedules)) of eight children, \(format(elapsed, 1)) s: p99 wait of \(sorted.count) blocks",
            "\(format(p99, 1)) ms (max \(format(sorted.last ?? .infinity, 1)) ms)", target: "≤ 50 ms", met: p99 <= 50)
    }
}

print(String(repeating: "─", count: 120))
print(report.allMet ? "Every target met." : "Some targets missed (marked MISSES).")
if arguments.contains("--check"), !report.allMet { exit(1) }
