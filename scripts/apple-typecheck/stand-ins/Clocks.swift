// Stand-in for pointfreeco/swift-clocks, for the Benchmarks package: TestClock's shape only.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public func advanced(by duration: Duration) -> Instant { self }
        public func duration(to other: Instant) -> Duration { fatalError() }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { false }
    }
    public var now: Instant { Instant() }
    public var minimumResolution: Duration { fatalError() }
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
    public func advance(by duration: Duration = .zero) async {}
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestClock where Duration == Swift.Duration {
    public convenience init() { self.init(now: .init()) }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestClock {
    public convenience init(now: Instant) { fatalError() }
}
