import Dispatch
import Foundation
import Testing

@testable import Dispatchable

/// A run's `@MainActor` work, explored by the capture this process uses: the executor factory's
/// interceptor, or — what Apple's systems get, `make unit-public` here — the runtime's
/// main-executor hook. A hop of the run comes to the run; every other main-actor job of the process
/// goes to the real main executor.
@Suite("Async exploration: the run's main actor", .enabled(if: AsyncCaptureSupport.exploresMainActorCode))
struct AsyncMainActorTests {
    @MainActor final class Log {
        var entries: [String] = []
        func append(_ entry: String) { entries.append(entry) }
    }

    /// `MainActor.run`, `Task { @MainActor in }` and an `await` of a main-actor method from a
    /// detached task each put a job in the run's main-thread lane, one serial lane in the order its
    /// jobs arrive: `Task { @MainActor in }` arrives at once, the other two after a job of their
    /// own, in either order.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func everyKindOfMainActorHopOfARunIsExplored() async throws {
        let orders = LockedValue<Set<[String]>>([])
        let report = try await MockDispatchable.exploreAllTasks { _ in
            let log = await MainActor.run { Log() }
            let viaTask = Task { @MainActor in log.append("task") }
            let viaDetached = Task.detached { await log.append("detached") }
            let viaRun = Task { await MainActor.run { log.append("run") } }
            await viaTask.value
            await viaDetached.value
            await viaRun.value
            let entries = await MainActor.run { log.entries }
            orders.mutate { _ = $0.insert(entries) }
        }
        #expect(report.isExhaustive)
        #expect(orders.value == [["task", "detached", "run"], ["task", "run", "detached"]], "\(orders.value)")
    }

    /// Inside a run's main-actor job the main actor's checks hold, as in a real one: the job runs
    /// on the main queue, and `MainActor.assumeIsolated` sees the executor it runs on as the main
    /// actor's. (`Thread.isMainThread` holds where the main queue runs on the main thread: Apple's
    /// systems; Swift Testing on Linux drains the main queue on another thread.)
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theMainActorsChecksHoldInsideARunsMainActorJob() async throws {
        let seen = LockedValue<[String]>([])
        try await MockDispatchable.exploreAllTasks { _ in
            await MainActor.run {
                dispatchPrecondition(condition: .onQueue(.main))
                MainActor.assumeIsolated { seen.mutate { $0.append("isolated") } }
                seen.mutate { $0.append("main queue \(DispatchThread.isOnMainQueue)") }
                #if canImport(Darwin)
                    seen.mutate { $0.append("main thread \(Thread.isMainThread)") }
                #endif
            }
            Task.detached {
                await MainActor.run { MainActor.preconditionIsolated() }
            }
        }
        #expect(seen.value.contains("isolated"))
        #expect(seen.value.allSatisfy { $0 != "main queue false" && $0 != "main thread false" }, "\(seen.value)")
    }

    /// A run driven on the main queue lets the main queue run what else is queued on it every
    /// 20 ms (`Limits.mainQueueSlice`): a body that polls until real main-queue work has run sees it
    /// run (it held the main queue for its 100,000 steps, and failed at the step limit, before). The
    /// body's first job hops to the main actor, which moves the run to the main queue.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aRunThatPollsForTheMainQueueSeesItRunBetweenSlices() async throws {
        let report = try await MockDispatchable.exploreTasks(schedules: 1) { _ in
            await MainActor.run {}
            let ran = LockedValue(false)
            DispatchQueue.main.async { ran.value = true }  // real GCD: not work of the run
            while !ran.value { await Task.yield() }
        }
        #expect(report.schedulesRun == 1)
    }

    /// The hook answers per lookup: a task of the process that is not the run's, hopping to the main
    /// actor every 10 ms while explorations run, always gets the real main executor — none of its
    /// jobs is ever the run's.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aParallelTasksMainActorHopsNeverReachARun() async throws {
        let ticks = LockedValue<[TimeInterval]>([])
        let sawARun = LockedValue(false)
        let stop = LockedValue(false)
        let ticker = Task.detached {
            while !stop.value {
                let asked = ContinuousClock.now
                await MainActor.run {
                    if MockDispatchable.DrivingThread.inbox != nil { sawARun.value = true }
                    let waited = asked.duration(to: .now)
                    ticks.mutate {
                        $0.append(Double(waited.components.attoseconds) / 1e18 + Double(waited.components.seconds))
                    }
                }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
        for seed in 1...500 where ticks.value.count < 30 {
            try await MockDispatchable.exploreTasks(schedules: 200, seed: seed) { _ in
                let log = await MainActor.run { Log() }
                async let a: Void = MainActor.run { log.append("a") }
                async let b: Void = MainActor.run { log.append("b") }
                _ = await (a, b)
            }
        }
        stop.value = true
        await ticker.value
        let waits = ticks.value.sorted()
        #expect(!sawARun.value, "a job of the parallel task ran inside a run")
        #expect(waits.count >= 30)
        // How long its hops waited is for a benchmark (other tests hold the main actor too): set
        // DISPATCHABLE_PRINT_MAIN_ACTOR_WAITS to see it.
        if ProcessInfo.processInfo.environment["DISPATCHABLE_PRINT_MAIN_ACTOR_WAITS"] != nil {
            let p99 = waits[min(waits.count - 1, waits.count * 99 / 100)]
            print("main-actor hops beside explorations: p99 \(p99) s, max \(waits.last ?? 0) s, \(waits.count) hops")
        }
    }
}
