import Foundation
import Testing

@testable import Dispatchable

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// The explorations of a `@MainActor` body are `@MainActor`, but code that bypasses the
        /// isolation — Swift 5-mode code, an Objective-C callback, an `unsafeBitCast` — can call them
        /// on a background thread. The synchronous forms used to trap there (`MainActor.assumeIsolated`
        /// around the body: SIGILL, and every test of the process with it); each child process calls
        /// every entry point of its kind so, one after the other, and reports what each did.
        @Suite("Hostile input: explorations called off the main actor (child processes)", .serialized, .tags(.hostile))
        struct OffMainActorExplorationTests {
            /// `explore`, both `exploreAll`s and `replay` throw `.mainActorRequired`, saying what to do,
            /// before any run; the process lives on.
            @Test func synchronousExplorationsCalledOnABackgroundThreadThrowInsteadOfTrapping() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        let outcomes = await OffMainActor.onABackgroundThread(OffMainActor.synchronousCalls)
                        let report = outcomes.map(\.description).joined(separator: "\n")
                        ChildProcess.expect(outcomes.map(\.call) == OffMainActor.names, report)
                        for outcome in outcomes {
                            ChildProcess.expect(outcome.bodyRuns.isEmpty, "a body ran:\n\(report)")
                            guard let error = outcome.error, error.kind == .mainActorRequired else {
                                ChildProcess.fail("not refused with .mainActorRequired:\n\(report)")
                            }
                            for words in [
                                outcome.call + "(", "No schedule ran", "MainActor.assumeIsolated", "MainActor.run",
                                "exploreTasks",
                            ] {
                                ChildProcess.expect(error.message.contains(words), "no \"\(words)\":\n\(report)")
                            }
                            // Ends with the timeline, empty: nothing ran.
                            let emptyTimeline = "MockDispatchable timeline — manual mode, now t=0.000s, 0 events"
                            ChildProcess.expect(error.description.contains(emptyTimeline), error.description)
                        }
                    }
                }
                ChildProcess.explain(result)
            }

            /// An `async` function hops to its actor itself, on entry, so casting the isolation of
            /// the `async` forms away does not take them off the main actor: called from a detached
            /// task, each runs its body on the main queue, as from a `@MainActor` test, and returns
            /// (where `@MainActor` async code is not explored, each throws `.unsupported`, as there).
            @Test func asyncExplorationsCalledFromADetachedTaskStillRunOnTheMainActor() async {
                let result = await #expect(processExitsWith: .success) {
                    await ChildProcess.run(within: 60) {
                        let outcomes = await Task.detached { await OffMainActor.asyncCalls() }.value
                        let report = outcomes.map(\.description).joined(separator: "\n")
                        ChildProcess.expect(outcomes.map(\.call) == OffMainActor.names, report)
                        for outcome in outcomes {
                            if AsyncCaptureSupport.exploresMainActorCode {
                                ChildProcess.expect(outcome.error == nil && outcome.other == nil, report)
                                ChildProcess.expect(
                                    !outcome.bodyRuns.isEmpty && !outcome.bodyRuns.contains(false), report)
                            } else {
                                ChildProcess.expect(outcome.error?.kind == .unsupported, report)
                                ChildProcess.expect(outcome.bodyRuns.isEmpty, report)
                            }
                        }
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

    /// The calls the exit tests make off the main actor, and what each did.
    private enum OffMainActor {
        typealias Body = @MainActor (MockDispatchable) throws -> Void
        typealias AsyncBody = @MainActor @Sendable (MockDispatchable) async throws -> Void

        static let names = ["explore", "exploreAll", "exploreAll", "replay"]

        /// What one entry point did: the error it threw (neither when it returned) and, for each
        /// run of its body, whether that run was on the main queue.
        struct Outcome: Sendable, CustomStringConvertible {
            let call: String
            let error: MockDispatchableError?
            let other: String?
            let bodyRuns: [Bool]

            var description: String {
                let ended =
                    error.map { "threw .\($0.kind): \($0.description)" } ?? other.map { "threw \($0)" } ?? "returned"
                return "\(call) \(ended) (body runs on the main queue: \(bodyRuns))"
            }
        }

        /// Two offloads: two schedules, replayed by "0/2". Notes whether each run is on the main queue.
        static func body(_ runs: LockedValue<[Bool]>, _ mock: MockDispatchable) throws {
            runs.mutate { $0.append(DispatchThread.isOnMainQueue) }
            mock.offload {}
            mock.offload {}
            try mock.runUntilIdle()
        }

        /// Runs `calls` on a `Thread` of its own: neither the main thread nor the main queue.
        static func onABackgroundThread(_ calls: @escaping @Sendable () -> [Outcome]) async -> [Outcome] {
            await withCheckedContinuation { continuation in
                Thread {
                    ChildProcess.expect(!DispatchThread.isOnMainQueue, "the thread is on the main queue")
                    continuation.resume(returning: calls())
                }.start()
            }
        }

        /// Each synchronous entry point, its isolation cast away, called on the calling thread.
        static func synchronousCalls() -> [Outcome] {
            let calls: [@MainActor (Body) throws -> Void] = [
                { _ = try MockDispatchable.explore(schedules: 10, $0) },
                { _ = try MockDispatchable.exploreAll(limit: 10, $0) },
                { _ = try MockDispatchable.exploreAll(limit: 10, shard: .init(1, of: 2), $0) },
                { _ = try MockDispatchable.replay("0/2", $0) },
            ]
            return zip(names, calls).map { name, isolated in
                let bypassed = unsafeBitCast(isolated, to: ((Body) throws -> Void).self)
                let runs = LockedValue<[Bool]>([])
                do {
                    try bypassed { try body(runs, $0) }
                    return Outcome(call: name, error: nil, other: nil, bodyRuns: runs.value)
                } catch let error as MockDispatchableError {
                    return Outcome(call: name, error: error, other: nil, bodyRuns: runs.value)
                } catch {
                    return Outcome(call: name, error: nil, other: "\(error)", bodyRuns: runs.value)
                }
            }
        }

        /// Each `async` entry point with a `@MainActor` body, its isolation cast away.
        static func asyncCalls() async -> [Outcome] {
            typealias Call = @Sendable (@escaping AsyncBody) async throws -> Void
            let calls: [@MainActor @Sendable (@escaping AsyncBody) async throws -> Void] = [
                { _ = try await MockDispatchable.explore(schedules: 10, $0) },
                { _ = try await MockDispatchable.exploreAll(limit: 10, $0) },
                { _ = try await MockDispatchable.exploreAll(limit: 10, shard: .init(1, of: 2), $0) },
                { _ = try await MockDispatchable.replay("0/2", $0) },
            ]
            var outcomes: [Outcome] = []
            for (name, isolated) in zip(names, calls) {
                let bypassed = unsafeBitCast(isolated, to: Call.self)
                let runs = LockedValue<[Bool]>([])
                do {
                    try await bypassed { try body(runs, $0) }
                    outcomes.append(Outcome(call: name, error: nil, other: nil, bodyRuns: runs.value))
                } catch let error as MockDispatchableError {
                    outcomes.append(Outcome(call: name, error: error, other: nil, bodyRuns: runs.value))
                } catch {
                    outcomes.append(Outcome(call: name, error: nil, other: "\(error)", bodyRuns: runs.value))
                }
            }
            return outcomes
        }
    }

#endif
