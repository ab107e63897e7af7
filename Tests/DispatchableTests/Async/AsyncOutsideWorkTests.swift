import Dispatch
import Foundation
import Testing

@testable import Dispatchable

/// Work of a run queued in its mock from outside the run — by code the run started that runs
/// elsewhere — is reported as work resumed from outside, the same way every time, however late it
/// arrives. (An actor on a serial `DispatchQueue` executor starts a `Task {}` that awaits
/// `performOffloaded`: the offload item came from the runtime's global queue, the run did not
/// notice, waited for a job that never came, and one exploration in three to six said
/// `.deadlock` instead.)
@Suite("Async exploration: work queued from outside the run")
struct AsyncOutsideWorkTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    final class QueueExecutor: SerialExecutor, @unchecked Sendable {
        // @unchecked: `queue` is immutable and thread-safe.
        let queue = DispatchQueue(label: "image-store")
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedSerialExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }
        func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
    }

    /// An actor on its own queue that loads through the mock, in a task it keeps in flight; the
    /// fixed twin reuses the task in flight.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    actor ImageStore {
        nonisolated let executor = QueueExecutor()
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        let dispatch: any Dispatchable
        let reuses: Bool
        var inFlight: [String: Task<Int, Never>] = [:]

        init(dispatch: any Dispatchable, reuses: Bool) {
            self.dispatch = dispatch
            self.reuses = reuses
        }

        func load(_ key: String) async -> Int {
            if reuses, let task = inFlight[key] { return await task.value }
            let task = Task { [dispatch] in await dispatch.performOffloaded { 1 } }
            inFlight[key] = task
            return await task.value
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func workQueuedFromOutsideIsTheSameVerdictEveryTime() async throws {
        var verdicts: [String: Int] = [:]
        for reuses in [false, true] {
            for seed in 1...3 {
                let error = await #expect(throws: MockDispatchableError.self) {
                    try await MockDispatchable.exploreTasks(schedules: 200, seed: seed) { mock in
                        let store = ImageStore(dispatch: mock, reuses: reuses)
                        async let later: Int = {
                            try? await mock.sleep(for: 0.1)
                            return await store.load("cat")
                        }()
                        _ = await store.load("cat")
                        _ = await later
                    }
                }
                verdicts[error.map { "\($0.kind)" } ?? "passed", default: 0] += 1
                #expect(error?.message.contains("outside") == true, "\(error?.message ?? "")")
            }
        }
        #expect(verdicts == ["nondeterministicBody": 6], "\(verdicts)")
    }
}
