import Foundation
import Testing

@testable import Dispatchable

/// `exploreTasks`, `exploreAllTasks` and `replayTasks`: bodies that need no main actor, explored on
/// every runtime with task executors. `make test` runs this suite with the executor-factory capture
/// and again with `DISPATCHABLE_ASYNC_CAPTURE=public`, the capture Apple platforms get: actor,
/// task-group, `Task {}` and sleep bugs are found either way (sleeps as the runtimes of macOS 15 and
/// iOS 18 enqueue them, through public hooks); main-actor hops and the sleeps of later runtimes
/// are explored by the first and refused with `.unsupported` by the second.
@Suite("Async exploration of tasks and actors, under either capture")
struct TaskExplorationTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(arguments: TaskOrderingBug.all)
    func exploreTasksFindsTheBugAndReplaysIt(_ bug: TaskOrderingBug) async throws {
        let found = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreTasks(schedules: 1_000, seed: 7) { mock in
                    try await bug.run(mock, true)
                }
            })
        #expect(found.kind == .scheduleFailed, "\(found.message)")
        let schedule = try #require(found.schedule)
        #expect(found.message.contains("run it again with MockDispatchable.replayTasks(\"\(schedule)\")"))
        let replayed = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.replayTasks(schedule) { mock in try await bug.run(mock, true) }
        }
        #expect(replayed?.kind == .scheduleFailed)
        #expect(replayed?.schedule == schedule)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(arguments: TaskOrderingBug.all)
    func exploreAllTasksFindsTheBug(_ bug: TaskOrderingBug) async throws {
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks { mock in try await bug.run(mock, true) }
        }
        #expect(found?.kind == .scheduleFailed)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(arguments: TaskOrderingBug.all)
    func theCorrectTwinPassesEverySchedule(_ bug: TaskOrderingBug) async throws {
        let report = try await MockDispatchable.exploreAllTasks { mock in try await bug.run(mock, false) }
        #expect(report.isExhaustive)
        #expect(report.distinctSchedules > 1)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aHopToTheMainActorIsExploredOrRefusedNamingTheTask() async throws {
        let body: @Sendable (MockDispatchable) async throws -> Void = { mock in
            let value = await MainActor.run { 42 }
            guard value == 42 else { throw InvariantBroken("\(value)") }
        }
        if !AsyncCaptureSupport.exploresMainActorCode {
            let error = await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreTasks(schedules: 10, body)
            }
            #expect(error?.kind == .unsupported)
            #expect(error?.message.contains("task 1 came back from the main actor") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("#63104") == true)
        } else {
            let report = try await MockDispatchable.exploreTasks(schedules: 10, body)
            #expect(report.isExhaustive)
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aTaskSleepIsVirtualOrRefusedNamingTheTask() async throws {
        let woke = LockedValue<Set<TimeInterval>>([])
        let body: @Sendable (MockDispatchable) async throws -> Void = { mock in
            try await Task.sleep(for: .milliseconds(20))
            inKeptRun { woke.mutate { _ = $0.insert(mock.now) } }
        }
        if AsyncCaptureSupport.usesPublicCapture {
            let error = await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreTasks(schedules: 10, body)
            }
            #expect(error?.kind == .unsupported)
            #expect(error?.message.contains("Task.sleep") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("SchedulingExecutor") == true)
            #expect(error?.message.contains("mock.clock") == true, "it says what to do")
            #expect(error?.message.contains("task 1") == true)
        } else {
            try await MockDispatchable.exploreTasks(schedules: 10, body)
            #expect(woke.value == [0.02])
        }
    }

    /// The standard library of macOS 15 and iOS 18 enqueues a sleep's wake-up through the runtime's
    /// public hooks, which both captures install (``HookedSleep`` takes that path here): its sleeps
    /// are explored as the executor factory explores every `Task.sleep`. Each task wakes at a
    /// deadline of the run, exactly: its own, or a later one when the explorer runs it late.
    ///
    /// Exactly, on a loaded machine too: a run whose thread stalled between reading the clock and
    /// sleeping (once 42 ms, under Thread Sanitizer with both cores busy) reads the deadline
    /// inexactly, knows it, and is run again (see `SleepDeadline`); the test needs no retries.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aSleepThatReachesTheRuntimesHooksRunsOnVirtualTime() async throws {
        let hooked = try await wakeUps(
            body: { await HookedSleep.sleep(for: .milliseconds(200)) },
            other: { await HookedSleep.sleep(nanoseconds: 300_000_000) })
        let expected: Set<[String]> = [
            ["body 0.2", "other 0.3"], ["body 0.2", "other 0.5"], ["body 0.3", "other 0.3"],
            ["other 0.3", "body 0.3"], ["body 0.5", "other 0.5"], ["other 0.5", "body 0.5"],
        ]
        #expect(hooked == expected)
        if !AsyncCaptureSupport.usesPublicCapture {
            let real = try await wakeUps(
                body: { try? await Task.sleep(for: .milliseconds(200)) },
                other: { try? await Task.sleep(nanoseconds: 300_000_000) })
            #expect(real == expected)
        }
    }

    /// What every schedule of a body that sleeps while another task sleeps saw: who woke at which
    /// virtual time, in order.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func wakeUps(
        body sleep: @escaping @Sendable () async -> Void, other otherSleep: @escaping @Sendable () async -> Void
    ) async throws -> Set<[String]> {
        let seen = LockedOrders()
        // Every stall, so that each task may wake late by the other's whole sleep (0.2 s past the
        // default bound of a task's job).
        let report = try await MockDispatchable.exploreAllTasks(maximumStall: .infinity) { mock in
            let other = Task {
                await otherSleep()
                seen.append("other \(mock.now)")
            }
            await sleep()
            seen.append("body \(mock.now)")
            await other.value
            seen.endRun()
        }
        #expect(report.isExhaustive)
        return Set(seen.runs)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aStuckRunIsADeadlockOrUnsupportedNeverAHang() async throws {
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 10) { _ in
                await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            }
        }
        if await AsyncCaptureSupport.tellsDeadlocks {
            #expect(error?.kind == .deadlock)
        } else {
            #expect(error?.kind == .unsupported)
            #expect(error?.message.contains("the run is stuck") == true, "\(error?.message ?? "")")
        }
        #expect(error?.message.contains("task 1 (the body)") == true)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theBodyRunsOffTheMainQueue() async throws {
        let onMain = LockedOrders()
        try await MockDispatchable.exploreTasks(schedules: 3) { mock in
            onMain.append("\(DispatchThread.isOnMainQueue)")
            _ = await mock.performOffloaded { 1 }
            onMain.endRun()
        }
        // A run is driven on a thread of the explorer's own until it picks main-actor work; one
        // that never does never takes the main queue.
        #expect(onMain.runs.allSatisfy { $0 == ["false"] }, "\(onMain.runs)")
    }

    /// Where a run's main-actor work is captured (the executor factory, or the public capture with
    /// the main-executor hook), the run moves to the main queue at its first main-actor job and
    /// stays there: the jobs after it run there too, in every schedule alike.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.enabled(if: AsyncCaptureSupport.exploresMainActorCode))
    func aRunMovesToTheMainQueueAtItsFirstMainActorJob() async throws {
        let onMain = LockedOrders()
        try await MockDispatchable.exploreTasks(schedules: 3) { _ in
            onMain.append("body \(DispatchThread.isOnMainQueue)")
            await MainActor.run { onMain.append("main actor \(DispatchThread.isOnMainQueue)") }
            await Task.yield()
            onMain.append("body \(DispatchThread.isOnMainQueue)")
            onMain.endRun()
        }
        #expect(!onMain.runs.isEmpty)
        #expect(onMain.runs.allSatisfy { $0 == ["body false", "main actor true", "body true"] }, "\(onMain.runs)")
    }

    /// Without the main-executor hook, the public capture's explorer holds neither the main actor
    /// nor the main queue: a run may even wait for the main queue (driven on the main thread, it
    /// would wait forever).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.enabled(if: !AsyncCaptureSupport.exploresMainActorCode))
    func theMainQueueRunsWhileThePublicCaptureExplores() async throws {
        let report = try await MockDispatchable.exploreTasks(schedules: 3) { mock in
            let ran = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { ran.signal() }
            guard ran.wait(timeout: .now() + 30) == .success else {
                throw InvariantBroken("the main queue did not run while the run waited for it")
            }
            _ = await mock.performOffloaded { 1 }
        }
        #expect(report.schedulesRun >= 1)
    }
}
