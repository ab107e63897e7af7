import Foundation

/// `Task.sleep` as the standard library of Swift 6.0 and 6.1 runs it — the one that macOS 15,
/// iOS 18, tvOS 18, watchOS 11 and visionOS 2 ship: a new task that resumes the sleeper, enqueued
/// with its delay (`sleep(nanoseconds:)`) or its deadline on the continuous clock
/// (`sleep(for:)`) through the runtime's `swift_task_enqueueGlobalWithDelay` or
/// `…WithDeadline`, whose public hooks the mock's captures install. Later standard libraries
/// (the Linux toolchain's, here) schedule that task on the executor instead, past the hooks, so
/// these show on Linux what exploring sleeps does on those systems. Not cancellable, unlike the
/// real one.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
enum HookedSleep {
    static func sleep(nanoseconds: UInt64) async {
        await withCheckedContinuation { continuation in
            Task(executorPreference: EnqueueWithDelay(nanoseconds: nanoseconds)) { continuation.resume() }
        }
    }

    static func sleep(for duration: Duration) async {
        let deadline = ContinuousClock.now.advanced(by: duration)
        await withCheckedContinuation { continuation in
            Task(executorPreference: EnqueueWithDeadline(deadline)) { continuation.resume() }
        }
    }

    /// The runtime's `swift_task_enqueueGlobal(job)`, where the global executor's jobs go through the
    /// public global-enqueue hook (`globalConcurrentExecutor` goes past it, from Swift 6.2 on).
    private static let enqueueGlobal = unsafeBitCast(
        runtimeFunction("swift_task_enqueueGlobal"), to: (@convention(thin) (UnownedJob) -> Void).self)

    /// The runtime's `swift_task_enqueueGlobalWithDelay(delay, job)`.
    private static let enqueueWithDelay = unsafeBitCast(
        runtimeFunction("swift_task_enqueueGlobalWithDelay"),
        to: (@convention(thin) (UInt64, UnownedJob) -> Void).self)

    /// The runtime's `swift_task_enqueueGlobalWithDeadline(sec, nsec, tolerance sec, tolerance
    /// nsec, clock, job)`; clock 1 is the continuous one, a tolerance of -1 ns none.
    private static let enqueueWithDeadline = unsafeBitCast(
        runtimeFunction("swift_task_enqueueGlobalWithDeadline"),
        to: (@convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void).self)

    private static func runtimeFunction(_ name: String) -> UnsafeMutableRawPointer {
        guard let address = dlsym(dlopen(nil, 0), name) else { fatalError("the runtime has no \(name)") }
        return address
    }

    /// Passes the first job of the task that prefers it — the wake-up task's start — to the runtime
    /// with a delay, and every later one (the task hopping to its preferred executor once it runs)
    /// to the global executor, where the real wake-up task, which prefers no executor, runs.
    private final class EnqueueWithDelay: TaskExecutor {
        let nanoseconds: UInt64
        let started = LockedValue(false)

        init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let isFirst = started.mutate { started in
                defer { started = true }
                return !started
            }
            guard isFirst else { return HookedSleep.enqueueGlobal(job) }
            HookedSleep.enqueueWithDelay(nanoseconds, job)
        }
    }

    /// The same, with a deadline.
    private final class EnqueueWithDeadline: TaskExecutor {
        let deadline: ContinuousClock.Instant
        let started = LockedValue(false)

        init(_ deadline: ContinuousClock.Instant) { self.deadline = deadline }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let isFirst = started.mutate { started in
                defer { started = true }
                return !started
            }
            guard isFirst else { return HookedSleep.enqueueGlobal(job) }
            // What the clock's `systemEpoch` (Swift 6.3) is: the instant the runtime counts from.
            let epoch = unsafeBitCast(Duration.zero, to: ContinuousClock.Instant.self)
            let (seconds, attoseconds) = epoch.duration(to: deadline).components
            HookedSleep.enqueueWithDeadline(seconds, attoseconds / 1_000_000_000, 0, -1, 1, job)
        }
    }
}
