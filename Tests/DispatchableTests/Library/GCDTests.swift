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
