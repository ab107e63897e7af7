import Foundation
import Testing

@testable import Dispatchable

/// `mock.clock` in manual and immediate mode, and `GCD().clock`.
@Suite("Clocks: mock.clock and GCD().clock")
struct ClockTests {
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
