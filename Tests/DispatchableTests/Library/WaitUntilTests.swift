import Foundation
import Testing
import XCTest

@testable import Dispatchable

/// The synchronous form, on the main thread, against real GCD.
final class WaitUntilXCTests: XCTestCase {
    func testNoticesMainQueueWorkAndReturnsTheTimeWaited() throws {
        let done = LockedValue(false)
        let start = DispatchTime.now()
        GCD().after(0.1) { done.value = true }
        let waited = try waitUntil(timeout: 30) { done.value }
        let sinceScheduling = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        XCTAssertGreaterThanOrEqual(sinceScheduling, 0.1)
        XCTAssertLessThanOrEqual(waited, sinceScheduling)
        XCTAssertLessThan(waited, 30)
    }

    func testNoticesBackgroundWork() throws {
        let done = LockedValue(false)
        GCD().offload { done.value = true }
        try waitUntil(timeout: 30) { done.value }
    }

    func testReturnsAtOnceWhenTheConditionAlreadyHolds() throws {
        XCTAssertEqual(try waitUntil { true }, 0, accuracy: 0.01)
    }

    func testTimeoutErrorNamesTimeoutTimeWaitedAndCallSite() {
        XCTAssertThrowsError(try waitUntil(timeout: 0.05) { false }) { error in
            let wait = error as? WaitError
            XCTAssertEqual(wait?.reason, .timedOut)
            XCTAssertGreaterThanOrEqual(wait?.waited ?? 0, 0.05)
            let text = String(describing: error)
            // However late a loaded machine wakes, the text shows the time really waited.
            XCTAssertTrue(text.contains("timed out after \(String(format: "%.3f", wait?.waited ?? -1))s"), text)
            XCTAssertTrue(text.contains("(timeout 0.050s)"), text)
            XCTAssertTrue(text.contains("DispatchableTests/WaitUntilTests.swift:"), text)
        }
    }

    func testTimeoutErrorReportsTheLastValueAsItWasWhenChecked() {
        var counter = 0
        XCTAssertThrowsError(
            try waitUntil(
                { () -> Int in
                    counter += 1
                    return counter
                }(), timeout: 0.05, satisfies: { $0 < 0 })
        ) { error in
            let wait = error as? WaitError
            XCTAssertEqual(wait?.lastObservedValue, String(counter), "captured at the last check, not re-evaluated")
        }
    }

    func testEqualsStyleValueFormSucceeds() throws {
        let value = LockedValue(0)
        GCD().main { value.value = 3 }
        try waitUntil(value.value, timeout: 30, satisfies: { $0 == 3 })
    }

    func testRetriesAThrowingCheckAndReportsItsLastError() throws {
        struct NotYet: Error, CustomStringConvertible { let description: String }
        var attempts = 0
        try waitUntilPasses(timeout: 30) {
            attempts += 1
            if attempts < 3 { throw NotYet(description: "attempt \(attempts)") }
        }
        XCTAssertEqual(attempts, 3)
        XCTAssertThrowsError(try waitUntilPasses(timeout: 0.02) { throw NotYet(description: "still broken") }) {
            XCTAssertEqual(($0 as? WaitError)?.lastError, "still broken")
        }
    }

    func testAnErrorThrownByTheConditionEndsTheWait() {
        struct Broken: Error {}
        XCTAssertThrowsError(try waitUntil(timeout: 5) { throw Broken() }) { XCTAssertTrue($0 is Broken) }
    }

    func testInvalidArgumentsThrow() {
        for (timeout, poll) in [(-1.0, 0.01), (.nan, 0.01), (1, 0), (1, -1), (1, .nan), (1, .infinity)] {
            XCTAssertThrowsError(try waitUntil(timeout: timeout, pollInterval: poll) { false }) {
                XCTAssertEqual(($0 as? WaitError)?.reason, .invalidArgument)
            }
        }
    }

    func testOffTheMainThreadATimeoutSaysTheMainQueueNeverRan() throws {
        // The main thread is blocked in this test method, so nothing services the main queue.
        let result = LockedValue<String?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                try waitUntil(timeout: 0.1) { false }
            } catch {
                result.value = String(describing: error)
            }
            finished.signal()
        }
        finished.wait()
        XCTAssertTrue(result.value?.contains("The main queue did not run") == true, result.value ?? "no error")
    }
}

/// The `async` form, from Swift Testing.
@Suite("waitUntil (async)")
struct WaitUntilAsyncTests {
    @Test func noticesMainQueueWork() async throws {
        let done = LockedValue(false)
        GCD().main { done.value = true }
        // Generous: explorations in parallel suites hold the main queue for a while (seconds, and
        // far longer under Thread Sanitizer); this checks that the wait notices, not how fast.
        let waited = try await waitUntil(timeout: 300) { done.value }
        #expect(waited < 300)
    }

    @MainActor @Test func readsMainActorStateFromAMainActorTest() async throws {
        final class Model { var loaded = false }
        let model = Model()
        Task { @MainActor in model.loaded = true }
        try await waitUntil(timeout: 300) { model.loaded }
        #expect(model.loaded)
    }

    @Test func timeoutErrorReportsTheLastValue() async {
        let error = await #expect(throws: WaitError.self) {
            try await waitUntil(42, timeout: 0.02, satisfies: { $0 == 0 })
        }
        #expect(error?.lastObservedValue == "42")
        #expect(error?.description.contains("last observed value: 42") == true)
    }

    @Test func retriesAThrowingCheck() async throws {
        let attempts = LockedValue(0)
        struct NotYet: Error {}
        // Generous, like the main-queue waits above: its checks run on the main actor, which an
        // exploration in a parallel suite may hold for a while under TSan (seen: 31 s).
        try await waitUntilPasses(timeout: 300) {
            attempts.mutate { $0 += 1 }
            if attempts.value < 3 { throw NotYet() }
        }
        #expect(attempts.value == 3)
    }

    @Test func isCancellable() async {
        let waiter = Task { try await waitUntil(timeout: 60) { false } }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    /// A `@MainActor` Swift Testing test is a main-actor job on the main queue: on Linux off the main
    /// thread (blocking would stop the main queue), on Apple platforms on it (a nested run loop would
    /// run other main-actor jobs inside this one). Either way the synchronous form refuses at once.
    @MainActor @Test func synchronousFormRefusesToWaitInsideAMainActorTest() throws {
        let error = #expect(throws: WaitError.self) { try waitUntil(timeout: 1) { false } }
        #expect(error?.reason == .wouldBlockMainQueue)
        #expect(error?.description.contains("try await waitUntil") == true)
    }
}

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    extension ChildProcessTests {
        /// `waitUntil` on inputs that could hang the test process, in a child process under a
        /// watchdog (see `ExplorationCrashAndHangTests`).
        @Suite("Hostile input: waitUntil neither crashes nor hangs (child processes)", .serialized, .tags(.hostile))
        struct WaitUntilCrashAndHangTests {
            /// (timeout, poll interval): captured by index, because JSON, which carries captured values
            /// into the child, has no infinity.
            static let hugeWaits: [(TimeInterval, TimeInterval)] = [(1e11, 2e10), (.infinity, 1e300)]

            @Test(arguments: hugeWaits.indices)
            func asyncWaitUntilWithAHugePollIntervalWaitsAndEndsOnCancellation(wait index: Int) async {
                let result = await #expect(processExitsWith: .success) { [index] in
                    await ChildProcess.run(within: 30) {
                        let (timeout, pollInterval) = Self.hugeWaits[index]
                        let waiting = Task {
                            try await waitUntil(timeout: timeout, pollInterval: pollInterval) { false }
                        }
                        try await Task.sleep(nanoseconds: 200_000_000)
                        waiting.cancel()
                        let error = await ChildProcess.error(CancellationError.self) { _ = try await waiting.value }
                        _ = error
                    }
                }
                ChildProcess.explain(result)
            }
        }
    }

#endif
