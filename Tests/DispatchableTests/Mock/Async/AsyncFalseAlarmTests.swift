import Foundation
import Testing

@testable import Dispatchable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue #33: real async tests from real packages, explored, reported orders that real Swift
/// concurrency cannot produce. Each test here is the minimal form of one false alarm; `make test`
/// runs the suite with both captures (its name matches `Async`).
@Suite("Async exploration raises no false alarm on real code (#33)")
struct AsyncFalseAlarmTests {
    /// A: the closure of `withUnsafeContinuation` runs at once, in the job that calls it, as the
    /// runtime runs it; code holds a lock across it (swift-async-algorithms' `merge`: "the closure
    /// is guaranteed to be run straight away"). An explorer that suspends the task on entry to the
    /// nonisolated function lets the other task block the driving thread on the lock.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aLockHeldAcrossWithUnsafeContinuationNeverBlocksTheRun() async throws {
        for form in LockAcrossContinuation.Form.allCases {
            let report = try await MockDispatchable.exploreAllTasks { _ in try await LockAcrossContinuation.run(form) }
            #expect(report.isExhaustive, "\(form)")
            #expect(report.distinctSchedules > 1, "\(form)")
        }
    }

    /// A body that steps its mock's main-actor work synchronously (`runUntilIdle()`), as a
    /// manual-mode test under DispatchableTesting's traits does: explored where a run can reach the
    /// main queue (the stepped work runs there, the job waiting for it); refused with `.unsupported`
    /// — no schedule, not a failure — under the public capture without the main-executor hook, whose
    /// runs never touch it (before: every schedule "failed" with the mock's `.mainActorRequired`, a
    /// false alarm about the body).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aBodySteppingMainWorkIsExploredOrRefusedNeverFailed() async throws {
        let body: @Sendable (MockDispatchable) async throws -> Void = { mock in
            mock.offload { mock.main {} }
            try mock.runUntilIdle()
        }
        if AsyncCaptureSupport.exploresMainActorCode {
            let report = try await MockDispatchable.exploreAllTasks(body)
            #expect(report.isExhaustive)
        } else {
            let error = await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreAllTasks(body)
            }
            #expect(error?.kind == .unsupported, "\(error?.message ?? "")")
            #expect(error?.schedule == nil)
        }
    }

    /// A, seen from inside: a `Task {}` that calls nonisolated async functions that do not suspend
    /// runs in one job, so no other task's code comes between its first line and its last in any
    /// schedule; a task that does suspend (`Task.yield()`) is still interleaved there.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aNonisolatedCallThatDoesNotSuspendStaysInItsJob() async throws {
        let seen = try await interleavings(suspending: false)
        #expect(seen.count > 1, "\(seen)")
        for run in seen {
            #expect(run.firstIndex(of: "a>") == run.firstIndex(of: "a<")! + 1, "\(run)")
            #expect(run.firstIndex(of: "b>") == run.firstIndex(of: "b<")! + 1, "\(run)")
        }
        let suspending = try await interleavings(suspending: true)
        #expect(suspending.contains(["a<", "b<", "b>", "a>"]), "\(suspending)")
    }

    /// Every order in which two `Task {}`s' first and last lines ran, over every schedule; task a
    /// yields between them when `suspending`.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func interleavings(suspending: Bool) async throws -> Set<[String]> {
        let seen = LockedOrders()
        let report = try await MockDispatchable.exploreAllTasks { _ in
            let a = Task {
                seen.append("a<")
                let one = await withUnsafeContinuation { $0.resume(returning: 1) }
                if suspending { await Task.yield() }
                guard await nonisolatedAdd(one, 1) == 2 else { return }
                seen.append("a>")
            }
            let b = Task {
                seen.append("b<")
                _ = await nonisolatedAdd(2, 2)
                seen.append("b>")
            }
            await a.value
            await b.value
            seen.endRun()
        }
        #expect(report.isExhaustive)
        return Set(seen.runs)
    }

    /// B: three tasks park continuations in a `Dictionary`, whose iteration order follows its
    /// storage's heap address, run to run; the body resumes them in that order. Given the order
    /// of its jobs the body is deterministic: exploring and replaying it must not call it
    /// nondeterministic, however the heap falls (20 explorations in a row).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func continuationsResumedInDictionaryOrderExploreAsOneBody() async throws {
        for _ in 0..<20 {
            let report = try await MockDispatchable.exploreAllTasks(limit: 2_000) { _ in
                try await DictionaryOfWaiters.run()
            }
            #expect(report.isExhaustive, "\(report)")
            #expect(report.distinctSchedules > 1)
        }
    }

    /// B, replayed: a schedule recorded in one run of the body replays in another, whatever order
    /// the dictionary resumes its continuations in there.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aScheduleOfDictionaryOrderReplays() async throws {
        let resumed = LockedOrders()
        let found = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks(limit: 2_000) { _ in
                let order = try await DictionaryOfWaiters.run()
                // Fails where waiter 2 was the first to go on: a schedule that names a task.
                if order.first == 2 { throw InvariantBroken("waiter 2 went first: \(order)") }
            }
        }
        #expect(found?.kind == .scheduleFailed, "\(found?.message ?? "")")
        let schedule = try #require(found?.schedule)
        for _ in 0..<10 {
            let replayed = await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.replayTasks(schedule) { _ in
                    let order = try await DictionaryOfWaiters.run()
                    resumed.append("\(order)")
                    if order.first == 2 { throw InvariantBroken("waiter 2 went first: \(order)") }
                }
            }
            #expect(replayed?.kind == .scheduleFailed, "\(replayed?.message ?? "")")
            #expect(replayed?.schedule == schedule)
        }
    }

    /// A body whose candidates do differ, run to run (state shared across runs), is not
    /// deterministic, and the error names what appeared and what vanished: by count, and where the
    /// count is the same.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aBodyThatIsNotDeterministicIsToldWhatDiffered() async throws {
        let moreTasks = LockedValue(0)
        let more = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks { _ in
                let extra = moreTasks.mutate { runs in
                    runs += 1
                    return runs - 1
                }
                let tasks = (0...extra + 1).map { _ in Task {} }
                for task in tasks { await task.value }
            }
        }
        #expect(more?.kind == .nondeterministicBody)
        #expect(more?.message.contains("task 4's job 1 appeared") == true, "\(more?.message ?? "")")
        #expect(more?.message.contains("offers 3 choices (task 2's job 1, task 3's job 1 and task 4's job 1)") == true)

        let otherWork = LockedValue(0)
        let other = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreAllTasks { mock in
                let run = otherWork.mutate { runs in
                    runs += 1
                    return runs
                }
                let task = Task {}
                if run == 1 { mock.offload {} } else { Task {} }
                await task.value
            }
        }
        #expect(other?.kind == .nondeterministicBody)
        #expect(other?.message.contains("task 3's job 1 appeared, item #3 vanished") == true, "\(other?.message ?? "")")
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private func nonisolatedAdd(_ a: Int, _ b: Int) async -> Int { a + b }

/// A pthread mutex and what it guards, as swift-async-algorithms' `merge` keeps its state: task a
/// takes the lock and releases it inside `withUnsafeContinuation`'s closure, which the runtime runs
/// at once; task b and the body take it to resume what a parked, or to leave word that a need
/// not wait, whichever comes first.
final class LockAcrossContinuation: @unchecked Sendable {
    // @unchecked: `waiter` and `resumed` are read and written only with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var waiter: UnsafeContinuation<Void, Never>?
    private var resumed = false

    /// Where task a calls `withUnsafeContinuation`: in its own closure, or in a nonisolated async
    /// function of its own.
    enum Form: CaseIterable {
        case direct, throughANonisolatedFunction
    }

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func acquire() { pthread_mutex_lock(mutex) }
    func release() { pthread_mutex_unlock(mutex) }

    /// What task a does inside `withUnsafeContinuation`, holding the lock: parks, or goes on at once
    /// if it has been resumed already, and releases the lock.
    func parkHoldingTheLock(_ continuation: UnsafeContinuation<Void, Never>) {
        if resumed {
            release()
            continuation.resume()
        } else {
            waiter = continuation
            release()
        }
    }

    /// `parkHoldingTheLock` from a nonisolated async function.
    func park() async {
        await withUnsafeContinuation { parkHoldingTheLock($0) }
    }

    /// Resumes the parked task, or leaves word that it need not wait.
    func resumeWaiter() {
        acquire()
        let parked = waiter
        waiter = nil
        resumed = true
        release()
        parked?.resume()
    }

    /// The issue's minimal form, with word left for a task that parks after it was resumed (else
    /// an order the runtime allows — b and the body both before a — would leave a waiting).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func run(_ form: Form = .direct) async throws {
        let box = LockAcrossContinuation()
        let a = Task {
            box.acquire()
            switch form {
            case .direct: await withUnsafeContinuation { box.parkHoldingTheLock($0) }
            case .throughANonisolatedFunction: await box.park()
            }
        }
        let b = Task { box.resumeWaiter() }
        await b.value
        box.resumeWaiter()
        await a.value
    }
}

/// Three waiters park continuations in a dictionary keyed by number; once all three wait, the body
/// resumes them in the dictionary's iteration order (its storage's address seeds its hashing).
final class DictionaryOfWaiters: @unchecked Sendable {
    // @unchecked: every `var` is read and written only with `lock` held.
    private let lock = NSLock()
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var allParked: CheckedContinuation<Void, Never>?
    private var order: [Int] = []

    private func park(_ number: Int, _ continuation: CheckedContinuation<Void, Never>) {
        let all: CheckedContinuation<Void, Never>? = lock.withLock {
            waiters[number] = continuation
            guard waiters.count == 3 else { return nil }
            defer { allParked = nil }
            return allParked
        }
        all?.resume()
    }

    private func waitForAll() async {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock {
                guard waiters.count < 3 else { return true }
                allParked = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func wentOn(_ number: Int) { lock.withLock { order.append(number) } }

    /// The issue's minimal form: returns the order in which the waiters went on.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @discardableResult
    static func run() async throws -> [Int] {
        let box = DictionaryOfWaiters()
        let tasks = (1...3).map { number in
            Task {
                await withCheckedContinuation { box.park(number, $0) }
                box.wentOn(number)
            }
        }
        await box.waitForAll()
        let parked = box.lock.withLock { box.waiters }
        for continuation in parked.values { continuation.resume() }
        for task in tasks { await task.value }
        let order = box.lock.withLock { box.order }
        guard order.count == 3 else { throw InvariantBroken("went on: \(order)") }
        return order
    }
}
