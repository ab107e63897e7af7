import Foundation
import Testing

@testable import Dispatchable

/// Priority escalation on Apple's runtimes: a job of higher priority that reaches a default actor
/// still scheduled makes the runtime enqueue a second processing job for it, a "stealer"
/// (`DefaultActorImpl::enqueue`), through `swift_task_enqueueGlobal`, on the thread of the task
/// that escalated — inside the run or outside it. A run holds a stealer beside the actor's queued
/// job and runs it right after that job (`ActorJobs`), so it is no choice point of its own.
///
/// Linux builds compile escalation out, so no stealer exists here, and none can be made: a job
/// laid out as the runtime's `ProcessOutOfLineJob` needs the runtime's own invoke function, which
/// is not exported (one written here, a C function, is not a valid async job invoke: the runtime's
/// tail call into it crashes). On Linux the tests below pin what a stealer must not change — the
/// schedules of an escalating body — and every actor job of every other async test passes through
/// the same bookkeeping; on a Mac (`apple.yml`, never run yet) the same count checks the stealers.
@Suite("Async escalation")
struct AsyncEscalationTests {
    /// A low-priority task on an actor, then a high-priority caller on the same actor: on Linux this
    /// body has the schedule count below, under either capture. On a Mac the count is the check
    /// that a real stealer is not an extra choice point; no Mac has run it yet.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func anEscalatedActorOffersTheSameSchedulesAsOnLinux() async throws {
        let report = try await MockDispatchable.exploreAllTasks { _ in
            let counter = Counter()
            let low = Task(priority: .background) { await counter.increment() }
            await Task(priority: .high) { await counter.increment() }.value
            await low.value
            #expect(await counter.value == 2)
        }
        #expect(report.isExhaustive)
        #expect(report.schedulesRun == 6, "schedules of the escalation body")
    }

    private actor Counter {
        var value = 0
        func increment() { value += 1 }
    }
}
