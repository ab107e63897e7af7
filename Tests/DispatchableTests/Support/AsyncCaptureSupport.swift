import Foundation

@testable import Dispatchable

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Which capture this test process's async explorations use. `@MainActor` async code is explored
/// where the standard library's executor-factory SPI compiles (Linux toolchains of Swift 6.3;
/// the mock's `Async/AsyncExploration.swift` part has the same fence) and the environment variable
/// `DISPATCHABLE_ASYNC_CAPTURE=public` does not turn it off, and under the public capture where the
/// runtime has the main-executor hook. Elsewhere the `@MainActor` forms of `explore`, `exploreAll`
/// and `replay` throw `.unsupported`. `make test` runs the async suites with each capture.
enum AsyncCaptureSupport {
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        static let hasExecutorFactory = true
    #else
        static let hasExecutorFactory = false
    #endif

    static var isPublicCaptureForced: Bool {
        ProcessInfo.processInfo.environment["DISPATCHABLE_ASYNC_CAPTURE"]?.hasPrefix("public") == true
    }

    /// Whether the public capture reaches a run's main-actor work: the runtime has
    /// `swift_task_getMainExecutor_hook` (Swift 6.1 runtimes and later), and
    /// `DISPATCHABLE_ASYNC_CAPTURE=public-without-main-executor-hook` does not turn it off.
    static var hasMainExecutorHook: Bool {
        ProcessInfo.processInfo.environment["DISPATCHABLE_ASYNC_CAPTURE"] != "public-without-main-executor-hook"
            && dlsym(dlopen(nil, 0), "swift_task_getMainExecutor_hook") != nil
    }

    static var exploresMainActorCode: Bool {
        (hasExecutorFactory && !isPublicCaptureForced) || hasMainExecutorHook
    }

    /// Whether this runtime's `Task.sleep` reaches its public sleep hooks, as the library's probe
    /// found once per process: the standard library of Swift 6.0 and 6.1 (macOS 15, iOS 18) does;
    /// those of 6.2 and later (macOS 26, iOS 26, Linux's) do not.
    static var sleepsReachTheHooks: Bool {
        get async {
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return false }
            return await MockDispatchable.SleepHooks.probe.value
        }
    }

    /// Whether a bare `Task.sleep` of a run sleeps on virtual time: under the executor factory, and
    /// under the public capture where the runtime's sleeps reach its public hooks. Elsewhere the
    /// public capture refuses a run's sleep with `.unsupported` naming `Task.sleep`.
    static var tasksSleepOnVirtualTime: Bool {
        get async {
            if hasExecutorFactory && !isPublicCaptureForced { return true }
            return await sleepsReachTheHooks
        }
    }

    /// Whether the public capture recognises a sleep it cannot see as the sleeping task suspends
    /// (the library learns where such a task resumes, once per process), and refuses the run then.
    static var recognisesUnseenSleeps: Bool {
        get async {
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return false }
            return await probedPublicCapture().recognisesUnseenSleeps
        }
    }

    /// Whether a run that is stuck — nothing of it can run, the body not done — is reported as a
    /// deadlock: its capture sees every main-actor hop and every sleep's start. Else it is refused
    /// (`.unsupported`, "the run is stuck"), as it could be a sleep or a hop the capture cannot see.
    static var tellsDeadlocks: Bool {
        get async {
            guard usesPublicCapture else { return true }
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return false }
            return await probedPublicCapture().tellsDeadlockFromSleep
        }
    }

    /// The public capture, once the library's sleep probe has run (what it can see depends on it).
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private static func probedPublicCapture() async -> MockDispatchable.PublicCapture {
        _ = await MockDispatchable.SleepHooks.probe.value
        return .shared
    }

    /// Whether `exploreTasks` & co. use the public capture (task-executor preference and the global hook).
    static var usesPublicCapture: Bool { !hasExecutorFactory || isPublicCaptureForced }
}

/// Whether the async run the calling thread drives, if any, is one the explorer keeps: false for a
/// run that read a sleep inexactly off the real clock, which it runs again, what it did not kept.
var isKeptRun: Bool {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return true }
    return !MockDispatchable.isRunToBeRepeated
}

/// Records what a run saw, unless the explorer runs that run again (see `isKeptRun`): a test that
/// gathers what an exploration's runs saw, across them, sees the runs the exploration kept.
func inKeptRun(_ record: () -> Void) {
    if isKeptRun { record() }
}
