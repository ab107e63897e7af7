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

    // MARK: - Public capture

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// The public capture, installed once per process on its first exploration: the task
        /// executor a run's tasks prefer, and the global-enqueue hook.
        // joined: fileprivate
        nonisolated final class PublicCapture: RunCapture {
            let preferredExecutor = RunExecutor()

            static let shared = PublicCapture()

            private init() {
                Capture.installHooks()
                MainExecutorHook.install()
            }

            /// Where the runtime has the main-executor hook.
            var capturesMainActor: Bool { MainExecutorHook.isAvailable }

            var takesMainActorLookups: Bool { MainExecutorHook.isAvailable }

            /// Where it sees every hop and every sleep's start: the main-executor hook takes main-actor
            /// hops, and a sleep either reaches the runtime's sleep hooks (a timer of the run) or is
            /// recognised as it begins (the run is refused then). Elsewhere a run stuck waiting for a
            /// sleep looks like a deadlock.
            var tellsDeadlockFromSleep: Bool {
                capturesMainActor && (SleepHooks.sleepsReachTheHooks == true || recognisesUnseenSleeps)
            }

            /// Where the probe learned where a task in a sleep no public hook sees resumes
            /// (``UnseenSleep``; it learns only where sleeps pass no hook).
            var recognisesUnseenSleeps: Bool { UnseenSleep.isRecognised }

            func refusal(for escape: TaskInbox.Escape) -> String? {
                // A block queued on the main queue came from the run's main-actor code as surely.
                if escape.fromMainQueue, !capturesMainActor {
                    let came = escape.isBlock ? "was queued on the main queue" : "came back from the main actor"
                    return "\(escape.task) \(came): code of the run hopped to @MainActor, and "
                        + "this runtime gives the public capture no way to its main-actor jobs: it has no "
                        + "swift_task_getMainExecutor_hook (the runtimes of Swift 6.1 and later have it: macOS "
                        + "15.4, iOS 18.4 and later, Linux), and never calls swift_task_enqueueMainExecutor_hook "
                        + "for main-actor hops (swiftlang/swift #63104)"
                        + "\(MockDispatchable.mainExecutorHookTurnedOffNote). Keep @MainActor code out of the body "
                        + "here, or run the test on a system that has the hook."
                }
                if !escape.isBlock, Self.isSleepWakeUp(on: escape.queue) {
                    return "\(escape.task) was woken from outside the run\(escape.onQueue), the runtime's own: a "
                        + "Task.sleep (or a sleep of ContinuousClock or SuspendingClock). \(Self.unseenSleepCause)"
                }
                return nil
            }

            /// The refusal of a run whose task `task` suspended in a sleep no public hook sees.
            static func unseenSleepRefusal(_ task: String) -> String {
                "\(task) began a Task.sleep (or a sleep of ContinuousClock or SuspendingClock) that the run "
                    + "cannot see: the run stopped there, before it could go on in real time. "
                    + "\(unseenSleepCause)"
            }

            /// Why the public capture cannot see a sleep of this runtime, and what to do.
            private static let unseenSleepCause =
                "This runtime (Swift 6.2 and later: macOS 26, iOS 26 and later, Linux) hands a sleep's deadline "
                + "to its executor's scheduling (SchedulingExecutor, an SPI of 26.4), past every public hook, so "
                + "the public capture cannot put the sleep on virtual time (the Swift 6.0 and 6.1 runtimes of "
                + "macOS 15 and iOS 18 send sleeps through public hooks, and there they are explored). \(sleepAdvice)"

            /// What to do about a `Task.sleep` the public capture cannot see.
            static let sleepAdvice =
                "Inject the clock instead: code that takes `any Clock<Duration>` (ContinuousClock() in the app) gets "
                + "mock.clock in the test, whose sleeps are timers of the mock, explored on virtual time on every "
                + "platform; or sleep through the mock (dispatch.sleep(for:)). The executor-factory capture (Linux, "
                + "Swift 6.3) puts Task.sleep itself on virtual time."

            /// Whether work that came back from outside the run on `queue` was most likely a sleep's
            /// timer: where the runtime's sleeps pass no public hook, a sleep's wake-up comes from the
            /// runtime's own global queue ("Swift global concurrent queue" on Linux, the cooperative
            /// root queues on Apple's systems, or whichever queue the probe's own sleep woke on:
            /// ``UnseenSleep/wakeUpQueue``), where a run's other work never runs.
            private static func isSleepWakeUp(on queue: String?) -> Bool {
                guard SleepHooks.sleepsReachTheHooks != true, let queue else { return false }
                return queue == UnseenSleep.wakeUpQueue || queue == "Swift global concurrent queue"
                    || (queue.hasPrefix("com.apple.root.") && queue.hasSuffix(".cooperative"))
            }
        }

        /// The runtime's public `swift_task_getMainExecutor_hook` (found with `dlsym`): every lookup
        /// of the main actor's executor — a hop to `@MainActor` code, `MainActor.run`,
        /// `Task { @MainActor in }`, `MainActor.assumeIsolated` — asks it first. A lookup made on a
        /// thread that drives a run of the public capture, that is by the run's own code, gets the
        /// run's main executor (``RunMainExecutor``), so the run's main-actor work comes to the run;
        /// every other lookup of the process — other tests, the test framework — gets the real main
        /// executor, untouched. The runtime has the hook since Swift 6.1 (macOS 15.4, iOS 18.4 and
        /// later; the Linux toolchains of 6.1 and later), found with `dlsym` whatever the system's
        /// name; where it is absent (macOS 15.0–15.3, iOS 18.0–18.3) a run's main-actor work stays out
        /// of reach.
        // joined: fileprivate
        nonisolated enum MainExecutorHook {
            typealias Original = @convention(thin) () -> UnownedSerialExecutor
            typealias Hook = @convention(thin) (Original) -> UnownedSerialExecutor

            /// Whether the public capture takes a run's main-actor work through the hook: the runtime
            /// has it, and the environment does not turn it off (``isMainExecutorHookTurnedOff``).
            static let isAvailable: Bool = { !isMainExecutorHookTurnedOff && hook != nil }()

            /// The executor a run's main-actor work runs on.
            static let runMainExecutor = RunMainExecutor()

            /// Installs the hook where it is available, once per process.
            static func install() { installation }

            /// The runtime's hook variable (not kept: a pointer is not `Sendable`).
            private static var hook: UnsafeMutablePointer<Hook?>? {
                Capture.hook(Hook.self, named: "swift_task_getMainExecutor_hook")
            }
            /// A hook installed before ours, asked for every lookup not ours: read once, before ours
            /// replaces it.
            private static let previous = hook?.pointee

            /// Ours: the run's main executor for the run's code, the real one for everything else.
            private static let ours: Hook = { original in
                if let inbox = DrivingThread.inbox, inbox.takesMainActorLookups {
                    return runMainExecutor.asUnownedSerialExecutor()
                }
                if let previous { return previous(original) }
                return original()
            }

            private static let installation: Void = {
                guard isAvailable else { return }
                _ = (previous, runMainExecutor)
                hook?.pointee = ours
            }()

            /// Runs `job` on the real main executor (the main queue), past the hook.
            static func enqueueOnRealMainExecutor(_ job: UnownedJob) {
                MainActor.shared.enqueue(job)
            }
        }

        /// The main actor's executor as a run's own code sees it under the public capture (see
        /// ``MainExecutorHook``): it claims the run's main-actor jobs, which the run runs in its
        /// main-thread lane, on the main queue; a job of no open run (a task left over from a
        /// finished run) goes to the real main executor. Its isolation check is the real main
        /// executor's: the calling code runs on the main queue.
        // joined: fileprivate
        nonisolated final class RunMainExecutor: SerialExecutor, @unchecked Sendable {
            // @unchecked: no stored state.
            func enqueue(_ job: consuming ExecutorJob) {
                let job = UnownedJob(job)
                if !Capture.claim(job, isMainActor: true) { MainExecutorHook.enqueueOnRealMainExecutor(job) }
            }

            func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

            func checkIsolated() {
                precondition(
                    DispatchThread.isOnMainQueue,
                    "MockDispatchable: code that must run on the main actor runs outside the main queue")
            }
        }

        /// The runtime's public `swift_task_enqueueGlobal_hook` (found with `dlsym`, as
        /// swift-concurrency-extras does): unstructured tasks of a run enqueue here first.
        // joined: fileprivate
        nonisolated enum GlobalHook {
            typealias Original = @convention(thin) (UnownedJob) -> Void
            typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

            /// Installs the hook, once per process.
            static func install() { installation }

            /// The runtime's hook variable, read at every run (``reinstate()``): its address found
            /// once and kept, as an integer (a pointer is not `Sendable`).
            private static var hook: UnsafeMutablePointer<Hook?>? { Capture.hook(Hook.self, at: hookAddress) }
            private static let hookAddress = Capture.address(of: "swift_task_enqueueGlobal_hook")
            /// A hook installed before ours (swift-concurrency-extras'), called for jobs not ours:
            /// read once, before ours replaces it, so that no enqueue of the process takes a lock.
            private static let previous = hook?.pointee

            /// Ours: claims a run's jobs, passes every other on.
            private static let ours: Hook = { job, original in
                if Capture.claim(job, isMainActor: false) { return }
                if let previous { previous(job, original) } else { original(job) }
            }

            private static let installation: Void = {
                _ = previous
                hook?.pointee = ours
            }()

            /// Puts ours back where other code wrote another hook (or none) over it since it was
            /// installed; true if it had to. swift-concurrency-extras' `withMainSerialExecutor`
            /// writes its own (every job enqueued globally goes to the main actor) and, its getter
            /// reading ours as its own, leaves it installed when its scope ends.
            @discardableResult
            static func reinstate() -> Bool {
                guard let hook else { return false }
                install()
                if let current = hook.pointee,
                    unsafeBitCast(current, to: UnsafeRawPointer.self) == unsafeBitCast(ours, to: UnsafeRawPointer.self)
                {
                    return false
                }
                hook.pointee = ours
                replacementsFound.withLock { $0 += 1 }
                return true
            }

            /// How many times ``reinstate()`` has found another hook over ours. A run that sees the
            /// count change while it runs had its tasks' jobs sent elsewhere for a while, whichever
            /// exploration of the process put ours back (one starting beside it does, first thing).
            static var replacements: Int { replacementsFound.withLock { $0 } }

            private static let replacementsFound = Locked(0)
        }
    }

#endif
