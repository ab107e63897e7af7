import Foundation
import Testing

@testable import Dispatchable

/// What the `async` forms do where they cannot capture `@MainActor` jobs: Apple platforms (no SPI
/// in their SDKs), other toolchains, and Linux with `DISPATCHABLE_ASYNC_CAPTURE=public`. They
/// throw `.unsupported` naming what is missing — never a deadlock report, a hang or a single order.
@Suite("Async exploration: what each runtime allows")
struct AsyncCaptureTests {
    @MainActor
    @Test(.enabled(if: !AsyncCaptureSupport.exploresMainActorCode))
    func withoutTheExecutorFactoryTheAsyncFormsRefuseWithUnsupported() async {
        var ran = false
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.explore(schedules: 10) { _ in
                ran = true
                await Task.yield()
            }
        }
        #expect(error?.kind == .unsupported)
        #expect(error?.message.contains("swift_task_getMainExecutor_hook") == true, "it names what is missing")
        #expect(error?.message.contains("exploreTasks") == true, "it names the form that works here")
        #expect(!ran)
    }

    #if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))
        /// Set in a child process, so that parallel tests keep the SPI backend.
        /// What macOS 15.0–15.3 and iOS 18.0–18.3 get (their runtimes have no main-executor hook), shown here by
        /// turning the hook off.
        @Test func withoutTheMainExecutorHookThePublicCaptureRefusesMainActorBodies() async {
            let result = await #expect(processExitsWith: .success) {
                await ChildProcess.run {
                    setenv("DISPATCHABLE_ASYNC_CAPTURE", "public-without-main-executor-hook", 1)
                    for call in ["explore", "exploreAll", "replay"] {
                        let error = await ChildProcess.error(MockDispatchableError.self) {
                            let body: @MainActor @Sendable (MockDispatchable) async throws -> Void = { _ in
                                await Task.yield()
                            }
                            switch call {
                            case "explore": try await MockDispatchable.explore(schedules: 10, body)
                            case "exploreAll": try await MockDispatchable.exploreAll(body)
                            default: try await MockDispatchable.replay("", body)
                            }
                        }
                        ChildProcess.expect(error.kind == .unsupported, "\(call): kind \(error.kind)")
                        ChildProcess.expect(
                            error.message.contains("DISPATCHABLE_ASYNC_CAPTURE=public-without-main-executor-hook")
                                && error.message.contains("swift_task_getMainExecutor_hook")
                                && error.message.contains("exploreTasks"), "\(call): \(error.message)")
                    }
                }
            }
            ChildProcess.explain(result)
        }
    #endif
}
