import Testing

/// Explores again, up to `times` explorations in all, until `matches` accepts what one gave, and
/// says so on standard output each time it explores again.
///
/// The explorer reads a `Task.sleep`'s duration back from its deadline on the real clock, exactly
/// when the sleeper handed the sleep over within `SleepDeadline.slack` of reading the clock. A
/// thread stalled in between (preempted on a busy machine, under Thread Sanitizer) sleeps that much
/// shorter in that run, as the documentation says. The standard library's hand-over cannot be
/// watched from a test, so a test of exact `Task.sleep` durations repeats its exploration: a
/// product that reads durations wrongly every time still fails. One wrong only now and then passes
/// once in three; the line printed for every repeat is how a run shows it happened.
func repeatedWhileStalled<Value>(
    times: Int = 3, _ explore: () async throws -> Value, until matches: (Value) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Value {
    precondition(times >= 1, "explore at least once")
    var value = try await explore()
    for attempt in 1..<times where !matches(value) {
        print("repeatedWhileStalled: \(sourceLocation): exploring again (\(attempt + 1) of \(times)): \(value)")
        value = try await explore()
    }
    return value
}
