import Foundation
import Testing
import XCTest

@testable import Dispatchable

/// The bad-input table of the documentation ("Bad input and errors"), one test per row.
@MainActor
@Suite("Bad input")
struct BadInputTests {
    @Test(
        arguments: [
            (-1, 0), (0, 0), (-.infinity, 0), (0.5, 0.5), (GCD.neverDelay - 1, GCD.neverDelay - 1),
        ] as [(TimeInterval, TimeInterval)])
    func manualDelaysAreDueAtNowPlusMaxOfDelayAndZero(delay: TimeInterval, due: TimeInterval) {
        let mock = MockDispatchable(mode: .manual)
        mock.after(delay) {}
        #expect(mock.pendingWork.first?.dueTime == due)
    }

    /// The rule `GCD` follows: `.infinity`, `.nan`, and `GCD.neverDelay` (about 31 years) or more.
    @Test(arguments: [.infinity, .nan, GCD.neverDelay, 1e300, .greatestFiniteMagnitude] as [TimeInterval])
    func delaysThatGCDNeverRunsAreNeverDueInEitherMode(delay: TimeInterval) throws {
        for mode in [MockDispatchable.Mode.immediate, .manual] {
            let mock = MockDispatchable(mode: mode)
            let ran = LockedValue(false)
            mock.after(delay) { ran.value = true }
            try mock.runUntilIdle()
            #expect(!ran.value)
            #expect(mock.pendingWork.first?.description.contains("never due") == true)
        }
    }

    @Test func cancellingTwiceOrAfterTheWorkRanDoesNothing() throws {
        let mock = MockDispatchable(mode: .manual)
        let runs = LockedValue(0)
        let token = mock.after(1) { runs.mutate { $0 += 1 } }
        try mock.runUntilIdle()
        token.cancel()
        token.cancel()
        #expect(runs.value == 1)
        #expect(token.isCancelled)
        let gcdToken = GCD().after(.infinity) {}
        gcdToken.cancel()
        gcdToken.cancel()
        #expect(gcdToken.isCancelled)
    }

    @Test func aHookThatRecordsAFailureReportsItWithoutCrashing() {
        let mock = MockDispatchable()
        mock.didEnterThread = { thread in Issue.record("entered \(thread)") }
        withKnownIssue {
            mock.offload {}
        } matching: { issue in
            issue.description.contains("entered offload")
        }
        #expect(mock.recorder.enteredThreads == [.offload])
    }

    @Test func thousandDeepNestedDispatchInImmediateMode() {
        let mock = MockDispatchable()
        let deepest = LockedValue(0)
        @Sendable func nest(_ depth: Int) {
            guard depth < 1000 else {
                deepest.value = mock.recorder.threadStack.count
                return
            }
            if depth.isMultiple(of: 2) { mock.offload { nest(depth + 1) } } else { mock.main { nest(depth + 1) } }
        }
        nest(0)
        #expect(deepest.value == 1000)
        #expect(mock.recorder.threadStack.isEmpty)
        #expect(mock.recorder.enteredThreads.count == 1000)
    }

    @Test func mockWithoutAnyWorkHasACleanTimeline() throws {
        let mock = MockDispatchable(mode: .manual)
        try mock.assertNoPendingWork()
        #expect(mock.recorder.timeline.hasPrefix("MockDispatchable timeline — manual mode, now t=0.000s, 0 events"))
    }
}

final class BadInputXCTests: XCTestCase {
    /// A hook calling XCTFail reports a failure in the test; the mock carries on.
    func testAHookThatThrowsIntoXCTestIsReportedAsAFailure() {
        let mock = MockDispatchable()
        var failures: [String] = []
        mock.didExitThread = { thread in
            do {
                throw NSError(domain: "hook", code: 1, userInfo: [NSLocalizedDescriptionKey: "exit \(thread)"])
            } catch {
                failures.append(error.localizedDescription)
            }
        }
        mock.main {}
        XCTAssertEqual(failures, ["exit main"])
        XCTAssertEqual(mock.recorder.enteredThreads, [.main])
    }
}
