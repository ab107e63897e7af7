#if DEBUG
    import Dispatch
    import Foundation
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    // MARK: - Unseen sleeps

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// Recognises a task of a run suspended in a sleep that no public hook sees — a `Task.sleep`
        /// (or a sleep of `ContinuousClock` or `SuspendingClock`) of the Swift 6.2 runtimes and
        /// later, which hand the sleep to their executor's scheduling — the moment its job returns,
        /// rather than when the sleep wakes on real time (or, for a long sleep, never within the
        /// run).
        ///
        /// A suspended task's job header holds where the task resumes (`ResumeTask`, the word after
        /// the header's voucher and reserved word: the layout lldb reads, fixed by the runtime's ABI).
        /// A task in a sleep resumes at the standard library's own resume point, whoever called the
        /// sleep. This learns those points once per process, by sleeping in tasks of its own whose
        /// first job it runs itself, and trusts them only if two sleeps made from different places
        /// resume at the same point and a continuation awaited in this file resumes elsewhere; if
        /// not, nothing is recognised, and such a sleep is refused when it wakes, as before.
        // joined: fileprivate
        nonisolated enum UnseenSleep {
            /// Where a suspended task resumes, as a byte offset into it (64-bit platforms).
            private static let resumeOffset = 7 * MemoryLayout<UInt>.size

            /// What the probe learned: the standard library's resume points of a sleep, and the
            /// label of the queue on which its sleeps wake; nil until ``learn()`` has run.
            private static let learned = Locked<Learned?>(nil)

            struct Learned: Sendable {
                var resumePoints: [UInt]
                var wakeUpQueue: String?
            }

            /// Whether a task of a run suspended in an unseen sleep is recognised when its job returns.
            static var isRecognised: Bool { !resumePoints.isEmpty }

            /// Where a task in a sleep of the standard library resumes; empty if not learned (or not
            /// trusted). A run reads them once, as it starts.
            static var resumePoints: [UInt] { learned.withLock { $0?.resumePoints ?? [] } }

            /// The label of the queue on which this runtime's sleeps woke in the probe, if it has one.
            static var wakeUpQueue: String? { learned.withLock { $0?.wakeUpQueue } }

            /// Whether `task` (a task's job, retained by the caller), whose job has just returned, is
            /// suspended in a sleep of the standard library: it resumes at one of `points`.
            static func isSleeping(_ task: UnsafeMutableRawPointer, resumingAtOneOf points: [UInt]) -> Bool {
                points.contains(UnsafeRawPointer(task).load(fromByteOffset: resumeOffset, as: UInt.self))
            }

            /// Learns the resume points and the wake-up queue, once per process, on a thread of its
            /// own (each probe task's first job runs there, synchronously). Called by the sleep probe
            /// where sleeps do not reach the runtime's hooks.
            static func learn() async {
                guard MemoryLayout<UInt>.size == 8 else { return }
                let found = await withCheckedContinuation { (continuation: CheckedContinuation<Learned, Never>) in
                    Thread.detachNewThread { continuation.resume(returning: probe()) }
                }
                learned.withLock { $0 = found }
            }

            private static func probe() -> Learned {
                let hour: UInt64 = 3_600_000_000_000
                let first = resumePoint { try? await Task.sleep(nanoseconds: hour) }
                let again = resumePoint {
                    let duration = hour
                    try? await Task.sleep(nanoseconds: duration)
                }
                let continuous = resumePoint { try? await Task.sleep(for: .seconds(3_600)) }
                let suspending = resumePoint { try? await SuspendingClock().sleep(for: .seconds(3_600)) }
                let deadline = resumePoint { try? await Task.sleep(until: .now + .seconds(3_600), clock: .continuous) }
                let parked = Locked<CheckedContinuation<Void, Never>?>(nil)
                let elsewhere = resumePoint {
                    await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
                }
                parked.withLock { $0.take()?.resume() }
                let wakeUpQueue = wakeUpQueueOfAShortSleep()
                guard let first, first == again, elsewhere != first else {
                    return Learned(resumePoints: [], wakeUpQueue: wakeUpQueue)
                }
                let points = [first, continuous, suspending, deadline].compactMap { $0 }.filter { $0 != elsewhere }
                return Learned(resumePoints: Array(Set(points)), wakeUpQueue: wakeUpQueue)
            }

            /// Where a task of its own resumes once its first job, which runs `body` up to its first
            /// suspension, has returned; nil if the job did not come (or the task did not suspend).
            /// The task is then cancelled, which ends a sleep at once.
            private static func resumePoint(of body: @escaping @Sendable () async -> Void) -> UInt? {
                let executor = ProbeExecutor()
                let task = Task(executorPreference: executor) { await body() }
                defer { task.cancel() }
                guard let job = executor.firstJob else { return nil }
                let header = unsafeBitCast(job, to: UnsafeRawPointer.self)
                let entry = header.load(fromByteOffset: resumeOffset, as: UInt.self)
                job.runSynchronously(on: executor.asUnownedTaskExecutor())
                let point = header.load(fromByteOffset: resumeOffset, as: UInt.self)
                return point == entry ? nil : point
            }

            /// The label of the queue a short sleep woke on: the queue that resumed its task. Long enough
            /// that the task has suspended when it wakes (a shorter one may wake before, and then the
            /// task does not suspend at all).
            private static func wakeUpQueueOfAShortSleep() -> String? {
                let executor = ProbeExecutor()
                let task = Task(executorPreference: executor) { try? await Task.sleep(nanoseconds: 20_000_000) }
                guard let job = executor.firstJob else { return nil }
                job.runSynchronously(on: executor.asUnownedTaskExecutor())
                _ = executor.resumed.wait(timeout: .now() + 2)
                return withExtendedLifetime(task) { executor.resumedOn.withLock { $0 } }
            }

            /// The executor a probe task prefers: it keeps the task's first job for the probe to run,
            /// and passes every later one (the task resumed) to the global executor, noting the label
            /// of the queue that resumed it.
            private final class ProbeExecutor: TaskExecutor, @unchecked Sendable {
                // @unchecked: its state is locked.
                private let first = Locked<UnownedJob?>(nil)
                private let started = Locked(false)
                let resumedOn = Locked<String?>(nil)
                let resumed = DispatchSemaphore(value: 0)

                /// The task's first job, enqueued while the task was made.
                var firstJob: UnownedJob? { first.withLock { $0.take() } }

                func enqueue(_ job: consuming ExecutorJob) {
                    let job = UnownedJob(job)
                    let isFirst = started.withLock { started in
                        defer { started = true }
                        return !started
                    }
                    if isFirst {
                        first.withLock { $0 = job }
                        return
                    }
                    let label = Capture.currentQueueLabel
                    resumedOn.withLock { $0 = $0 ?? label }
                    resumed.signal()
                    globalConcurrentExecutor.enqueue(ExecutorJob(job))
                }
            }
        }
    }

#endif
