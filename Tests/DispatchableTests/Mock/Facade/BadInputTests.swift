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

/// A hook that calls `XCTFail` fails the test it runs in, and the mock carries on. This test
/// keeps the failures its hook records, checks them, and does not pass them on.
final class BadInputXCTests: XCTestCase {
    private var keptFailures: [String] = []
    private var keepingFailures = false

    #if canImport(Darwin)
        // Apple's XCTest reports through `record(_:)`; `recordFailure` is deprecated there.
        override func record(_ issue: XCTIssue) {
            if keepingFailures {
                keptFailures.append(issue.compactDescription)
            } else {
                super.record(issue)
            }
        }
    #else
        // swift-corelibs-xctest has no `XCTIssue`: failures arrive through `recordFailure`.
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            if keepingFailures {
                keptFailures.append(description)
            } else {
                super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
        }
    #endif

    func testAHookCallingXCTFailReportsAFailureAndTheMockCarriesOn() {
        let mock = MockDispatchable()
        mock.didExitThread = { thread in XCTFail("exit \(thread)") }
        keepingFailures = true
        mock.main {}
        mock.offload {}
        keepingFailures = false
        XCTAssertEqual(keptFailures.count, 2)
        XCTAssertTrue(keptFailures.first?.contains("exit main") == true, "\(keptFailures)")
        XCTAssertTrue(keptFailures.last?.contains("exit offload") == true, "\(keptFailures)")
        XCTAssertEqual(mock.recorder.enteredThreads, [.main, .offload])
        XCTAssertTrue(mock.recorder.threadStack.isEmpty)
    }
}
