/// Whether this build of the package explores `@MainActor` async code: only where the standard
/// library's executor-factory SPI compiles (Linux toolchains of Swift 6.3; the mock's
/// `MockAsyncExploration` part has the same fence). Elsewhere the `async` forms of `explore`,
/// `exploreAll` and `replay` throw `.unsupported`, which `AsyncSupportTests` checks.
enum AsyncCaptureSupport {
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        static let exploresMainActorCode = true
    #else
        static let exploresMainActorCode = false
    #endif
}
