// XCTest names the ported tests use that BugBench's XCTestShims.swift (symlinked beside this file,
// unchanged) lacks: recording Swift Testing issues in the same way.

import Foundation
import Testing

private func record(_ message: String, _ extra: String, _ file: StaticString, _ line: UInt) {
    let text = extra.isEmpty ? message : "\(message) - \(extra)"
    Issue.record(
        Comment(rawValue: text),
        sourceLocation: SourceLocation(fileID: "\(file)", filePath: "\(file)", line: Int(line), column: 1))
}

public func XCTAssertIdentical(
    _ expression1: @autoclosure () throws -> AnyObject?, _ expression2: @autoclosure () throws -> AnyObject?,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if a !== b { record("XCTAssertIdentical failed: (\"\(String(describing: a))\") is not identical to (\"\(String(describing: b))\")", message(), file, line) }
    } catch {
        record("XCTAssertIdentical threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertNotIdentical(
    _ expression1: @autoclosure () throws -> AnyObject?, _ expression2: @autoclosure () throws -> AnyObject?,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if a === b { record("XCTAssertNotIdentical failed", message(), file, line) }
    } catch {
        record("XCTAssertNotIdentical threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertEqual<T: FloatingPoint>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T, accuracy: T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if abs(a - b) > accuracy { record("XCTAssertEqual failed: (\"\(a)\") is not equal to (\"\(b)\") +/- (\"\(accuracy)\")", message(), file, line) }
    } catch {
        record("XCTAssertEqual threw error \"\(error)\"", message(), file, line)
    }
}

/// XCTest's skip: thrown, it ends the test; Swift Testing reports the error.
public struct XCTSkip: Error {
    public let message: String?
    public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) { self.message = message }
}

/// XCTest's waiter, as NIO's tests call it (`await XCTWaiter().fulfillment(of:timeout:)`): waits for
/// the expectations without a clock, like ``XCTestCaseShim/fulfillment(of:timeout:enforceOrder:)``,
/// and, as XCTest's waiter, records nothing itself.
public struct XCTWaiter {
    public enum Result { case completed, timedOut, incorrectOrder, invertedFulfillment, interrupted }
    public init() {}
    @discardableResult
    public func fulfillment(
        of expectations: [XCTestExpectation], timeout: TimeInterval = .infinity, enforceOrder: Bool = false
    ) async -> Result {
        for expectation in expectations where !expectation.isInverted { await expectation.wait() }
        return expectations.contains { $0.isInverted && $0.isFulfilled } ? .invertedFulfillment : .completed
    }
}
