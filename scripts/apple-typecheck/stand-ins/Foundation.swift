@_exported import Dispatch
@_exported import Darwin
public typealias TimeInterval = Double
public protocol NSLocking { func lock(); func unlock() }
extension NSLocking {
    @_alwaysEmitIntoClient @_disfavoredOverload
    public func withLock<R>(_ body: () throws -> R) rethrows -> R { lock(); defer { unlock() }; return try body() }
}
open class NSLock: NSLocking, @unchecked Sendable { public init() {}
    @available(*, noasync, message: "Use async-safe scoped locking instead") open func lock() {}
    @available(*, noasync, message: "Use async-safe scoped locking instead") open func unlock() {} }
open class NSCondition: NSLocking, @unchecked Sendable { public init() {}
    @available(*, noasync, message: "Use async-safe scoped locking instead") open func lock() {}
    @available(*, noasync, message: "Use async-safe scoped locking instead") open func unlock() {}
    @available(*, noasync) open func wait() {}
    @available(*, noasync) open func wait(until limit: Date) -> Bool { true }
    open func signal() {}
    open func broadcast() {} }
open class Thread: @unchecked Sendable {
    open class var isMainThread: Bool { true }
    open class var current: Thread { fatalError() }
    @available(*, noasync) open class func sleep(forTimeInterval ti: TimeInterval) {}
    open class func detachNewThread(_ block: @escaping @Sendable () -> Void) {}
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
    public convenience init(block: @escaping @Sendable () -> Void) { self.init() }
    public init() {}
    open var name: String?
    open var stackSize: Int = 0
    open func start() {}
}
public struct Date: Sendable { public init(timeIntervalSinceNow: TimeInterval) {}
    public init() {}
    public func timeIntervalSince(_ date: Date) -> TimeInterval { 0 } }
open class RunLoop { public struct Mode: Sendable { public static let `default` = Mode() }
    open class var current: RunLoop { fatalError() }
    open func run(mode: Mode, before: Date) -> Bool { false } }
public struct Data: RandomAccessCollection, Sendable { public init<S: Sequence>(_ s: S) where S.Element == UInt8 {}
    public init() {}
    public var startIndex: Int { 0 }
    public var endIndex: Int { 0 }
    public subscript(position: Int) -> UInt8 { 0 } }
open class FileHandle: @unchecked Sendable { open class var standardError: FileHandle { fatalError() }
    open func write(_ d: Data) {} }
open class ProcessInfo: @unchecked Sendable { open class var processInfo: ProcessInfo { fatalError() }
    open var environment: [String: String] { [:] } }
extension String {
    public init(format: String, _ args: any CVarArg...) { self = "" }
    public init(contentsOfFile: String, encoding: String.Encoding) throws { self = "" }
    public struct Encoding: Sendable { public static let utf8 = Encoding() }
}
extension StringProtocol {
    @_disfavoredOverload public func contains<T: StringProtocol>(_ other: T) -> Bool { false }
    public func hasPrefix<T: StringProtocol>(_ p: T) -> Bool { false }
}
extension StringProtocol { public func padding<T: StringProtocol>(toLength: Int, withPad: T, startingAt: Int) -> String { "" } }
extension ProcessInfo { public var activeProcessorCount: Int { 1 } }
extension RunLoop { public class var main: RunLoop { fatalError() } }
public struct URL: Sendable { public init(fileURLWithPath path: String) {}; public var lastPathComponent: String { "" }
    public var path: String { "" }; public func appendingPathComponent(_ c: String) -> URL { self } }
public struct UUID: Sendable { public init() {}; public var uuidString: String { "" } }
open class FileManager: @unchecked Sendable { open class var `default`: FileManager { fatalError() }
    @available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *) open var temporaryDirectory: URL { fatalError() }
    open func createDirectory(at url: URL, withIntermediateDirectories: Bool, attributes: [String: Any]? = nil) throws {}
    open func removeItem(at url: URL) throws {}
    open func contentsOfDirectory(atPath path: String) throws -> [String] { [] } }
extension String { public init(contentsOf url: URL, encoding: String.Encoding) throws { self = "" } }
open class Pipe: @unchecked Sendable { public init() {}
    open var fileHandleForReading: FileHandle { fatalError() } }
extension FileHandle { public func readDataToEndOfFile() -> Data { Data() } }
open class Process: @unchecked Sendable { public init() {}
    open var executableURL: URL?; open var arguments: [String]?; open var standardOutput: Any?
    open var standardError: Any?; open var environment: [String: String]?
    open var terminationStatus: Int32 { 0 }; open func terminate() {}
    open func run() throws {}; open func waitUntilExit() {} }
public struct CharacterSet: Sendable { public static let whitespacesAndNewlines = CharacterSet(); public static let whitespaces = CharacterSet() }
extension StringProtocol {
    public func trimmingCharacters(in set: CharacterSet) -> String { "" }
    public func components<T: StringProtocol>(separatedBy separator: T) -> [String] { [] }
}
