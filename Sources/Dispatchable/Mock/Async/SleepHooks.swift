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
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    #endif

    // MARK: - The runtime's sleep hooks

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// The runtime's public `swift_task_enqueueGlobalWithDelay_hook` and
        /// `swift_task_enqueueGlobalWithDeadline_hook` (found with `dlsym`). The standard library of
        /// Swift 6.0 and 6.1 — the one macOS 15, iOS 18, tvOS 18, watchOS 11 and visionOS 2 ship —
        /// enqueues there the task that wakes a `Task.sleep`; a run's sleep that comes here becomes a
        /// timer on the run's virtual clock, under either capture. Swift 6.2 and later schedule sleeps
        /// on the executor instead, past these hooks, where only the executor factory sees them.
        /// Which of the two this runtime does is probed once, by a sleep of the probe's own
        /// (``probe``).
        // joined: fileprivate
        nonisolated enum SleepHooks {
            typealias DelayOriginal = @convention(thin) (UInt64, UnownedJob) -> Void
            typealias DelayHook = @convention(thin) (UInt64, UnownedJob, DelayOriginal) -> Void
            typealias DeadlineOriginal = @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob) -> Void
            typealias DeadlineHook =
                @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, DeadlineOriginal) -> Void

            /// Installs both hooks, once per process.
            static func install() { installation }

            /// Whether this runtime's `Task.sleep` reaches the hooks: nil until ``probe`` has run.
            static var sleepsReachTheHooks: Bool? { probed.withLock { $0 } }

            /// Finds out, once per process, whether this runtime's `Task.sleep` reaches the hooks.
            static let probe = Task<Bool, Never>.detached {
                install()
                await $isProbing.withValue(true) { _ = try? await Task.sleep(nanoseconds: 1) }
                let reached = probed.withLock { found in
                    let reached = found ?? false
                    found = reached
                    return reached
                }
                // Sleeps the hooks do not see: recognised as they begin, where the probe can learn how.
                if !reached { await UnseenSleep.learn() }
                return reached
            }

            /// The words for a `Task.sleep` as one cause of what a run under the public capture saw,
            /// in `subject`'s words (`a Task.sleep`); nothing where the runtime's sleeps reach the
            /// hooks, or are recognised as they begin (``UnseenSleep``), so that they cannot have been
            /// the cause.
            static func possibleCause(_ subject: String) -> String {
                guard sleepsReachTheHooks != true, !UnseenSleep.isRecognised else { return "" }
                return "\(subject) (this runtime schedules sleeps on the executor, as Swift 6.2 and later do, where "
                    + "no public hook sees them, so the public capture cannot put them on virtual time), "
            }

            @TaskLocal private static var isProbing = false
            private static let probed = Locked<Bool?>(nil)

            /// The runtime's hook variables (not kept: a pointer is not `Sendable`).
            private static var delayHook: UnsafeMutablePointer<DelayHook?>? {
                Capture.hook(DelayHook.self, named: "swift_task_enqueueGlobalWithDelay_hook")
            }
            private static var deadlineHook: UnsafeMutablePointer<DeadlineHook?>? {
                Capture.hook(DeadlineHook.self, named: "swift_task_enqueueGlobalWithDeadline_hook")
            }
            /// Hooks installed before ours (swift-concurrency-extras' or a test's), called for jobs not
            /// ours: read once, before ours replace them.
            private static let previousDelay = delayHook?.pointee
            private static let previousDeadline = deadlineHook?.pointee

            private static let installation: Void = {
                _ = (previousDelay, previousDeadline)
                delayHook?.pointee = { delay, job, original in
                    noteProbe()
                    if Capture.claim(job, isMainActor: false, after: TimeInterval(delay) / 1e9) { return }
                    if let previousDelay { previousDelay(delay, job, original) } else { original(delay, job) }
                }
                deadlineHook?.pointee = {
                    seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original in
                    noteProbe()
                    if let delay = delay(until: .seconds(seconds) + .nanoseconds(nanoseconds), on: clock),
                        Capture.claim(job, isMainActor: false, after: delay)
                    {
                        return
                    }
                    if let previousDeadline {
                        previousDeadline(
                            seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job, original)
                    } else {
                        original(seconds, nanoseconds, toleranceSeconds, toleranceNanoseconds, clock, job)
                    }
                }
            }()

            private static func noteProbe() {
                if isProbing { probed.withLock { $0 = true } }
            }

            /// The virtual delay of a deadline `sinceEpoch` after the epoch of the runtime's clock
            /// `clock` (1: continuous, 2: suspending); nil for another clock.
            private static func delay(until sinceEpoch: Duration, on clock: Int32) -> TimeInterval? {
                switch clock {
                case 1: return delay(until: epochs.continuous.advanced(by: sinceEpoch), clock: ContinuousClock())
                case 2: return delay(until: epochs.suspending.advanced(by: sinceEpoch), clock: SuspendingClock())
                default: return nil
                }
            }

            private static func delay<C: Clock>(until deadline: C.Instant, clock: C) -> TimeInterval {
                SleepDeadline.delay(until: deadline, clock: clock) ?? .infinity
            }

            /// The clocks' zeros, from which the runtime counts its deadlines (SE-0473's
            /// `systemEpoch`; spelled out for Swift 6.2, which lacks it, as the standard library
            /// defines it).
            private static let epochs: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant) = {
                #if compiler(>=6.3)
                    (ContinuousClock().systemEpoch, SuspendingClock().systemEpoch)
                #else
                    (
                        unsafeBitCast(Duration.zero, to: ContinuousClock.Instant.self),
                        unsafeBitCast(Duration.zero, to: SuspendingClock.Instant.self)
                    )
                #endif
            }()
        }

    }

#endif
