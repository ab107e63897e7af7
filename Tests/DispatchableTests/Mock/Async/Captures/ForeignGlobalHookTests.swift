import Foundation
import Testing

@testable import Dispatchable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// Issue #33 C: swift-concurrency-extras' `withMainSerialExecutor` writes its own
        /// `swift_task_enqueueGlobal_hook` over the explorer's (every job enqueued globally goes to
        /// the main actor) and, its getter reading the explorer's hook as its own, leaves its hook
        /// installed when its scope ends. A body that does so is refused with `.unsupported`
        /// naming the hook; the explorer's hook is put back, and the next exploration explores
        /// (before: the run's `Task {}`s became main-actor work and every later exploration of the
        /// process hung). A hook left by code outside any exploration is put back before a run. In a
        /// child process: while the body's hook is in place, every other exploration of the
        /// process would see its tasks sent to the main actor.
        @Suite(
            "Hostile input: code that replaces the global-enqueue hook (child processes)", .serialized, .tags(.hostile))
        struct ForeignGlobalHookTests {
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aBodyThatReplacesTheHookIsRefusedAndTheHookPutBack() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        let refused = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreAllTasks { _ in
                                await MainSerialHook.with { await TwoTasks.run() }
                            }
                        }
                        ChildProcess.expect(refused.kind == .unsupported, "\(refused.kind): \(refused.message)")
                        ChildProcess.expect(
                            refused.message.contains("swift_task_enqueueGlobal_hook"), refused.message)
                        ChildProcess.expect(!MainSerialHook.isInstalled, "the explorer's hook is back")
                        let report = try await MockDispatchable.exploreAllTasks { _ in await TwoTasks.run() }
                        ChildProcess.expect(report.isExhaustive && report.distinctSchedules > 1, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }

            /// The same body, and an exploration starting beside it — which puts the explorer's
            /// hook back first thing — before the run ends: still refused. (Under load the run once
            /// passed: the other exploration had put the hook back before the run looked.)
            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aBodyThatReplacesTheHookIsRefusedWhenAnotherExplorationPutsItBackFirst() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        let refused = await ChildProcess.error(MockDispatchableError.self) {
                            try await MockDispatchable.exploreAllTasks { _ in
                                await MainSerialHook.with { await TwoTasks.run() }
                                // What an exploration starting beside it (on any thread) does first.
                                MockDispatchable.GlobalHook.reinstate()
                            }
                        }
                        ChildProcess.expect(refused.kind == .unsupported, "\(refused.kind): \(refused.message)")
                        ChildProcess.expect(
                            refused.message.contains("swift_task_enqueueGlobal_hook"), refused.message)
                    }
                }
                ChildProcess.explain(result)
            }

            @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
            @Test func aHookLeftByEarlierCodeIsPutBackBeforeARun() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        _ = try await MockDispatchable.exploreAllTasks { _ in await TwoTasks.run() }
                        await MainSerialHook.with { await TwoTasks.run() }  // leaves its hook installed
                        ChildProcess.expect(MainSerialHook.isInstalled, "withMainSerialExecutor's hook stays")
                        let report = try await MockDispatchable.exploreAllTasks { _ in await TwoTasks.run() }
                        ChildProcess.expect(report.isExhaustive && report.distinctSchedules > 1, "\(report)")
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

    /// Two unstructured tasks, awaited: two schedules at least.
    enum TwoTasks {
        static func run() async {
            let a = Task {}
            let b = Task {}
            await a.value
            await b.value
        }
    }

    /// swift-concurrency-extras 1.4.3's `withMainSerialExecutor` (MainSerialExecutor.swift), as it
    /// is: its getter reads any hook as its own.
    enum MainSerialHook {
        private typealias Original = @convention(thin) (UnownedJob) -> Void
        private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

        private static var hook: UnsafeMutablePointer<Hook?> {
            dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")!.assumingMemoryBound(to: Hook?.self)
        }

        private static let mainSerial: Hook = { job, _ in MainActor.shared.enqueue(job) }

        private static var uncheckedUseMainSerialExecutor: Bool {
            get { hook.pointee != nil }
            set { hook.pointee = newValue ? mainSerial : nil }
        }

        /// Whether the hook in place is `withMainSerialExecutor`'s.
        static var isInstalled: Bool {
            guard let current = hook.pointee else { return false }
            return unsafeBitCast(current, to: UnsafeRawPointer.self)
                == unsafeBitCast(mainSerial, to: UnsafeRawPointer.self)
        }

        static func with(_ operation: () async throws -> Void) async rethrows {
            let didUseMainSerialExecutor = uncheckedUseMainSerialExecutor
            defer { uncheckedUseMainSerialExecutor = didUseMainSerialExecutor }
            uncheckedUseMainSerialExecutor = true
            try await operation()
        }
    }
#endif
