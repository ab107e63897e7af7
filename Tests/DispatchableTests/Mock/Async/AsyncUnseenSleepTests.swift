import Foundation
import Testing

@testable import Dispatchable

/// A bare `Task.sleep` where the capture cannot see it — the public capture on the runtimes of
/// Swift 6.2 and later (macOS 26, iOS 26, Linux), whose sleeps pass no public hook — is refused by
/// name the moment the sleeping task suspends, whatever the sleep's length: the run stops there,
/// so the body never goes on in real time, and never passes or fails in an order that is not the
/// schedule's. (Where the capture sees sleeps, these tests do not apply: the executor factory, or a
/// runtime whose sleeps reach its public hooks, explores them on virtual time.)
@Suite(.enabled { await !AsyncCaptureSupport.tasksSleepOnVirtualTime })
struct AsyncUnseenSleepTests {
    /// The library learns, once per process, where a task in a sleep of this runtime resumes, and
    /// trusts it: two sleeps called from different places resume at the same point, a continuation
    /// elsewhere.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theProbeLearnsWhereASleepingTaskResumes() async {
        let reached = await MockDispatchable.SleepHooks.probe.value
        #expect(!reached, "these runtimes' sleeps pass no public hook")
        #expect(MockDispatchable.UnseenSleep.isRecognised)
        #expect(MockDispatchable.UnseenSleep.wakeUpQueue != nil, "the queue its own sleep woke on")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anHourLongSleepIsRefusedByNameAsItBegins() async throws {
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreTasks(schedules: 10) { _ in
                    let sleeper = Task { try? await Task.sleep(for: .seconds(3_600)) }
                    await sleeper.value
                }
            })
        #expect(error.kind == .unsupported)
        #expect(error.message.contains("task 2 began a Task.sleep"), "\(error.message)")
        #expect(error.message.contains("mock.clock"), "it says what to do: \(error.message)")
        #expect(!error.message.contains("the run is stuck"))
    }

    /// A detached task's sleep beside the mock's timers: the timers must not run on virtual time
    /// while the sleep runs on real time, which would show the body the wrong order.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theRunStopsAtTheSleepBeforeAnythingElseRuns() async throws {
        let seen = LockedOrders()
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 10) { mock in
                mock.after(1) { seen.append("after(1)") }
                mock.after(3) { seen.append("after(3)") }
                await Task.detached {
                    try? await Task.sleep(for: .seconds(3_600))
                    seen.append("woke")
                }.value
                seen.append("the body went on")
            }
        }
        #expect(error?.kind == .unsupported)
        #expect(error?.message.contains("task 2 began a Task.sleep") == true, "\(error?.message ?? "")")
        #expect(seen.current.isEmpty, "nothing ran after the sleep began: \(seen.current)")
    }

    /// A debounce whose task sleeps while the body waits for the run to be idle: the sleep is not
    /// taken for idleness, which would fail the fixed code and pass a buggy one in every schedule.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aDebounceSleepIsRefusedNotTakenForIdle() async throws {
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 50) { mock in
                let field = LockedOrders()
                Task {
                    try? await Task.sleep(for: .milliseconds(300))
                    field.append("searched")
                }
                mock.after(0.35) { field.append("cleared") }
                try await mock.waitUntilIdle()
                #expect(field.current == ["searched", "cleared"])
            }
        }
        #expect(error?.kind == .unsupported)
        #expect(error?.message.contains("Task.sleep") == true, "\(error?.message ?? "")")
    }

    /// Every way to sleep on the standard library's clocks is recognised.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(arguments: ["Task.sleep(nanoseconds:)", "Task.sleep(for:)", "SuspendingClock", "Task.sleep(until:clock:)"])
    func eachKindOfSleepIsRecognised(_ kind: String) async throws {
        let error = await #expect(throws: MockDispatchableError.self) {
            try await MockDispatchable.exploreTasks(schedules: 10) { _ in
                switch kind {
                case "Task.sleep(nanoseconds:)": try await Task.sleep(nanoseconds: 3_600_000_000_000)
                case "Task.sleep(for:)": try await Task.sleep(for: .seconds(3_600))
                case "SuspendingClock": try await SuspendingClock().sleep(for: .seconds(3_600))
                default: try await Task.sleep(until: .now + .seconds(3_600), clock: .continuous)
                }
            }
        }
        #expect(error?.kind == .unsupported)
        #expect(error?.message.contains("task 1 began a Task.sleep") == true, "\(error?.message ?? "")")
    }

    /// A continuation that a real thread resumes later is no sleep: it is not refused as one.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func aContinuationResumedLaterIsNoSleep() async throws {
        let error = await #expect(throws: (any Error).self) {
            try await MockDispatchable.exploreTasks(schedules: 10) { _ in
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { continuation.resume() }
                }
            }
        }
        let message = String(describing: error.map { $0 } as Any)
        #expect(!message.contains("began a Task.sleep"), "\(message)")
        #expect(message.contains("resumed from outside"), "\(message)")
    }
}
