import Dispatch
import Foundation
import XCTest

@testable import Dispatchable

/// `GCD` on real queues, from XCTest synchronous tests (the main thread, whose run loop
/// `waitUntil` spins).
final class GCDTests: XCTestCase {
    func testOffloadRunsOffTheMainThread() throws {
        let ranOnMain = LockedValue<Bool?>(nil)
        GCD().offload { ranOnMain.value = Thread.isMainThread }
        try waitUntil(timeout: 30) { ranOnMain.value != nil }
        XCTAssertEqual(ranOnMain.value, false)
    }

    func testDefaultOffloadQueueIsTheUtilityGlobalQueue() {
        XCTAssertEqual(GCD().queue.label, DispatchQueue.global(qos: .utility).label)
        XCTAssertNotEqual(GCD().queue.label, DispatchQueue.global(qos: .userInitiated).label)
    }

    func testOffloadUsesTheGivenQueue() throws {
        let queue = DispatchQueue(label: "dispatchable.tests.custom")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "custom")
        let seen = LockedValue<String?>(nil)
        GCD(queue: queue).offload { seen.value = DispatchQueue.getSpecific(key: key) ?? "other" }
        try waitUntil(timeout: 30) { seen.value != nil }
        XCTAssertEqual(seen.value, "custom")
    }

    func testMainRunsOnTheMainThread() throws {
        let ranOnMain = LockedValue<Bool?>(nil)
        GCD().main { ranOnMain.value = Thread.isMainThread }
        XCTAssertNil(ranOnMain.value, "main work must not run synchronously")
        try waitUntil(timeout: 30) { ranOnMain.value != nil }
        XCTAssertEqual(ranOnMain.value, true)
    }

    func testAfterRunsOnTheMainThreadAndNotEarly() throws {
        let start = DispatchTime.now()
        let elapsed = LockedValue<TimeInterval?>(nil)
        let ranOnMain = LockedValue(false)
        GCD().after(0.2) {
            ranOnMain.value = Thread.isMainThread
            elapsed.value = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        }
        try waitUntil(timeout: 30) { elapsed.value != nil }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(elapsed.value), 0.2)
        XCTAssertTrue(ranOnMain.value)
    }

    func testCancelledAfterNeverRuns() throws {
        let ran = LockedValue(false)
        let token = GCD().after(0.05) { ran.value = true }
        token.cancel()
        let control = LockedValue(false)
        GCD().after(0.15) { control.value = true }
        try waitUntil(timeout: 30) { control.value }
        XCTAssertFalse(ran.value)
        XCTAssertTrue(token.isCancelled)
    }

    func testNegativeDelayRunsAsSoonAsPossible() throws {
        let ran = LockedValue(false)
        GCD().after(-10) { ran.value = true }
        let waited = try waitUntil(timeout: 30) { ran.value }
        XCTAssertLessThan(waited, 5)
    }

    func testInfiniteAndNaNDelaysNeverRun() throws {
        let ran = LockedValue(false)
        GCD().after(.infinity) { ran.value = true }
        GCD().after(.nan) { ran.value = true }
        GCD().after(1e300) { ran.value = true }
        let control = LockedValue(false)
        GCD().after(0.1) { control.value = true }
        try waitUntil(timeout: 30) { control.value }
        XCTAssertFalse(ran.value)
    }

    func testDeadlinesClampInsteadOfOverflowing() {
        XCTAssertNil(GCD.deadline(after: .nan))
        XCTAssertNil(GCD.deadline(after: .infinity))
        XCTAssertEqual(GCD.nanoseconds(-.infinity), 0)
        XCTAssertEqual(GCD.nanoseconds(-1), 0)
        XCTAssertEqual(GCD.nanoseconds(1.5), 1_500_000_000)
        XCTAssertNil(GCD.nanoseconds(.greatestFiniteMagnitude), "beyond ~31 years: never")
        XCTAssertNil(GCD.deadline(after: 1e10))
        XCTAssertEqual(GCD.nanoseconds(1e8), 100_000_000_000_000_000)
    }
}

/// `GCD` on real queues.
final class GCDClockAndDelayedOffloadTests: XCTestCase {
    func testNowIsMonotonicSeconds() throws {
        let first = GCD().now
        Thread.sleep(forTimeInterval: 0.01)
        let second = GCD().now
        XCTAssertGreaterThanOrEqual(second - first, 0.01)
        XCTAssertLessThan(second - first, 30)
    }

    func testDelayedOffloadRunsOnItsQueueNeverEarly() throws {
        let queue = DispatchQueue(label: "dispatchable.tests.delayed")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let start = GCD().now
        let seen = LockedValue<(elapsed: TimeInterval, onQueue: Bool)?>(nil)
        GCD(queue: queue).offload(after: 0.1) {
            seen.value = (GCD().now - start, DispatchQueue.getSpecific(key: key) == true)
        }
        try waitUntil(timeout: 30) { seen.value != nil }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(seen.value).elapsed, 0.1)
        XCTAssertTrue(try XCTUnwrap(seen.value).onQueue)
    }

    func testCancelledDelayedOffloadNeverRunsAndBadDelaysDoNotCrash() throws {
        let ran = LockedValue(false)
        GCD().offload(after: 0.05) { ran.value = true }.cancel()
        GCD().offload(after: .nan) { ran.value = true }
        GCD().offload(after: .infinity) { ran.value = true }
        let control = LockedValue(false)
        GCD().offload(after: -1) { control.value = true }
        try waitUntil(timeout: 30) { control.value }
        Thread.sleep(forTimeInterval: 0.1)
        XCTAssertFalse(ran.value)
    }

    func testThenOnMainDeliversOnTheMainThread() throws {
        let delivered = LockedValue<(Int, Bool)?>(nil)
        GCD().offload {
            (6 * 7, Thread.isMainThread)
        } thenOnMain: { result in
            delivered.value = (result.0 + (result.1 ? 1000 : 0), Thread.isMainThread)
        }
        try waitUntil(timeout: 30) { delivered.value != nil }
        XCTAssertEqual(delivered.value?.0, 42, "computed off the main thread")
        XCTAssertEqual(delivered.value?.1, true)
    }
}
