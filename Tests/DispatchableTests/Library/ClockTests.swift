import Foundation
import Testing

@testable import Dispatchable

/// Code that injects `any Clock<Duration>`: it sleeps and reads the time through the clock it is
/// given, never through `Task.sleep` or `Date()`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Reminder: Sendable {
    let clock: any Clock<Duration>
    let fired: LockedValue<[String]>

    func remind(_ what: String, after delay: Duration) async throws {
        try await clock.sleep(for: delay)
        fired.mutate { $0.append(what) }
    }
}

/// `mock.clock` in manual and immediate mode, and `GCD().clock`. Exploration of clock sleeps is in
/// `AsyncClockExplorationTests`, which `make unit-public` reruns with the public capture.
@Suite("Clocks: mock.clock and GCD().clock")
struct ClockTests {
    // MARK: Manual mode

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func anInjectedClocksSleepWakesWhenVirtualTimeReachesItsDeadlineNotBefore() async throws {
        let mock = MockDispatchable(mode: .manual)
        let fired = LockedValue<[String]>([])
        let reminder = Reminder(clock: mock.clock, fired: fired)
        let sleeper = Task { try await reminder.remind("stand up", after: .seconds(5)) }
        try await mock.waitForPendingWork(timeout: 30)
        try mock.advance(by: 4.999)
        #expect(fired.value == [])
        #expect(mock.pendingWork.map(\.dueTime) == [5])
        try mock.advance(by: 0.001)
        try await sleeper.value
        #expect(fired.value == ["stand up"])
        #expect(mock.now == 5)
        try mock.assertNoPendingWork()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func theAsyncAdvanceWaitsUntilTheClockSleeperHasRegistered() async throws {
        let mock = MockDispatchable(mode: .manual)
        let fired = LockedValue<[String]>([])
        let sleeper = Task { try await Reminder(clock: mock.clock, fired: fired).remind("tea", after: .seconds(3)) }
        try await mock.advance(by: 3, timeout: 30)  // no waitForPendingWork first: the sleep's enqueue resumes it
        try await sleeper.value
        #expect(fired.value == ["tea"])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func nowIsTheMocksVirtualTimeToTheNanosecond() throws {
        let mock = MockDispatchable(mode: .manual)
        let clock = mock.clock
        #expect(clock.now == .init(offset: .zero))
        #expect(clock.minimumResolution == .nanoseconds(1))
        for _ in 0..<3 { try mock.advance(by: 0.1) }
        #expect(clock.now.offset == .milliseconds(300))  // exactly: virtual time counts nanoseconds
        mock.offload(after: 1.5) {}
        try mock.runUntilIdle()
        #expect(clock.now == MockDispatchable.TestClock.Instant(offset: .milliseconds(1800)))
        #expect(mock.clock.now == clock.now)  // every copy reads the same mock
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func instantsAreDurationsSinceTheMockWasMade() {
        typealias Instant = MockDispatchable.TestClock.Instant
        let start = Instant(offset: .seconds(2))
        let later = start.advanced(by: .milliseconds(500))
        #expect(later.offset == .milliseconds(2500))
        #expect(start.duration(to: later) == .milliseconds(500))
        #expect(later - start == .milliseconds(500))
        #expect(start < later)
        #expect(start + .seconds(1) == Instant(offset: .seconds(3)))
        // A deadline is never early: a fraction of a nanosecond rounds up; before the mock is zero.
        #expect(Instant(offset: .nanoseconds(1) / 2).nanoseconds == 1)
        #expect(Instant(offset: .seconds(-1)).nanoseconds == 0)
        #expect(Instant(offset: .seconds(Int64.max)).nanoseconds == Int64.max)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func runUntilIdleWakesClockSleepersInDeadlineOrder() async throws {
        let mock = MockDispatchable(mode: .manual)
        let clock = mock.clock
        let count = 200
        let deadlines = (0..<count).map { index in Duration.milliseconds((index * 7919) % 1000 + 1) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for deadline in deadlines {
                group.addTask { try await clock.sleep(until: .init(offset: deadline), tolerance: nil) }
            }
            try await mock.waitForPendingWork(count: count, timeout: 30)
            try mock.runUntilIdle()
            try await group.waitForAll()
        }
        // The wake-ups ran in deadline order, each at its own deadline.
        let woke = mock.recorder.events.filter { $0.kind == .wake }.map(\.time)
        #expect(woke == deadlines.map { Double($0.components.attoseconds) / 1e18 }.sorted())
        #expect(woke.count == count)
        #expect(mock.now == woke.last)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func cancellingAClockSleeperThrowsAtOnceAndRemovesItsWakeUp() async throws {
        let mock = MockDispatchable(mode: .manual)
        let clock = mock.clock
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        try await mock.waitForPendingWork(timeout: 30)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        try mock.assertNoPendingWork()
        #expect(mock.now == 0)
        #expect(mock.recorder.timeline.contains("× cancelled after(10)"))

        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(10))
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
        try mock.assertNoPendingWork()
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func theSleepShowsInTheTimelineAndPendingWork() async throws {
        let mock = MockDispatchable(mode: .manual)
        let clock = mock.clock
        let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
        try await mock.waitForPendingWork(timeout: 30)
        let pending = try #require(mock.pendingWork.first)
        #expect(pending.isSleep)
        #expect(pending.thread == .after(2))
        #expect(pending.name == "after(2) wake-up #1")
        try mock.runNextMain()  // a wake-up is main-lane work that needs no main actor
        try await sleeper.value
        let timeline = mock.recorder.timeline
        #expect(timeline.contains("+ queued after(2) #1"), "\(timeline)")
        #expect(timeline.contains("⏰ woke after(2) #1"), "\(timeline)")
        #expect(mock.now == 2)
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aDeadlineNotAfterNowReturnsAtOnceWithNothingQueued() async throws {
        let mock = MockDispatchable(mode: .manual)
        try mock.advance(by: 1)
        let clock = mock.clock
        try await clock.sleep(until: clock.now, tolerance: nil)
        try await clock.sleep(for: .seconds(-5))
        try await clock.sleep(until: .init(offset: .milliseconds(500)), tolerance: nil)
        try mock.assertNoPendingWork()
        #expect(mock.now == 1)
        #expect(mock.recorder.events.map(\.kind) == [.wake, .wake, .wake])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aDeadlineAtLeastNeverDelayAwayIsNeverDueAndSleepsUntilCancelled() async throws {
        let mock = MockDispatchable(mode: .manual)
        let clock = mock.clock
        let sleeper = Task { try await clock.sleep(for: .seconds(GCD.neverDelay)) }
        try await mock.waitForPendingWork(timeout: 30)
        #expect(mock.pendingWork.map(\.dueTime) == [.infinity])
        try mock.runUntilIdle()
        #expect(mock.pendingWork.count == 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        try mock.assertNoPendingWork()
    }

    // MARK: Immediate mode

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func immediateModeClockSleepsReturnAtOnce() async throws {
        let mock = MockDispatchable()
        try await mock.clock.sleep(for: .seconds(3600))
        #expect(mock.now == 0)
        #expect(mock.recorder.events.map(\.kind) == [.wake])
        #expect(mock.recorder.events.first?.thread == .after(3600))
    }

    // MARK: GCD, real time

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func gcdClockReadsTheUptimeClockThatNowReads() throws {
        let before = DispatchTime.now().uptimeNanoseconds
        let instant = GCD().clock.now
        let after = DispatchTime.now().uptimeNanoseconds
        // A `SuspendingClock.Instant`'s one stored property is its time since the clock's zero.
        try #require(MemoryLayout<SuspendingClock.Instant>.size == MemoryLayout<Duration>.size)
        let reading = unsafeBitCast(instant, to: Duration.self).components
        let nanoseconds = UInt64(reading.seconds) * 1_000_000_000 + UInt64(reading.attoseconds / 1_000_000_000)
        #expect(before <= nanoseconds && nanoseconds <= after, "\(before) ≤ \(nanoseconds) ≤ \(after)")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func gcdClockSleepsOnRealTimeNeverEarly() async throws {
        let clock: any Clock<Duration> = GCD().clock
        let start = GCD().now
        try await clock.sleep(for: .milliseconds(50))
        #expect(GCD().now - start >= 0.05)
    }
}
