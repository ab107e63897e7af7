// XCTestCase as a base class for upstream's XCTest suites run as Swift Testing suites (the
// XCTestCaseShim approach of BugBench/Sources/BugBenchSupport/XCTestShims.swift, linked here
// unedited as XCTestShims.swift), and the few XCTest assertions these packages use that the shim
// file does not have. Upstream's classes stay classes (`final class X: ShimmedTestCase`, since
// Swift Testing's macro refuses a class whose inheritance clause names `XCTestCase`; `final class
// Y: Test_Runtime` unchanged): Swift Testing makes one instance per call of a test function,
// so every explored run gets a fresh instance, and `init()` runs `setUp()` as XCTest would
// before each test. A failing assertion records a Swift Testing issue, which fails the schedule
// it happened in.

@_exported import Foundation  // as XCTest does: upstream's files use Foundation through it
import Testing

private func record(_ message: String, _ extra: String, _ file: StaticString, _ line: UInt) {
    let text = extra.isEmpty ? message : "\(message) - \(extra)"
    Issue.record(
        Comment(rawValue: text),
        sourceLocation: SourceLocation(fileID: "\(file)", filePath: "\(file)", line: Int(line), column: 1))
}

/// XCTest's base class, reduced to what these suites use: `setUp()` (run by `init()`, since
/// Swift Testing makes a fresh instance for each test), `continueAfterFailure` (read by nothing:
/// an issue never stops a Swift Testing test), the shim's expectations.
open class ShimmedTestCase: XCTestCaseShim, @unchecked Sendable {
    public var continueAfterFailure = true

    public required init() {
        do {
            try setUpWithError()
            try setUp()
        } catch {
            Issue.record(error, "setUp threw")
        }
    }

    open func setUpWithError() throws {}
    open func setUp() throws {}
    open func tearDown() throws {}
}

/// For `extension XCTestCase { … }` and other uses of the name outside a class's inheritance clause.
public typealias XCTestCase = ShimmedTestCase

/// `throw XCTSkip(…)`: Swift Testing has no skip from inside a test; the thrown error fails it
/// (the only uses here are behind a platform check that is false on Linux).
public struct XCTSkip: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) { description = message }
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
        if a === b { record("XCTAssertNotIdentical failed: (\"\(String(describing: a))\") is identical to (\"\(String(describing: b))\")", message(), file, line) }
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
        if !(abs(a - b) <= accuracy) {
            record("XCTAssertEqual failed: (\"\(a)\") is not equal to (\"\(b)\") +/- (\"\(accuracy)\")", message(), file, line)
        }
    } catch {
        record("XCTAssertEqual threw error \"\(error)\"", message(), file, line)
    }
}
