// MockDispatchable, part 18 of 24: Public capture.
//
// Edit the parts in Sources/Dispatchable/Mock; `make mock` joins them, in order, into the one
// file users copy, Mocks/MockDispatchable.swift (`make test` fails when that file is stale).
// Here, in the module, the part is compiled under `#if DEBUG` for `@testable import`; a line
// `// joined: fileprivate` (or `private`) gives the next declaration that access in the joined file.

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

    // MARK: - 18. Public capture

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// The public capture, installed once per process on its first exploration: the task
        /// executor a run's tasks prefer, and the global-enqueue hook.
        // joined: fileprivate
        nonisolated final class PublicCapture: Sendable {
            let runExecutor = RunExecutor()

            static let shared = PublicCapture()

            private init() { Capture.installHooks() }
        }

        /// The runtime's public `swift_task_enqueueGlobal_hook` (found with `dlsym`, as
        /// swift-concurrency-extras does): unstructured tasks of a run enqueue here first.
        // joined: fileprivate
        nonisolated enum GlobalHook {
            typealias Original = @convention(thin) (UnownedJob) -> Void
            typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

            /// Installs the hook, once per process.
            static func install() { installation }

            /// The runtime's hook variable (not kept: a pointer is not `Sendable`).
            private static var hook: UnsafeMutablePointer<Hook?>? {
                Capture.hook(Hook.self, named: "swift_task_enqueueGlobal_hook")
            }
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
                return true
            }
        }
    }

#endif
