// XCTest's assertions and expectations as the ported tests call them, recording Swift Testing
// issues instead, so that a failed assertion fails the schedule it happened in (XCTest's own
// assertions are not seen by an exploration). The tests' bodies stay as their authors wrote them.
//
// `fulfillment(of:timeout:)` waits for the expectations without a clock: under exploration time
// is virtual, and an expectation that is never fulfilled leaves the test waiting, which the
// explorer reports as a deadlock naming the waiting task — what a timeout would have failed.

import Foundation
import Testing

private func record(_ message: String, _ extra: String, _ file: StaticString, _ line: UInt) {
    let text = extra.isEmpty ? message : "\(message) - \(extra)"
    Issue.record(
        Comment(rawValue: text),
        sourceLocation: SourceLocation(
            fileID: "\(file)", filePath: "\(file)", line: Int(line), column: 1))
}

public func XCTAssertEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if a != b { record("XCTAssertEqual failed: (\"\(a)\") is not equal to (\"\(b)\")", message(), file, line) }
    } catch {
        record("XCTAssertEqual threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertNotEqual<T: Equatable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if a == b { record("XCTAssertNotEqual failed: (\"\(a)\") is equal to (\"\(b)\")", message(), file, line) }
    } catch {
        record("XCTAssertNotEqual threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertTrue(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        if try !expression() { record("XCTAssertTrue failed", message(), file, line) }
    } catch {
        record("XCTAssertTrue threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssert(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        if try !expression() { record("XCTAssert failed", message(), file, line) }
    } catch {
        record("XCTAssert threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertFalse(
    _ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        if try expression() { record("XCTAssertFalse failed", message(), file, line) }
    } catch {
        record("XCTAssertFalse threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        if let value = try expression() { record("XCTAssertNil failed: \"\(value)\"", message(), file, line) }
    } catch {
        record("XCTAssertNil threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertNotNil(
    _ expression: @autoclosure () throws -> Any?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        if try expression() == nil { record("XCTAssertNotNil failed", message(), file, line) }
    } catch {
        record("XCTAssertNotNil threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertGreaterThanOrEqual<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if !(a >= b) { record("XCTAssertGreaterThanOrEqual failed: (\"\(a)\") is less than (\"\(b)\")", message(), file, line) }
    } catch {
        record("XCTAssertGreaterThanOrEqual threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertLessThanOrEqual<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if !(a <= b) { record("XCTAssertLessThanOrEqual failed: (\"\(a)\") is greater than (\"\(b)\")", message(), file, line) }
    } catch {
        record("XCTAssertLessThanOrEqual threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertLessThan<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if !(a < b) { record("XCTAssertLessThan failed: (\"\(a)\") is not less than (\"\(b)\")", message(), file, line) }
    } catch {
        record("XCTAssertLessThan threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertGreaterThan<T: Comparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let (a, b) = (try expression1(), try expression2())
        if !(a > b) { record("XCTAssertGreaterThan failed: (\"\(a)\") is not greater than (\"\(b)\")", message(), file, line) }
    } catch {
        record("XCTAssertGreaterThan threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTAssertNoThrow<T>(
    _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        _ = try expression()
    } catch {
        record("XCTAssertNoThrow failed: threw error \"\(error)\"", message(), file, line)
    }
}

public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    record("failed", message, file, line)
}

public func XCTAssertThrowsError<T>(
    _ expression: @autoclosure () throws -> T, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line, _ errorHandler: (_ error: any Error) -> Void = { _ in }
) {
    do {
        _ = try expression()
        record("XCTAssertThrowsError failed: did not throw an error", message(), file, line)
    } catch {
        errorHandler(error)
    }
}

public struct XCTUnwrapError: Error {}

public func XCTUnwrap<T>(
    _ expression: @autoclosure () throws -> T?, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) throws -> T {
    guard let value = try expression() else {
        record("XCTUnwrap failed: expected non-nil value of type \"\(T.self)\"", message(), file, line)
        throw XCTUnwrapError()
    }
    return value
}

/// An expectation a test fulfils; ``XCTestCaseShim/fulfillment(of:timeout:enforceOrder:)`` awaits it.
public final class XCTestExpectation: @unchecked Sendable {
    // @unchecked: `fulfilled` and `waiters` are read and written only with `lock` held.
    private let lock = NSLock()
    private var fulfilled = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    public let description: String
    public var expectedFulfillmentCount = 1
    public var assertForOverFulfill = true
    public var isInverted = false

    public init(description: String) { self.description = description }

    public func fulfill(file: StaticString = #filePath, line: UInt = #line) {
        let (ready, over): ([CheckedContinuation<Void, Never>], Bool) = lock.withLock {
            fulfilled += 1
            guard fulfilled >= expectedFulfillmentCount else { return ([], false) }
            defer { waiters = [] }
            return (waiters, fulfilled > expectedFulfillmentCount)
        }
        if over && assertForOverFulfill && !isInverted {
            record("API violation - multiple calls made to XCTestExpectation.fulfill() for \(description).", "", file, line)
        }
        for waiter in ready { waiter.resume() }
    }

    var isFulfilled: Bool { lock.withLock { fulfilled >= expectedFulfillmentCount } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now: Bool = lock.withLock {
                guard fulfilled < expectedFulfillmentCount else { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// XCTestCase's expectation methods, for a ported suite.
public protocol XCTestCaseShim {}

extension XCTestCaseShim {
    public func expectation(description: String) -> XCTestExpectation { XCTestExpectation(description: description) }

    /// XCTest's synchronous wait: blocks the calling thread until every expectation is fulfilled
    /// or `timeout` seconds of real time have passed, then records XCTest's failure. Under
    /// exploration the thread it blocks is the run's: the work that would fulfil it cannot run
    /// meanwhile, so it times out — as the same wait does on a cooperative pool of one thread.
    public func wait(
        for expectations: [XCTestExpectation], timeout: TimeInterval, enforceOrder: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let deadline = Date().addingTimeInterval(timeout)
        while expectations.contains(where: { !$0.isInverted && !$0.isFulfilled }) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        let unfulfilled = expectations.filter { !$0.isInverted && !$0.isFulfilled }.map { "\"\($0.description)\"" }
        if !unfulfilled.isEmpty {
            record(
                "Asynchronous wait failed: Exceeded timeout of \(timeout) seconds, with unfulfilled expectations: "
                    + unfulfilled.joined(separator: ", "), "", file, line)
        }
        for expectation in expectations where expectation.isInverted && expectation.isFulfilled {
            record("Fulfilled inverted expectation \"\(expectation.description)\"", "", file, line)
        }
    }

    /// Waits until every expectation is fulfilled (an inverted one: checks that it was not, once
    /// the others are). `timeout` is not read: see the file's header.
    public func fulfillment(
        of expectations: [XCTestExpectation], timeout: TimeInterval = .infinity, enforceOrder: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) async {
        for expectation in expectations where !expectation.isInverted { await expectation.wait() }
        for expectation in expectations where expectation.isInverted && expectation.isFulfilled {
            record("Fulfilled inverted expectation \"\(expectation.description)\"", "", file, line)
        }
    }
}
