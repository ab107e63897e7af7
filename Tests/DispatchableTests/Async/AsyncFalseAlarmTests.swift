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

    /// The minimal form, with word left for a task that parks after it was resumed (else
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
