import Dispatch
import Foundation

/// The default `timeout` of the `waitUntil` functions: 5 seconds.
public let defaultWaitTimeout: TimeInterval = 5

/// The default `pollInterval` of the `waitUntil` functions: 10 milliseconds, as Nimble and
/// XCTest's predicate expectations use.
///
/// The synchronous form on the main thread also wakes at once whenever main-queue work runs, so
/// a condition set by main-queue work is noticed within microseconds, not at the next poll
/// (`make bench`: median 0.01 ms). Waiting costs about 1–2 % of a core at this interval; 1 ms
/// costs 7–8 %.
public let defaultPollInterval: TimeInterval = 0.01

/// Waits, spinning the current run loop, until `condition` returns true; returns the seconds
/// waited.
///
/// For code that must stay on real GCD:
///
/// ```swift
/// func testLoadsOnRealQueues() throws {
///     let loader = ImageLoader(dispatch: GCD())
///     var image: Image?
///     loader.load(data) { image = $0 }
///     try waitUntil { image != nil }
/// }
/// ```
///
/// On the main thread (XCTest synchronous tests) it runs the main run loop between checks, so
/// main-queue work delivered to the test runs while it waits, and it checks again as soon as any
/// has run. Elsewhere it sleeps `pollInterval` between checks: main-queue work then arrives only if
/// something else services the main queue. A timeout error says so when the main queue did not
/// run during the wait.
///
/// - Parameters:
///   - timeout: How long to wait before throwing, in seconds. Defaults to ``defaultWaitTimeout``.
///   - pollInterval: The longest pause between checks. Defaults to ``defaultPollInterval``.
///   - fileID: The call site, reported on timeout. Leave the default.
///   - line: The call site, reported on timeout. Leave the default.
///   - condition: Checked on the calling thread. An error it throws ends the wait at once.
/// - Returns: The seconds waited.
/// - Throws: ``WaitError`` when the condition does not hold within `timeout`, when an argument is
///   invalid, or when called on the main queue off the main thread or inside a main-actor task
///   (use the `async` form there).
@discardableResult
public func waitUntil(
    timeout: TimeInterval = defaultWaitTimeout, pollInterval: TimeInterval = defaultPollInterval,
    fileID: StaticString = #fileID, line: UInt = #line, _ condition: () throws -> Bool
) throws -> TimeInterval {
    try Poller(timeout: timeout, pollInterval: pollInterval, fileID: fileID, line: line).runBlocking {
        try condition() ? .satisfied : .notYet
    }
}

/// Waits until `predicate` holds for the value `observe` returns; on timeout the error reports
/// the last value seen.
///
/// ```swift
/// try waitUntil(model.state, satisfies: { $0 == .loaded })
/// // waitUntil timed out after 5.001s (timeout 5.000s) at AppTests/ModelTests.swift:12;
/// // last observed value: loading
/// ```
///
/// - Parameters:
///   - observe: Produces the value to check; evaluated once per check.
///   - timeout: How long to wait before throwing, in seconds. Defaults to ``defaultWaitTimeout``.
///   - pollInterval: The longest pause between checks. Defaults to ``defaultPollInterval``.
///   - fileID: The call site, reported on timeout. Leave the default.
///   - line: The call site, reported on timeout. Leave the default.
///   - predicate: Whether the observed value is the one waited for.
/// - Returns: The seconds waited.
/// - Throws: ``WaitError`` with ``WaitError/lastObservedValue`` on timeout.
@discardableResult
public func waitUntil<Value>(
    _ observe: @autoclosure () throws -> Value, timeout: TimeInterval = defaultWaitTimeout,
    pollInterval: TimeInterval = defaultPollInterval, fileID: StaticString = #fileID, line: UInt = #line,
    satisfies predicate: (Value) throws -> Bool
) throws -> TimeInterval {
    try Poller(timeout: timeout, pollInterval: pollInterval, fileID: fileID, line: line).runBlocking {
        try .observing(observe, predicate)
    }
}

/// Waits until `check` returns without throwing (the old `futureAssert`): retries it on every
/// poll and, on timeout, reports the last error it threw.
///
/// ```swift
/// try waitUntilPasses {
///     guard model.items.count == 3 else { throw Mismatch("count is \(model.items.count)") }
/// }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait before throwing, in seconds. Defaults to ``defaultWaitTimeout``.
///   - pollInterval: The longest pause between checks. Defaults to ``defaultPollInterval``.
///   - fileID: The call site, reported on timeout. Leave the default.
///   - line: The call site, reported on timeout. Leave the default.
///   - check: Throws until the awaited state is reached.
/// - Returns: The seconds waited.
/// - Throws: ``WaitError`` with ``WaitError/lastError`` on timeout.
@discardableResult
public func waitUntilPasses(
    timeout: TimeInterval = defaultWaitTimeout, pollInterval: TimeInterval = defaultPollInterval,
    fileID: StaticString = #fileID, line: UInt = #line, _ check: () throws -> Void
) throws -> TimeInterval {
    try Poller(timeout: timeout, pollInterval: pollInterval, fileID: fileID, line: line).runBlocking {
        .passing(check)
    }
}

/// Suspends, without blocking a thread, until `condition` returns true; returns the seconds
/// waited.
///
/// The condition runs on the caller's actor, so it may read main-actor state from a
/// `@MainActor` test:
///
/// ```swift
/// @MainActor @Test func loads() async throws {
///     let model = Model(dispatch: GCD())
///     model.load()
///     try await waitUntil { model.isLoaded }
/// }
/// ```
///
/// - Parameters:
///   - timeout: How long to wait before throwing, in seconds. Defaults to ``defaultWaitTimeout``.
///   - pollInterval: The pause between checks. Defaults to ``defaultPollInterval``.
///   - fileID: The call site, reported on timeout. Leave the default.
///   - line: The call site, reported on timeout. Leave the default.
///   - isolation: The actor the condition runs on: the caller's. Leave the default.
///   - condition: Checked on the caller's actor. An error it throws ends the wait at once.
/// - Returns: The seconds waited.
/// - Throws: ``WaitError`` on timeout or invalid arguments; `CancellationError` if the task is
///   cancelled.
@discardableResult
public func waitUntil(
    timeout: TimeInterval = defaultWaitTimeout, pollInterval: TimeInterval = defaultPollInterval,
    fileID: StaticString = #fileID, line: UInt = #line, isolation: isolated (any Actor)? = #isolation,
    _ condition: () throws -> Bool
) async throws -> TimeInterval {
    try await Poller(timeout: timeout, pollInterval: pollInterval, fileID: fileID, line: line).runSuspending(
        isolation: isolation
    ) {
        try condition() ? .satisfied : .notYet
    }
}

/// The `async` form of ``waitUntil(_:timeout:pollInterval:fileID:line:satisfies:)``.
///
/// - Parameters:
///   - observe: Produces the value to check; evaluated once per check, on the caller's actor.
///   - timeout: How long to wait before throwing, in seconds. Defaults to ``defaultWaitTimeout``.
///   - pollInterval: The pause between checks. Defaults to ``defaultPollInterval``.
///   - fileID: The call site, reported on timeout. Leave the default.
///   - line: The call site, reported on timeout. Leave the default.
///   - isolation: The actor the checks run on: the caller's. Leave the default.
///   - predicate: Whether the observed value is the one waited for.
/// - Returns: The seconds waited.
@discardableResult
public func waitUntil<Value>(
    _ observe: @autoclosure () throws -> Value, timeout: TimeInterval = defaultWaitTimeout,
    pollInterval: TimeInterval = defaultPollInterval, fileID: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation, satisfies predicate: (Value) throws -> Bool
) async throws -> TimeInterval {
    try await Poller(timeout: timeout, pollInterval: pollInterval, fileID: fileID, line: line).runSuspending(
        isolation: isolation
    ) {
        try .observing(observe, predicate)
    }
}

/// The `async` form of ``waitUntilPasses(timeout:pollInterval:fileID:line:_:)``.
///
/// - Parameters:
///   - timeout: How long to wait before throwing, in seconds. Defaults to ``defaultWaitTimeout``.
///   - pollInterval: The pause between checks. Defaults to ``defaultPollInterval``.
///   - fileID: The call site, reported on timeout. Leave the default.
///   - line: The call site, reported on timeout. Leave the default.
///   - isolation: The actor the checks run on: the caller's. Leave the default.
///   - check: Throws until the awaited state is reached.
/// - Returns: The seconds waited.
@discardableResult
public func waitUntilPasses(
    timeout: TimeInterval = defaultWaitTimeout, pollInterval: TimeInterval = defaultPollInterval,
    fileID: StaticString = #fileID, line: UInt = #line, isolation: isolated (any Actor)? = #isolation,
    _ check: () throws -> Void
) async throws -> TimeInterval {
    try await Poller(timeout: timeout, pollInterval: pollInterval, fileID: fileID, line: line).runSuspending(
        isolation: isolation
    ) {
        .passing(check)
    }
}
