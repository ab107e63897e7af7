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

    /// The store's loads, once directly and once after a 0.1 s sleep, explored with `seed`;
    /// `beforeTheFirstRun` is called at the start of the exploration's first run.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    static func exploreTwoLoads(
        reuses: Bool, seed: Int, beforeTheFirstRun: @escaping @Sendable () -> Void = {}
    ) async -> MockDispatchableError? {
        let isFirstRun = Locked(true)
        return await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 200, seed: seed) { mock in
                let isFirst = isFirstRun.withLock { first in
                    defer { first = false }
                    return first
                }
                if isFirst { beforeTheFirstRun() }
                let store = ImageStore(dispatch: mock, reuses: reuses)
                async let later: Int = {
                    try? await mock.sleep(for: 0.1)
                    return await store.load("cat")
                }()
                _ = await store.load("cat")
                _ = await later
            }
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func workQueuedFromOutsideIsTheSameVerdictEveryTime() async throws {
        var verdicts: [String: Int] = [:]
        var reports: [String] = []
        for reuses in [false, true] {
            for seed in 1...3 {
                let error = await Self.exploreTwoLoads(reuses: reuses, seed: seed)
                verdicts[error.map { "\($0.kind)" } ?? "passed", default: 0] += 1
                let verdict = error.map { "\($0.kind): \($0.message)" } ?? "passed"
                reports.append("reuses: \(reuses), seed \(seed): \(verdict)")
                #expect(error?.message.contains("outside") == true, "\(error?.message ?? "")")
            }
        }
        #expect(verdicts == ["nondeterministicBody": 6], "\(verdicts)\n\(reports.joined(separator: "\n"))")
    }

    /// While every thread of dispatch's global pools is busy for 4 s from the first run's start —
    /// longer than the first stuck run's 3 s wait — the task the actor starts cannot begin; the
    /// run waits for the pools to catch up before it decides, and says what it says on an idle
    /// machine. (Under Thread Sanitizer in the full parallel suite such a task waited more than
    /// 3 s: the run said it deadlocked, its replay passed, and the report was "not
    /// reproducible".) In a child process: the pools it keeps busy are the process's own, where
    /// every other test's tasks would wait behind them.
    @Test func workQueuedFromOutsideIsTheSameVerdictWhileThePoolsAreBusy() async throws {
        let child = try await ChildProcess.runTest("AsyncOutsideWorkBesideBusyPools")
        #expect(child.status == 0, "\(child.output)")
        #expect(child.output.contains("aBusyPoolDelaysTheVerdictWithoutChangingIt() passed"), "\(child.output)")
    }
}

/// Run only in a child test process (see ``ChildProcess/runTest(_:_:)``).
@Suite(.enabled(if: ChildProcess.isChild)) struct AsyncOutsideWorkBesideBusyPools {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aBusyPoolDelaysTheVerdictWithoutChangingIt() async throws {
        let error = await AsyncOutsideWorkTests.exploreTwoLoads(reuses: false, seed: 1) {
            let classes: [DispatchQoS.QoSClass] = [.background, .utility, .default, .userInitiated, .userInteractive]
            for qos in classes {
                for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
                    DispatchQueue.global(qos: qos).async {
                        let end = DispatchTime.now() + 4
                        while DispatchTime.now() < end {}
                    }
                }
            }
        }
        #expect(error?.kind == .nondeterministicBody, "\(error?.message ?? "passed")")
        #expect(error?.message.contains("outside") == true, "\(error?.message ?? "passed")")
    }
}
