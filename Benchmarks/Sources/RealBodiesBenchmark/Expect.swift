// The bodies' assertions: where the ported tests call XCTest's or Swift Testing's, these throw, so
// a broken expectation fails the run it happens in (and the exploration's schedule) instead of
// being recorded somewhere the benchmark does not look.

struct BodyFailed: Error, CustomStringConvertible {
    let description: String
}

func expect(_ condition: Bool, _ what: @autoclosure () -> String, line: UInt = #line) throws {
    guard condition else { throw BodyFailed(description: "line \(line): \(what())") }
}

func expectEqual<T: Equatable>(_ actual: T, _ expected: T, line: UInt = #line) throws {
    try expect(actual == expected, "\(actual) is not \(expected)", line: line)
}
