import Foundation

public struct XCTIssue: Sendable { public var compactDescription: String
    public var sourceCodeContext: XCTSourceCodeContext { fatalError() }
    public enum IssueType: Int, Sendable { case assertionFailure = 0, thrownError = 3 }
    public init(
        type: IssueType, compactDescription: String, detailedDescription: String? = nil,
        sourceCodeContext: XCTSourceCodeContext = XCTSourceCodeContext(), associatedError: (any Error)? = nil
    ) { self.compactDescription = compactDescription }
}
open class XCTSourceCodeContext { open var location: XCTSourceCodeLocation? { nil }
    public init() {}
    public convenience init(location: XCTSourceCodeLocation) { self.init() }
}
open class XCTSourceCodeLocation { open var fileURL: URL { fatalError() }; open var lineNumber: Int { 0 }
    public init(fileURL: URL, lineNumber: Int) {}
    public convenience init(filePath: String, lineNumber: Int) { self.init(fileURL: URL(fileURLWithPath: filePath), lineNumber: lineNumber) }
}
// Not Sendable, as on Apple platforms (an NSObject subclass).
open class XCTestCase { public init() {}
    open func setUp() async throws {}
    open func invokeTest() {}
    open func record(_ issue: XCTIssue) {}
    @available(*, deprecated, renamed: "record(_:)")
    open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {}
}
public func XCTAssertEqual<T: Equatable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertEqual<T: FloatingPoint>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, accuracy: T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNotEqual<T: Equatable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertTrue(_ a: @autoclosure () throws -> Bool, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssert(_ a: @autoclosure () throws -> Bool, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertFalse(_ a: @autoclosure () throws -> Bool, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNil(_ a: @autoclosure () throws -> Any?, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertNotNil(_ a: @autoclosure () throws -> Any?, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertGreaterThan<T: Comparable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertGreaterThanOrEqual<T: Comparable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertLessThan<T: Comparable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertLessThanOrEqual<T: Comparable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTAssertThrowsError<T>(_ e: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line, _ h: (_ error: any Error) -> Void = { _ in }) {}
public func XCTAssertNoThrow<T>(_ e: @autoclosure () throws -> T, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
public func XCTUnwrap<T>(_ e: @autoclosure () throws -> T?, _ m: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) throws -> T { fatalError() }
public func XCTFail(_ m: String = "", file: StaticString = #filePath, line: UInt = #line) {}
public struct XCTSkip: Error { public init(_ message: String? = nil) {} }
public func XCTSkipUnless(_ e: @autoclosure () throws -> Bool, _ m: @autoclosure () -> String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {}
