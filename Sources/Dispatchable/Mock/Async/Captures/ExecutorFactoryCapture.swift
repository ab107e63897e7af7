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

    // MARK: - Executor-factory capture

    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
        nonisolated extension MockDispatchable {
            /// The executor-factory capture, installed once per process on its first exploration:
            /// forwarding wrappers around the real main and default executors (the standard
            /// library's executor factory), the global-enqueue hook, and the task executor that a
            /// run's tasks prefer, which also takes their sleeps. Each passes every job that is not a
            /// run's to what it replaced.
            // joined: fileprivate
            nonisolated final class ExecutorFactoryCapture: RunCapture {
                let previousDefault: any TaskExecutor
                let runExecutor: SchedulingRunExecutor

                static let shared = ExecutorFactoryCapture()

                var preferredExecutor: RunExecutor { runExecutor }

                /// Always: the interceptor of the main executor claims a run's main-actor jobs.
                var capturesMainActor: Bool { true }

                var takesMainActorLookups: Bool { false }

                /// Always: its run executor takes the run's sleeps, and its interceptors every hop.
                var tellsDeadlockFromSleep: Bool { true }

                /// Never needed: its run executor takes every sleep of the run.
                var recognisesUnseenSleeps: Bool { false }

                /// None: what comes back from outside was resumed there.
                func refusal(for escape: TaskInbox.Escape) -> String? { nil }

                private init() {
                    previousDefault = Task.defaultExecutor
                    runExecutor = SchedulingRunExecutor()
                    InterceptingFactory.handOff(
                        main: MainInterceptor(previous: MainActor.executor),
                        default: DefaultInterceptor(previous: previousDefault))
                    _createExecutors(factory: InterceptingFactory.self)
                    Capture.installHooks()
                }

                /// Schedules `job` at `instant` on `executor` if it can, else on the real default executor,
                /// else now.
                static func schedule<C: Clock>(
                    _ job: UnownedJob, on executor: any Executor, at instant: C.Instant, tolerance: C.Duration?,
                    clock: C
                ) {
                    if let scheduling = executor as? any SchedulingExecutor {
                        scheduling.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
                    } else if let scheduling = shared.previousDefault as? any SchedulingExecutor {
                        scheduling.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
                    } else {
                        executor.enqueue(ExecutorJob(job))
                    }
                }

                /// A sleep's job, due at `instant`: to its run, as a timer; if it belongs to none, to
                /// `executor` (the one the interceptor replaced).
                static func claimOrSchedule<C: Clock>(
                    _ job: UnownedJob, isMainActor: Bool, prefersRun: Bool = false, at instant: C.Instant,
                    tolerance: C.Duration?, clock: C, otherwise executor: any Executor
                ) {
                    let delay = SleepDeadline.delay(until: instant, clock: clock) ?? .infinity
                    if !Capture.claim(job, isMainActor: isMainActor, after: delay, prefersRun: prefersRun) {
                        schedule(job, on: executor, at: instant, tolerance: tolerance, clock: clock)
                    }
                }
            }

            /// The run executor of the executor-factory capture: it also takes the sleeps of the
            /// tasks that prefer it, which sleep on the run's virtual clock.
            // joined: fileprivate
            nonisolated final class SchedulingRunExecutor: RunExecutor, SchedulingExecutor, @unchecked Sendable {
                // @unchecked: no stored state, as its superclass.
                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    ExecutorFactoryCapture.claimOrSchedule(
                        UnownedJob(job), isMainActor: false, prefersRun: true, at: instant, tolerance: tolerance,
                        clock: clock, otherwise: ExecutorFactoryCapture.shared.previousDefault)
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
                ) {
                    enqueue(job, at: clock.now.advanced(by: delay), tolerance: tolerance, clock: clock)
                }
            }

            /// Wraps the real main executor: claims the main-actor jobs of a run, forwards every other.
            /// It keeps the real executor's identity, so isolation checks see the main actor as before.
            // joined: fileprivate
            nonisolated final class MainInterceptor: MainExecutor, SchedulingExecutor {
                private let replaced: any MainExecutor

                init(previous: any MainExecutor) { replaced = previous }

                /// The real main executor. The runtime hands this wrapper to other threads without a
                /// synchronisation the Thread Sanitizer sees, so what `init` stored is read after the
                /// hand-off's lock (a race report in CI otherwise, from an isolation check).
                var previous: any MainExecutor { InterceptingFactory.afterHandOff { replaced } }

                func enqueue(_ job: consuming ExecutorJob) {
                    let job = UnownedJob(job)
                    if !Capture.claim(job, isMainActor: true) { previous.enqueue(ExecutorJob(job)) }
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    ExecutorFactoryCapture.claimOrSchedule(
                        UnownedJob(job), isMainActor: true, at: instant, tolerance: tolerance, clock: clock,
                        otherwise: previous)
                }

                func run() throws { try previous.run() }
                func runUntil(_ condition: () -> Bool) throws { try previous.runUntil(condition) }
                func stop() { previous.stop() }
                func asUnownedSerialExecutor() -> UnownedSerialExecutor { previous.asUnownedSerialExecutor() }
                func checkIsolated() { previous.checkIsolated() }
                func isIsolatingCurrentContext() -> Bool? { previous.isIsolatingCurrentContext() }
            }

            /// Wraps the real default executor: claims the jobs of a run's unstructured tasks.
            // joined: fileprivate
            nonisolated final class DefaultInterceptor: TaskExecutor, SchedulingExecutor {
                private let replaced: any TaskExecutor

                init(previous: any TaskExecutor) { replaced = previous }

                /// The real default executor, read after the hand-off's lock (see `MainInterceptor`).
                var previous: any TaskExecutor { InterceptingFactory.afterHandOff { replaced } }

                func enqueue(_ job: consuming ExecutorJob) {
                    let job = UnownedJob(job)
                    if !Capture.claim(job, isMainActor: false) { previous.enqueue(ExecutorJob(job)) }
                }

                func enqueue<C: Clock>(
                    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
                ) {
                    ExecutorFactoryCapture.claimOrSchedule(
                        UnownedJob(job), isMainActor: false, at: instant, tolerance: tolerance, clock: clock,
                        otherwise: previous)
                }
            }

            /// The factory `_createExecutors` reads the wrappers from, once.
            // joined: fileprivate
            nonisolated enum InterceptingFactory: ExecutorFactory {
                private static let wrappers = Locked<(main: MainInterceptor, default: DefaultInterceptor)?>(nil)

                static func handOff(main: MainInterceptor, default: DefaultInterceptor) {
                    wrappers.withLock { $0 = (main, `default`) }
                }

                /// `read` with the hand-off's lock held: whatever the wrappers' initialisers stored
                /// happens before it, on any thread the runtime calls them from.
                static func afterHandOff<Value>(_ read: () -> Value) -> Value { wrappers.withLock { _ in read() } }

                static var mainExecutor: any MainExecutor { wrappers.withLock { $0!.main } }
                static var defaultExecutor: any TaskExecutor { wrappers.withLock { $0!.default } }
            }
        }
    #endif

#endif
