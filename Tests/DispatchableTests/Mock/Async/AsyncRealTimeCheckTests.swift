import Foundation
import Testing

@testable import Dispatchable

/// A failure is checked on real time before it is reported: a run whose clock moved is run again
/// with each move first waited in real time. Code that times a sleep with a real clock (`Date()`,
/// `ContinuousClock.now`) fails on virtual time only — the sleep passes, the clock stays — and is
/// refused as `.unsupported`, naming the clock and `mock.clock`; a failure that happens again is
/// reported as it is. `make unit-public` reruns the suite under the public capture: the sleeps go
/// through `mock.clock`, the mock's own timers under either capture.
@Suite("Exploration: failures checked on real time")
struct AsyncRealTimeCheckTests {
    struct TooShort: Error, CustomStringConvertible {
        let seconds: TimeInterval
        var description: String { "the sleep took \(seconds) s" }
    }

    struct Broken: Error {}

    /// The sleeps the bodies time: within the check's second of real time, and long enough that a
    /// run's own real time, even under Thread Sanitizer on a loaded machine, stays below them, so
    /// that on virtual time the body fails in every run.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    static let sleep: Duration = .milliseconds(900)
    static let seconds = 0.9

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func refusal(
        _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
    ) async throws -> MockDispatchableError {
        try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.exploreTasks(schedules: 20, seed: 1, body)
            })
    }

    @Test func aSleepTimedByTheContinuousClockIsRefusedNamingTheClock() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let error = try await refusal { mock in
            let start = ContinuousClock.now
            try await mock.clock.sleep(for: Self.sleep)
            let took = start.duration(to: .now)
            if took < Self.sleep { throw TooShort(seconds: took / .seconds(1)) }
        }
        #expect(error.kind == .unsupported, "\(error.message)")
        #expect(error.message.contains("schedule 1 fails on virtual time only"), "\(error.message)")
        #expect(error.message.contains("the body passed"), "\(error.message)")
        #expect(error.message.contains("`mock.clock`"), "\(error.message)")
        #expect(error.message.contains("the sleep took"), "the failure on virtual time, quoted: \(error.message)")
        #expect(error.schedule == nil, "no schedule to replay: none can be judged")
    }

    @Test func aSleepTimedByTheWallClockIsRefused() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let error = try await refusal { mock in
            let start = Date()
            try await mock.clock.sleep(for: Self.sleep)
            let took = Date().timeIntervalSince(start)
            if took < Self.seconds { throw TooShort(seconds: took) }
        }
        #expect(error.kind == .unsupported, "\(error.message)")
        #expect(error.message.contains("`Date()`"), "\(error.message)")
    }

    /// swift-metrics' `timerMeasure` and hummingbird's span-length tests, reduced: a bare
    /// `Task.sleep` timed by the clock it sleeps on.
    @Test(.enabled { await AsyncCaptureSupport.tasksSleepOnVirtualTime })
    func aTaskSleepTimedByItsOwnClockIsRefused() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let error = try await refusal { _ in
            let clock = ContinuousClock()
            let took = try await clock.measure { try await Task.sleep(for: Self.sleep) }
            if took < Self.sleep { throw TooShort(seconds: took / .seconds(1)) }
        }
        #expect(error.kind == .unsupported, "\(error.message)")
        #expect(error.message.contains("the body passed"), "\(error.message)")
    }

    /// On real time the body starts no tasks, so it reaches fewer choice points than the failing
    /// schedule has: it took another path.
    @Test func aPathChosenByTheRealClockIsRefusedAsAnotherPath() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let error = try await refusal { mock in
            let start = Date()
            try await mock.clock.sleep(for: Self.sleep)
            guard Date().timeIntervalSince(start) < Self.seconds else { return }
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<2 { group.addTask { _ = await mock.performOffloaded { 1 } } }
            }
            throw Broken()
        }
        #expect(error.kind == .unsupported, "\(error.message)")
        #expect(error.message.contains("the body took another path"), "\(error.message)")
    }

    @Test func aFailureAfterASleepThatHappensOnRealTimeIsReportedAsFound() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let error = try await refusal { mock in
            try await mock.clock.sleep(for: .milliseconds(10))
            throw Broken()
        }
        #expect(error.kind == .scheduleFailed, "\(error.message)")
        #expect(error.schedule == "", "ordinary order, replayable")
    }

    /// A replay (the `.replayed` trait's, and the deterministic one's) is checked the same way.
    @Test func aReplayTimedByTheRealClockIsRefused() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.replayTasks("") { mock in
                    let start = ContinuousClock.now
                    try await mock.clock.sleep(for: Self.sleep)
                    if start.duration(to: .now) < Self.sleep { throw TooShort(seconds: 0) }
                }
            })
        #expect(error.kind == .unsupported, "\(error.message)")
        #expect(error.message.contains("fails on virtual time only"), "\(error.message)")
    }

    /// The seam's delayed work passes on virtual time too: a synchronous exploration is checked
    /// the same way.
    @MainActor
    @Test func delayedWorkTimedByTheWallClockIsRefused() throws {
        let error = try #require(
            #expect(throws: MockDispatchableError.self) {
                try MockDispatchable.explore(schedules: 20, seed: 1) { mock in
                    let start = Date()
                    let took = LockedValue<TimeInterval?>(nil)
                    _ = mock.offload(after: Self.seconds) { took.value = Date().timeIntervalSince(start) }
                    try mock.runUntilIdle()
                    if let took = took.value, took < Self.seconds { throw TooShort(seconds: took) }
                }
            })
        #expect(error.kind == .unsupported, "\(error.message)")
        #expect(error.message.contains("fails on virtual time only"), "\(error.message)")
    }

    /// The search past the stall bound checks what it meets the same way: a failure that needs a
    /// long stall and a clock read gives no slow-work warning; one that needs only the stall does.
    @Test func theSearchPastTheStallBoundWarnsOnlyOfFailuresOnRealTime() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        func explore(readingTheClock: Bool) async throws -> MockDispatchable.ExplorationReport {
            try await MockDispatchable.exploreTasks(schedules: 50, seed: 1) { mock in
                let start = ContinuousClock.now
                let woke = LockedValue(false)
                let task = Task { woke.value }
                try await mock.clock.sleep(for: .milliseconds(500))
                woke.value = true
                // The task ran after the wake-up only if its job stalled 0.5 s, past the bound.
                guard await task.value else { return }
                if !readingTheClock || start.duration(to: .now) < .milliseconds(400) { throw Broken() }
            }
        }
        let clockOnly = try await explore(readingTheClock: true)
        #expect(clockOnly.slowWorkFailure == nil, "\(String(describing: clockOnly.slowWorkFailure))")
        let stallOnly = try await explore(readingTheClock: false)
        #expect(stallOnly.slowWorkFailure != nil, "the stall alone breaks it: a warning")
    }

    /// A body that fails before its clock moves is reported at once: there is nothing to pace.
    @Test func aFailureBeforeTheClockMovesIsNotRunAgain() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let runs = LockedValue(0)
        let error = try #require(
            await #expect(throws: MockDispatchableError.self) {
                try await MockDispatchable.replayTasks("") { _ in
                    runs.mutate { $0 += 1 }
                    throw Broken()
                }
            })
        #expect(error.kind == .scheduleFailed, "\(error.message)")
        #expect(runs.value == 1)
    }
}
