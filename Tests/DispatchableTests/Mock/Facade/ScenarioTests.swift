import Foundation
import Testing
import XCTest

@testable import Dispatchable

// The situations users hit, each driven through manual mode, each with its buggy variant shown
// to be caught. Once in Swift Testing, once in XCTest.

@MainActor
@Suite("Scenarios (Swift Testing)")
struct ScenarioTests {
    @Test func debouncedSearchFiresOnlyTheLastQueryAndNotEarly() throws {
        let mock = MockDispatchable(mode: .manual)
        let search = DebouncedSearch(dispatch: mock)
        search.queryChanged("s")
        try mock.advance(by: 0.1)
        search.queryChanged("sw")
        try mock.advance(by: 0.1)
        search.queryChanged("swift")
        try mock.advance(by: 0.299)
        #expect(search.searches.isEmpty, "not early")
        try mock.advance(by: 0.001)
        #expect(search.searches == ["swift"])
        try mock.assertNoPendingWork()
    }

    @Test func debounceThatForgetsToCancelIsCaught() throws {
        let mock = MockDispatchable(mode: .manual)
        let search = DebouncedSearch(dispatch: mock, cancelsPrevious: false)
        search.queryChanged("sw")
        search.queryChanged("swift")
        try mock.advance(by: 0.3)
        #expect(search.searches != ["swift"])
        #expect(search.searches == ["sw", "swift"])
    }

    @Test func retryWaitsForTheBackoff() throws {
        let mock = MockDispatchable(mode: .manual)
        let fetcher = RetryingFetcher(dispatch: mock) { attempt in attempt >= 2 ? "data" : nil }
        fetcher.fetch()
        try mock.runNextOffload()
        try mock.runNextMain()
        #expect(fetcher.attempts == 1)
        try mock.advance(by: 1.999)
        #expect(fetcher.attempts == 1, "not before the backoff")
        try mock.advance(by: 0.001)
        #expect(fetcher.attempts == 2)
        try mock.runUntilIdle()
        #expect(fetcher.result == "data")
        #expect(mock.now == 2)
    }

    @Test func retryWithoutBackoffIsCaught() throws {
        let mock = MockDispatchable(mode: .manual)
        let fetcher = RetryingFetcher(dispatch: mock, backoff: 0) { attempt in attempt >= 2 ? "data" : nil }
        fetcher.fetch()
        try mock.advance(by: 0)
        #expect(fetcher.attempts == 2, "the buggy fetcher retried at once")
    }

    @Test func timeoutIsCancelledOnSuccess() throws {
        let mock = MockDispatchable(mode: .manual)
        let request = TimedRequest(dispatch: mock)
        request.start(responseDelay: 1)
        try mock.advance(by: 10)
        #expect(request.outcomes == [.succeeded])
        try mock.assertNoPendingWork()
    }

    @Test func timeoutLeftRunningAfterSuccessIsCaught() throws {
        let mock = MockDispatchable(mode: .manual)
        let request = TimedRequest(dispatch: mock, cancelsTimeoutOnSuccess: false)
        request.start(responseDelay: 1)
        try mock.advance(by: 1)
        let error = #expect(throws: MockDispatchableError.self) { try mock.assertNoPendingWork() }
        #expect(error?.kind == .pendingWork)
        try mock.advance(by: 9)
        #expect(request.outcomes == [.succeeded, .timedOut])
    }

    @Test func pollerStopsWhenTold() throws {
        let mock = MockDispatchable(mode: .manual)
        let poller = StatusPoller(dispatch: mock)
        poller.start()
        try mock.advance(by: 3)
        #expect(poller.polls == 3)
        poller.stop()
        try mock.runUntilIdle()
        #expect(poller.polls == 3)
        try mock.assertNoPendingWork()
    }

    @Test func pollerThatNeverStopsIsCaught() throws {
        let mock = MockDispatchable(mode: .manual)
        let poller = StatusPoller(dispatch: mock, honoursStop: false)
        poller.start()
        poller.stop()
        let error = #expect(throws: MockDispatchableError.self) { try mock.runUntilIdle(maxSteps: 50) }
        #expect(error?.kind == .stepLimitExceeded)
        #expect(poller.polls == 50)
        #expect(mock.pendingWork.count == 1, "the rescheduled poll is still queued")
    }

    @Test func mainWorkRunningBeforeBackgroundWorkFinishesIsHandled() throws {
        let mock = MockDispatchable(mode: .manual)
        let screen = ProfileScreen(dispatch: mock)
        screen.appear()
        #expect(throws: MockDispatchableError.self) { try mock.runNextMain() }
        try mock.runNextOffload()
        try mock.runNextMain()
        #expect(screen.shown == ["Ada"])
    }

    @Test func mainWorkThatAssumesBackgroundWorkFinishedIsCaught() throws {
        let mock = MockDispatchable(mode: .manual)
        let screen = ProfileScreen(dispatch: mock, chainsShowAfterLoad: false)
        screen.appear()
        try mock.runNextMain()  // GCD may run the main block before the offloaded one
        try mock.runNextOffload()
        #expect(screen.shown == [nil], "the buggy screen showed nothing")
    }
}

final class ScenarioXCTests: XCTestCase {
    /// XCTest synchronous tests run on the main thread; an `@MainActor` test method would crash
    /// test discovery on Linux, so the body assumes the isolation instead.
    private func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated { try body() }
    }

    func testDebouncedSearchFiresOnlyTheLastQuery() throws {
        try onMain {
            let mock = MockDispatchable(mode: .manual)
            let search = DebouncedSearch(dispatch: mock)
            search.queryChanged("sw")
            search.queryChanged("swift")
            try mock.advance(by: 0.299)
            XCTAssertEqual(search.searches, [])
            try mock.advance(by: 0.001)
            XCTAssertEqual(search.searches, ["swift"])
            let buggy = DebouncedSearch(dispatch: mock, cancelsPrevious: false)
            buggy.queryChanged("sw")
            buggy.queryChanged("swift")
            try mock.advance(by: 0.3)
            XCTAssertEqual(buggy.searches, ["sw", "swift"], "the buggy variant is caught")
        }
    }

    func testRetryWaitsForTheBackoff() throws {
        try onMain {
            let mock = MockDispatchable(mode: .manual)
            let fetcher = RetryingFetcher(dispatch: mock) { $0 >= 2 ? "data" : nil }
            fetcher.fetch()
            try mock.advance(by: 1.999)
            XCTAssertEqual(fetcher.attempts, 1)
            try mock.advance(by: 0.001)
            XCTAssertEqual(fetcher.attempts, 2)
            let buggyMock = MockDispatchable(mode: .manual)
            let buggy = RetryingFetcher(dispatch: buggyMock, backoff: 0) { $0 >= 2 ? "data" : nil }
            buggy.fetch()
            try buggyMock.advance(by: 0)
            XCTAssertEqual(buggy.attempts, 2, "the buggy variant retries without waiting")
        }
    }

    func testTimeoutIsCancelledOnSuccess() throws {
        try onMain {
            let mock = MockDispatchable(mode: .manual)
            let request = TimedRequest(dispatch: mock)
            request.start(responseDelay: 1)
            try mock.advance(by: 1)
            XCTAssertEqual(request.outcomes, [.succeeded])
            XCTAssertNoThrow(try mock.assertNoPendingWork())
            let buggy = TimedRequest(dispatch: mock, cancelsTimeoutOnSuccess: false)
            buggy.start(responseDelay: 1)
            try mock.advance(by: 1)
            XCTAssertThrowsError(try mock.assertNoPendingWork(), "the buggy variant is caught")
        }
    }

    func testPollerStops() throws {
        try onMain {
            let mock = MockDispatchable(mode: .manual)
            let poller = StatusPoller(dispatch: mock)
            poller.start()
            try mock.advance(by: 2)
            poller.stop()
            XCTAssertNoThrow(try mock.runUntilIdle())
            XCTAssertEqual(poller.polls, 2)
            let buggy = StatusPoller(dispatch: mock, honoursStop: false)
            buggy.start()
            buggy.stop()
            XCTAssertThrowsError(try mock.runUntilIdle(maxSteps: 20), "the buggy variant is caught")
        }
    }

    func testMainWorkQueuedBeforeBackgroundWorkFinished() throws {
        try onMain {
            let mock = MockDispatchable(mode: .manual)
            let buggy = ProfileScreen(dispatch: mock, chainsShowAfterLoad: false)
            buggy.appear()
            try mock.runNextMain()
            try mock.runNextOffload()
            XCTAssertEqual(buggy.shown, [nil], "the buggy variant is caught")
            let screen = ProfileScreen(dispatch: mock)
            screen.appear()
            try mock.runUntilIdle()
            XCTAssertEqual(screen.shown, ["Ada"])
        }
    }
}
