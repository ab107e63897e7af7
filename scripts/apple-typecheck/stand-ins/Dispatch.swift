public struct DispatchTime: Comparable, Sendable {
    public let uptimeNanoseconds: UInt64
    public init(uptimeNanoseconds: UInt64) { self.uptimeNanoseconds = uptimeNanoseconds }
    public static func now() -> DispatchTime { fatalError() }
    public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.uptimeNanoseconds < b.uptimeNanoseconds }
    public static func + (a: DispatchTime, b: Double) -> DispatchTime { a }
    public static func + (a: DispatchTime, b: DispatchTimeInterval) -> DispatchTime { a }
}
public enum DispatchTimeInterval: Sendable { case nanoseconds(Int), microseconds(Int), seconds(Int), milliseconds(Int) }
public enum DispatchTimeoutResult: Sendable { case success, timedOut }
public struct DispatchQoS: Sendable {
    public enum QoSClass: Sendable { case background, utility, `default`, userInitiated, userInteractive, unspecified }
}
public final class DispatchSpecificKey<T>: @unchecked Sendable { public init() {} }
public final class DispatchQueue: @unchecked Sendable {
    public struct Attributes: OptionSet, Sendable { public let rawValue: Int; public init(rawValue: Int) { self.rawValue = rawValue }
        public static let concurrent = Attributes(rawValue: 1) }
    public static let main = DispatchQueue(label: "main")
    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { main }
    public init(label: String, attributes: Attributes = []) { self.label = label }
    public let label: String
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void) {}
    public func sync<T>(execute work: () throws -> T) rethrows -> T { try work() }
    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
    public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
    public class func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
    public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {}
}
public final class DispatchSemaphore: @unchecked Sendable {
    public init(value: Int) {}
    @discardableResult public func signal() -> Int { 0 }
    @available(*, noasync) public func wait() {}
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { .success }
}
public final class DispatchGroup: @unchecked Sendable { public init() {}; public func enter() {}; public func leave() {}
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { .success } }
public enum DispatchPredicate: Sendable { case onQueue(DispatchQueue), onQueueAsBarrier(DispatchQueue), notOnQueue(DispatchQueue) }
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public func dispatchPrecondition(condition: @autoclosure () -> DispatchPredicate) {}
