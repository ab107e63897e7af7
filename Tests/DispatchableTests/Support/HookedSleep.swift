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
        let enqueue = enqueueWithDelay
        await wakeUp { enqueue(nanoseconds, $0) }
    }

    /// The explorer reads the duration back in the hook, from the deadline: a thread stalled
    /// between reading the clock and the hand-over (preempted on a busy machine) makes that reading
    /// inexact, which the explorer notices, and runs the run again (see `SleepDeadline.slack`).
    ///
    /// - Parameter stall: real time spent between reading the clock and handing the sleep over: a
    ///   thread preempted there, as on a loaded machine.
    static func sleep(for duration: Duration, stalling stall: Duration = .zero) async {
        // The runtime's function is looked up before the clock is read, as the standard library's
        // is linked: a first lookup (`dlsym`, which waits for the loader's lock) between the two
        // would be a stall the real sleep does not have.
        let enqueue = enqueueWithDeadline
        // What the clock's `systemEpoch` (Swift 6.3) is: the instant the runtime counts from.
        let epoch = unsafeBitCast(Duration.zero, to: ContinuousClock.Instant.self)
        let read = ContinuousClock.now
        while read.duration(to: .now) < stall {}
        let (seconds, attoseconds) = epoch.duration(to: read + duration).components
        await wakeUp { enqueue(seconds, attoseconds / 1_000_000_000, 0, -1, 1, $0) }
    }

    /// Suspends until a new task resumes it, whose start `enqueue` hands to the runtime.
    private static func wakeUp(enqueuedBy enqueue: @escaping @Sendable (UnownedJob) -> Void) async {
        await withCheckedContinuation { continuation in
            Task(executorPreference: WakeUpExecutor(enqueuingFirstJob: enqueue)) { continuation.resume() }
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

    /// Passes the first job of the task that prefers it — the wake-up task's start — to
    /// `enqueueFirst`, and every later one (the task hopping to its preferred executor once it runs)
    /// to the global executor, where the real wake-up task, which prefers no executor, runs.
    private final class WakeUpExecutor: TaskExecutor {
        private let enqueueFirst: @Sendable (UnownedJob) -> Void
        private let started = LockedValue(false)

        init(enqueuingFirstJob enqueueFirst: @escaping @Sendable (UnownedJob) -> Void) {
            self.enqueueFirst = enqueueFirst
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let isFirst = started.mutate { started in
                defer { started = true }
                return !started
            }
            if isFirst { enqueueFirst(job) } else { HookedSleep.enqueueGlobal(job) }
        }
    }
}
