import Dispatch
import Foundation
import Testing

@testable import Dispatchable

/// The `async` forms of `explore`, `exploreAll` and `replay`: Tasks, actors, `@MainActor` code and
/// `Task.sleep` explored in one schedule space with the mock's blocks.
/// Its tests use `Duration` and clocks: macOS 13, iOS 16 and later.
@Suite("Async exploration", .enabled(if: AsyncCaptureSupport.exploresMainActorCode))
struct AsyncExplorationTests {
    private actor ImageCache {
        let dispatch: any Dispatchable
        private var images: [String: String] = [:]
        private(set) var fetchCount = 0

        init(dispatch: any Dispatchable) { self.dispatch = dispatch }

        func image(for key: String) async throws -> String {
            if let image = images[key] { return image }
            fetchCount += 1
            let image = await dispatch.performOffloaded { "pixels of \(key)" }
            images[key] = image
            return image
        }
    }

    private struct FetchedTwice: Error {}

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func findsTheSpecificationsReentrantCache() async throws {
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.explore(schedules: 1_000, seed: 42) { mock in
                let cache = ImageCache(dispatch: mock)
                async let a = cache.image(for: "cat")
                async let b = cache.image(for: "cat")
                _ = try await (a, b)
                guard await cache.fetchCount == 1 else { throw FetchedTwice() }
            }
        }
        #expect(error?.kind == .scheduleFailed)
        #expect(error?.description.contains("FetchedTwice") == true)
    }

    /// The example of the "Exploring async code" article, with the output it shows.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func theArticlesExampleFailsAsDocumented() async throws {
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.explore(schedules: 1_000, seed: 42) { mock in
                    let cache = ImageCache(dispatch: mock)
                    mock.after(0.1) { Task { _ = try await cache.image(for: "cat") } }  // scrolled back
                    _ = try await cache.image(for: "cat")
                    try await mock.sleep(for: 0.2)
                    guard await cache.fetchCount == 1 else { throw FetchedTwice() }
                }
            })
        #expect(error.schedule == "1/2")
        #expect(error.message.contains("schedule 2 failed"))
        #expect(
            error.message.contains(
                "step 3: after(0.1) #3, scheduled at t=0.000s from main, ran before actor job 1 #4, which had been due "
                    + "since t=0.000s"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func theReportNamesTasksInItsWordsAndTimeline() async throws {
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreAll { mock in
                    try await AsyncOrderingBug.all[0].run(mock, true)
                }
            })
        let description = error.description
        #expect(description.contains("ran before"))
        #expect(description.contains("task 1 @MainActor"))
        #expect(description.contains("┌ task 2"))
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aSynchronousBodyInAnAsyncTestRunsTheSynchronousForm() async throws {
        let report = try await MockDispatchable.exploreAll { mock in
            for _ in 0..<3 { mock.offload {} }
            try mock.runUntilIdle()
        }
        #expect(report.distinctSchedules == 6)
        #expect(report.isExhaustive)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func twoTasksHoppingToTheMainActorHaveTwoOrders() async throws {
        let orders = LockedOrders()
        let report = try await MockDispatchable.exploreAll { _ in
            let first = Task.detached { await MainActor.run { orders.append("first") } }
            let second = Task.detached { await MainActor.run { orders.append("second") } }
            _ = await (first.value, second.value)
            orders.endRun()
        }
        #expect(report.isExhaustive)
        #expect(Set(orders.runs) == [["first", "second"], ["second", "first"]])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime }) func sleepsTakeVirtualTimeNotRealTime()
        async throws
    {
        let seen = LockedOrders()
        let realTime = LockedOrders()
        try await MockDispatchable.replay("") { mock in
            let started = ContinuousClock.now
            defer { realTime.append("\(ContinuousClock.now - started < .seconds(1))") }
            try await Task.sleep(for: .seconds(5))
            seen.append("\(mock.now)")
            try await ContinuousClock().sleep(for: .milliseconds(300))
            seen.append("\(mock.now)")
            try await SuspendingClock().sleep(for: .seconds(1))
            seen.append("\(mock.now)")
            try await Task.sleep(nanoseconds: 200_000_000)
            seen.append("\(mock.now)")
        }
        #expect(seen.current == ["5.0", "5.3", "6.3", "6.5"])
        #expect(realTime.current == ["true"], "6.5 virtual seconds took under a real second")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime })
    func aSlowJobStillSleepsExactlyWhatItAskedFor()
        async throws
    {
        let seen = LockedOrders()
        try await MockDispatchable.replay("") { mock in
            usleep(20_000)  // the job works 20 ms of real time before it sleeps
            try await Task.sleep(for: .milliseconds(300))
            seen.append("\(mock.now)")
        }
        #expect(seen.current == ["0.3"])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aSleepsDelayIsTheRoundestDurationWithinItsBounds() {
        #expect(
            MockDispatchable.SleepDeadline.roundestWithStep(from: 299_990_000, to: 300_020_000).value
                == 300_000_000)
        #expect(
            MockDispatchable.SleepDeadline.roundestWithStep(from: 1_250_000_000, to: 1_250_000_400).value
                == 1_250_000_000)
        #expect(MockDispatchable.SleepDeadline.roundestWithStep(from: 1_500, to: 1_500).value == 1_500)
        #expect(MockDispatchable.SleepDeadline.roundestWithStep(from: 7, to: 8).value == 7)
        #expect(MockDispatchable.SleepDeadline.roundestWithStep(from: 0, to: 5).value == 0)
    }

    /// #33 D: a sleep keeps the reading an earlier run gave it while what a run measures allows it
    /// (a loaded machine widens the bounds: 0 to 11 ms for a 1 ms sleep), and is read afresh when
    /// it does not (the same job sleeping 10 ms now).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aSleepKeepsTheReadingAnEarlierRunGaveItWhileTheBoundsAllow() {
        typealias Reading = MockDispatchable.SleepReadings.Reading
        func within(_ low: Int64, _ high: Int64) -> (Reading) -> Bool {
            { $0.origin == 0 && low <= $0.duration && $0.duration <= high }
        }
        let delays = MockDispatchable.SleepReadings()
        let key = MockDispatchable.SleepReadings.Key(job: .job(3, ofTask: 2), sleep: 1)
        let oneMillisecond = Reading(duration: 1_000_000, origin: 0)
        let tenMilliseconds = Reading(duration: 10_000_000, origin: 0)
        #expect(delays.reading(for: key, fits: within(990_000, 1_010_000)) { oneMillisecond } == oneMillisecond)
        #expect(delays.reading(for: key, fits: within(0, 11_000_000)) { tenMilliseconds } == oneMillisecond)
        #expect(delays.reading(for: key, fits: within(9_990_000, 10_010_000)) { tenMilliseconds } == tenMilliseconds)
        let other = MockDispatchable.SleepReadings.Key(job: .job(3, ofTask: 2), sleep: 2)
        #expect(delays.reading(for: other, fits: within(0, 11_000_000)) { tenMilliseconds } == tenMilliseconds)
    }

    /// A run whose sleeper is held up before it sleeps until a deadline read in an earlier job (30
    /// ms, as a loaded machine under Thread Sanitizer did) wakes where the other runs did: alone,
    /// its reading would be 2.47 s after its own start, not 2.5 s after the body read the clock,
    /// but the exploration keeps the reading its first run gave the sleep while the held-up run's
    /// measurements allow it.
    ///
    /// Not under Thread Sanitizer (`make tsan` sets `TSAN_OPTIONS`): there the first run's own
    /// jobs may run long enough to make its reading inexact, and its schedule's next attempt is a
    /// held-up run; the premise, a first run that is not held up, cannot be arranged.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(
        .enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime },
        .enabled(if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil))
    func aSleeperHeldUpInOneRunWakesAtTheDeadlineOfTheOthers() async throws {
        let woke = try await wakeUpsWithASleeperHeldUpAfterTheFirstRun()
        #expect(woke == [2.5])
    }

    /// When the sleeper of every run but the first, held up 30 ms, woke.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func wakeUpsWithASleeperHeldUpAfterTheFirstRun() async throws -> Set<TimeInterval> {
        let woke = LockedValue<Set<TimeInterval>>([])
        let runs = LockedValue(0)
        let report = try await MockDispatchable.exploreAllTasks { mock in
            let isFirstRun = runs.mutate { runs in
                runs += 1
                return runs == 1
            }
            let deadline = SuspendingClock.now + .milliseconds(2_500)
            try await mock.sleep(for: 0.3)
            let sleeper = Task {
                if !isFirstRun {
                    let started = ContinuousClock.now
                    while started.duration(to: .now) < .milliseconds(30) {}
                }
                try await Task.sleep(until: deadline, clock: .suspending)
                inKeptRun { woke.mutate { _ = $0.insert(mock.now) } }
            }
            _ = await mock.performOffloaded { 1 }
            try await sleeper.value
        }
        #expect(report.schedulesRun > 1)
        return woke.value
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime }) func aTaskSleepRacesTheMocksTimers()
        async throws
    {
        let orders = LockedOrders()
        let report = try await MockDispatchable.exploreAll { mock in
            mock.after(0.5) { orders.append("timer") }
            try await Task.sleep(for: .milliseconds(500))
            orders.append("sleeper")
            try await Task.sleep(for: .seconds(1))
            orders.endRun()
        }
        #expect(report.isExhaustive)
        #expect(Set(orders.runs) == [["timer", "sleeper"]])
    }

    /// #33 D: a job that ran 30 ms of real time before it slept 1 ms. The sleep used to be read as
    /// the roundest duration since the job started (10 ms), and so, on a loaded machine, a
    /// schedule changed from run to run; it wakes 1 ms of virtual time on, before a 5 ms timer.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime }) func aSleepAfterALongJobKeepsItsOwnDuration()
        async throws
    {
        let orders = LockedOrders()
        let report = try await MockDispatchable.exploreAllTasks { mock in
            mock.after(0.005) { orders.append("timer") }
            let started = ContinuousClock.now
            while started.duration(to: .now) < .milliseconds(30) {}
            try await Task.sleep(for: .milliseconds(1))
            orders.append("sleeper at \(Int((mock.now * 1_000).rounded())) ms")
            try await Task.sleep(for: .seconds(1))
            orders.endRun()
        }
        #expect(report.isExhaustive)
        let runs = orders.runs
        #expect(runs.first == ["sleeper at 1 ms", "timer"], "ordinary order: \(runs)")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aContinuationNeverResumedIsADeadlockNamingTheTasks() async throws {
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.explore(schedules: 10) { _ in
                    let waiter = Task.detached {
                        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
                    }
                    await waiter.value
                }
            })
        #expect(error.message.contains("task 1 (the body)"))
        #expect(error.message.contains("task 2"))
        if await AsyncCaptureSupport.tellsDeadlocks {
            #expect(error.kind == .deadlock)
            #expect(error.schedule != nil)
        } else {
            // Where the public capture cannot tell a deadlock from a sleep or a hop it cannot see.
            #expect(error.kind == .unsupported)
            #expect(error.message.contains("or a deadlock"))
            #expect(error.message.contains("mock.clock"), "it says what to do")
        }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func workResumedFromARealThreadIsReportedAsNotDeterministic() async throws {
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.explore(schedules: 10) { mock in
                    // The block runs only once the body's job has ended, that is, once the task has
                    // suspended: the real thread resumes it after that (resumed before, the task
                    // would not suspend at all, and nothing would escape).
                    let suspended = LockedOrders()
                    mock.offload { suspended.append("suspended") }
                    await withCheckedContinuation { continuation in
                        Thread.detachNewThread {
                            while suspended.current.isEmpty { usleep(100) }
                            continuation.resume()
                        }
                    }
                }
            })
        #expect(error.kind == .nondeterministicBody)
        #expect(error.message.contains("resumed from outside"))
        #expect(error.message.contains("task 1"))
        #expect(error.schedule == nil)
        #if os(Linux)
            // libdispatch names a thread it does not own by a root queue's label: said so, not as a queue.
            #expect(error.message.contains("a thread of no queue of its own — a real thread"), "\(error.message)")
        #endif
    }

    /// An actor that bridges a `DispatchQueue` as its executor runs outside the run: reported as
    /// work resumed from outside it, the same every time — also when the queue is slow to run the
    /// job (200 ms late: it was a false deadlock once the run had waited 100 ms; 1.5 s late, as a
    /// loaded machine's queue ran it, it was a `.deadlock` after the 0.6 s arrival grace — issue #32:
    /// an exploration's first stuck run now waits 3 s).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(arguments: [0, 0.2, 1.5] as [TimeInterval])
    func anActorOnACustomExecutorIsReportedTheSameWayEveryTime(lateBy delay: TimeInterval) async throws {
        for attempt in 1...5 {
            let error = try #require(
                await #expect(throws: MockDispatchableError.self) {
                    try await MockDispatchable.explore(schedules: 10) { _ in
                        let database = QueueBackedDatabase(lateBy: delay)
                        await database.insert()
                    }
                })
            #expect(error.kind == .nondeterministicBody, "attempt \(attempt): \(error.message)")
            #expect(error.message.contains("task 1 @MainActor was resumed on a thread the run does not drive"))
            #expect(error.message.contains("custom executor"))
            #expect(error.message.contains("on the dispatch queue \"database\""), "the executor's queue, by name")
        }
    }

    /// A task the body left behind, sleeping, never wakes after its run: its sleep is on the run's
    /// virtual clock, and the run drops its jobs. Not under the public capture on this runtime:
    /// there `Task.sleep` passes the runtime's hooks (Swift 6.2 and later), and a left-behind
    /// task's sleep, begun while the run drains, is a real timer that wakes it on the real
    /// executors a second later (ExploringAsyncCode: "Scope"); an exploration that took longer than
    /// that (4.4 s, under Thread Sanitizer with every suite beside it) saw it tick here.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.enabled(if: !AsyncCaptureSupport.usesPublicCapture))
    func tasksTheBodyLeftBehindNeverRunAfterTheirRun() async throws {
        let ticks = LockedOrders()
        try await MockDispatchable.explore(schedules: 5) { _ in
            await Task.yield()
            Task {
                while true {
                    try await Task.sleep(for: .seconds(1))
                    ticks.append("tick")
                }
            }
        }
        let afterExploring = ticks.current.count
        try await Task.sleep(for: .milliseconds(50))
        #expect(ticks.current.count == afterExploring)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func otherTasksRunOnTheRealExecutorsMeanwhile() async throws {
        // A task outside the exploration, sleeping in real time and hopping to the main actor.
        let outside = Task.detached {
            var hops = 0
            for _ in 0..<20 {
                try await Task.sleep(for: .milliseconds(1))
                await MainActor.run { hops += 1 }
            }
            return hops
        }
        let report = try await MockDispatchable.exploreAll { mock in
            try await AsyncOrderingBug.all[2].run(mock, false)
        }
        #expect(report.isExhaustive)
        #expect(try await outside.value == 20)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func explorationsRunAtOnceGiveTheSameCounts() async throws {
        async let first = MockDispatchable.exploreAll { mock in try await AsyncOrderingBug.all[2].run(mock, false) }
        async let second = MockDispatchable.exploreAll { mock in try await AsyncOrderingBug.all[2].run(mock, false) }
        let (a, b) = try await (first, second)
        #expect(a.distinctSchedules == b.distinctSchedules)
        #expect(a.isExhaustive && b.isExhaustive)
    }

    /// The usual `withTimeout`: a deadline read in one job, slept on by a child task after virtual
    /// time moved on. The child wakes at the deadline's virtual time exactly, on every run and both
    /// clocks, so a failure that depends on it replays.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime })
    func aDeadlineTakenInOneJobAndSleptOnInAnotherIsExact() async throws {
        let exact: Set<String> = ["suspending at 2.5", "suspending at 5.0", "continuous at 5.0"]
        let (woke, ended) = try await wakeUpsAtDeadlinesReadEarlier()
        #expect(ended == ["5.0"], "the last deadline, exactly, in every run")
        // A woken task may run late (after the next timer), never early.
        #expect(woke.contains("suspending at 2.5"))
        #expect(woke.isSubset(of: exact))
    }

    /// Who woke when, and when the body ended, in the runs of a body whose children sleep until
    /// deadlines read before virtual time moved on.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private func wakeUpsAtDeadlinesReadEarlier() async throws -> (woke: Set<String>, ended: Set<String>) {
        let woke = LockedOrders()
        let ended = LockedOrders()
        try await MockDispatchable.exploreAll { mock in
            let continuous = ContinuousClock.now + .seconds(5)
            let suspending = SuspendingClock.now + .milliseconds(2_500)
            try await mock.sleep(for: 0.3)  // virtual time moves on before the children sleep
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await Task.sleep(until: suspending, clock: .suspending)
                    inKeptRun { woke.append("suspending at \(mock.now)") }
                }
                group.addTask {
                    try await Task.sleep(until: continuous, clock: .continuous)
                    inKeptRun { woke.append("continuous at \(mock.now)") }
                }
                try await group.waitForAll()
            }
            inKeptRun { ended.append("\(mock.now)") }
        }
        return (Set(woke.current), Set(ended.current))
    }

    /// The explorer gives the main actor back between schedules: a block posted to the main queue
    /// during the first run runs before the second (FIFO), not after the whole exploration.
    @MainActor
    @Test func theMainQueueRunsBetweenSchedules() async throws {
        let posted = LockedOrders()
        let seenAtStart = LockedOrders()
        let report = try await MockDispatchable.exploreAll { mock in
            seenAtStart.append(posted.current.isEmpty ? "not yet" : "ran")
            if seenAtStart.current.count == 1 { DispatchQueue.main.async { posted.append("ran") } }
            async let first = mock.performOffloaded { 1 }
            async let second = mock.performOffloaded { 2 }
            _ = await (first, second)
        }
        #expect(report.schedulesRun > 1)
        #expect(seenAtStart.current == ["not yet"] + Array(repeating: "ran", count: report.schedulesRun - 1))
    }

    @MainActor
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func worksFromAMainActorTest() async throws {
        let report = try await MockDispatchable.exploreAll { mock in
            try await AsyncOrderingBug.all[2].run(mock, false)
        }
        #expect(report.isExhaustive)
    }
}

/// Orders seen by runs, with a lock: bodies are `@Sendable`.
final class LockedOrders: @unchecked Sendable {
    // @unchecked: both arrays are read and written only with `lock` held.
    private let lock = NSLock()
    private var run: [String] = []
    private var finished: [[String]] = []

    func append(_ entry: String) { lock.withLock { run.append(entry) } }
    /// Keeps the run's entries as one run's, unless the explorer runs it again (see `inKeptRun`).
    func endRun() {
        let isKept = isKeptRun
        lock.withLock {
            if isKept { finished.append(run) }
            run = []
        }
    }
    var current: [String] { lock.withLock { run } }
    var runs: [[String]] { lock.withLock { finished } }
}

/// An actor whose executor is a serial `DispatchQueue`, as apps bridge a queue or a database
/// connection to an actor; `lateBy` delays every job, as a busy queue would.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
actor QueueBackedDatabase {
    private let executor: QueueExecutor
    private(set) var rows = 0

    init(lateBy delay: TimeInterval) { executor = QueueExecutor(lateBy: delay) }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func insert() { rows += 1 }

    final class QueueExecutor: SerialExecutor {
        private let queue = DispatchQueue(label: "database")
        private let delay: TimeInterval

        init(lateBy delay: TimeInterval) { self.delay = delay }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedSerialExecutor()
            queue.asyncAfter(deadline: .now() + delay) { job.runSynchronously(on: executor) }
        }
    }
}
