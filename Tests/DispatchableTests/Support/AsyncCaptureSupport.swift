import Foundation

/// Which capture this test process's async explorations use. `@MainActor` async code is explored
/// only where the standard library's executor-factory SPI compiles (Linux toolchains of Swift 6.3;
/// the mock's `MockAsyncExploration` part has the same fence) and the environment variable
/// `DISPATCHABLE_ASYNC_CAPTURE=public` does not turn it off. Elsewhere the `@MainActor` forms of
/// `explore`, `exploreAll` and `replay` throw `.unsupported`, and `exploreTasks` & co. use the
/// public capture. `make test` runs the async suites both ways.
enum AsyncCaptureSupport {
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        static let hasExecutorFactory = true
    #else
        static let hasExecutorFactory = false
    #endif

    static var isPublicCaptureForced: Bool {
        ProcessInfo.processInfo.environment["DISPATCHABLE_ASYNC_CAPTURE"] == "public"
    }

    static var exploresMainActorCode: Bool { hasExecutorFactory && !isPublicCaptureForced }

    /// Whether `exploreTasks` & co. use the public capture (task-executor preference and the global hook).
    static var usesPublicCapture: Bool { !exploresMainActorCode }
}
