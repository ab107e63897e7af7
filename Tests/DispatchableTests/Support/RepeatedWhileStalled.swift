/// Explores again, up to `times` explorations in all, until `matches` accepts what one gave.
///
/// The explorer reads a `Task.sleep`'s duration back from its deadline on the real clock, exactly
/// when the sleeper handed the sleep over within `SleepDeadline.slack` of reading the clock. A
/// thread stalled in between (preempted on a busy machine, under Thread Sanitizer) sleeps that much
/// shorter in that run, as the documentation says. The standard library's hand-over cannot be
/// watched from a test, so a test of exact `Task.sleep` durations repeats its exploration: a
/// product that reads durations wrongly gets it wrong every time and still fails.
func repeatedWhileStalled<Result>(
    times: Int = 3, _ explore: () async throws -> Result, until matches: (Result) -> Bool
) async throws -> Result {
    var result = try await explore()
    for _ in 1..<times where !matches(result) {
        result = try await explore()
    }
    return result
}
