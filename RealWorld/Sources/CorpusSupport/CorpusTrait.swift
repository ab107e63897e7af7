// The corpus's one trait: runs a ported test, unchanged, under exploration and reports what the
// explorer said about it — its verdict, the schedules it ran, the time it took — as a line the
// make target collects (`REAL-WORLD|…`), and as an issue where the verdict is not the expected one.
//
// It is DispatchableTesting's `.exploredExhaustively` / `.explored` with the report kept: a failed
// `#expect` (or a ported `XCTAssert…`, see XCTestShims.swift) fails the schedule it happened in.
//
// The trait explores `run` — a closure that calls the test function on a fresh suite instance, as
// XCTest makes one per test — instead of the function Swift Testing hands its scope. That one is
// non-escaping: reaching it from runs needs `withoutActuallyEscaping`, which traps ("closure
// argument was escaped") when a run is left suspended inside the test — a deadlock, a refusal —
// and still holds it (README: finding 6), or a loan that ends with the exploration, as
// DispatchableTesting's trait does since #34. `run` is the trait's own: a dropped run may keep it.

import Dispatchable
import Foundation
import Testing

@testable import Dispatchable
@testable import DispatchableTesting

/// What the explorer is expected to say about a ported test.
public enum CorpusExpectation: Sendable {
    /// Every schedule passes: the test has no ordering bug the explorer can reach, and the
    /// explorer raises no false alarm on it.
    case passes
    /// A real ordering bug of the package (or of its test): some schedule fails with `kind`, and
    /// the README says why the order is a legal one. `why` is said in the report line.
    case finds(CorpusVerdict, why: String)
    /// The test depends on something outside a run by design (a real GCD queue, a signal source):
    /// the explorer refuses it with `kind`, naming what escaped, as its documentation says.
    case outOfScope(CorpusVerdict, why: String)
    /// An open false-alarm class of the explorer's (issue #33): every schedule should pass, and
    /// the explorer sometimes reports `kind` instead; either verdict is accepted and reported.
    case knownFalseAlarm(CorpusVerdict, why: String)
}

/// The kinds of failure an exploration reports (`MockDispatchableError.Kind`'s names; that type is
/// internal to a `@testable import`).
public enum CorpusVerdict: String, Sendable {
    case scheduleFailed, deadlock, nondeterministicBody, unsupported, stepLimitExceeded
}

/// Runs a ported test under exploration and reports the verdict; see ``CorpusTrait``.
public struct CorpusTrait: TestTrait, TestScoping {
    enum Plan: Sendable {
        case exhaustive(limit: Int)
        case sampled(schedules: Int, seed: Int)
    }

    let source: String
    let run: @Sendable () async throws -> Void
    let plan: Plan
    let expectation: CorpusExpectation
    let refusedByPublicCapture: String?
    let maximumStall: TimeInterval?
    let sourceLocation: SourceLocation

    /// Scopes each case of a test function, not the suite.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? { testCase == nil ? nil : self }

    /// Explores `run` (not `function`: see the file's header) and reports the verdict.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        try await explore(test: test, testCase: testCase, run)
    }

    private static var isPublicCapture: Bool {
        ProcessInfo.processInfo.environment["DISPATCHABLE_ASYNC_CAPTURE"] == "public"
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func explore(
        test: Test, testCase: Test.Case?, _ function: @escaping @Sendable () async throws -> Void
    ) async throws {
        let body: @Sendable (MockDispatchable) async throws -> Void = { _ in try await function() }
        let started = ContinuousClock.now
        let kept = Locked<MockDispatchable.ExplorationReport?>(nil)
        var failure: MockDispatchableError?
        do {
            try await Self.withIssuesFailingSchedules(test: test, testCase: testCase) {
                let report = try await run(body)
                kept.withLock { $0 = report }
            }
        } catch let error as MockDispatchableError {
            failure = error
        }
        let report = kept.withLock { $0 }
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let name = test.name.hasSuffix("()") ? String(test.name.dropLast(2)) : test.name
        let capture = Self.isPublicCapture ? "public" : "default"
        let verdict: String
        var problem: String?
        switch (failure, expectation) {
        case (nil, .passes), (nil, .knownFalseAlarm):
            verdict = "no false alarm"
        case (nil, .finds(let kind, _)), (nil, .outOfScope(let kind, _)):
            verdict = "MISSED \(kind)"
            problem = "expected the explorer to find a \(kind) schedule; every schedule passed"
        case (let error?, _) where error.kind == .unsupported && Self.isPublicCapture && refusedByPublicCapture != nil:
            verdict = "refused: \(refusedByPublicCapture!)"
        case (let error?, .finds(let kind, let why)) where "\(error.kind)" == kind.rawValue:
            verdict = "finds \(kind): \(why) [schedule \"\(error.schedule ?? "")\"]"
        case (let error?, .outOfScope(let kind, let why)) where "\(error.kind)" == kind.rawValue:
            verdict = "out of scope (\(kind)): \(why)"
        case (let error?, .knownFalseAlarm(let kind, let why)) where "\(error.kind)" == kind.rawValue:
            verdict = "known false alarm (\(kind)): \(why)"
            CorpusLog.detail("\(name): known false alarm (\(why))\n\(error.description)")
        case (let error?, _):
            verdict = "FALSE ALARM? \(error.kind)"
            problem = "the explorer reported \(error.kind); expected \(expectation)\n\(error.description)"
        }
        let schedules = report.map { "\($0.schedulesRun)\($0.isExhaustive ? " (all)" : "")" } ?? "-"
        let line = [
            "REAL-WORLD", capture, name, source, verdict, schedules, String(format: "%.2fs", seconds),
        ].joined(separator: "|")
        CorpusLog.append(line)
        if let problem {
            CorpusLog.detail("\(name): \(problem)")
            Issue.record(Comment(rawValue: "\(name): \(problem)"), sourceLocation: sourceLocation)
        }
    }

    /// Runs `body` with issues recorded inside a run failing that run's schedule, and held back,
    /// every run's: the verdict is the trait's to report, from the error the exploration throws.
    ///
    /// DispatchableTesting's `IssuesFailSchedules.withScope` passes the issues of the one run a
    /// report shows (the minimised failing schedule, run once more) on to the test, so that a
    /// failing test shows its own assertions: right for `.explored`, wrong here, where a failing
    /// schedule may be the expected verdict (`.finds`, `.outOfScope`, `.knownFalseAlarm`). A
    /// verdict that is not the expected one is recorded by the trait with the whole report.
    private static func withIssuesFailingSchedules(
        test: Test, testCase: Test.Case?, _ body: @Sendable () async throws -> Void
    ) async throws {
        let handler: IssueHandlingTrait = .compactMapIssues { issue in
            guard let run = MockDispatchable.runIssues else { return issue }
            run.record(String(describing: issue))
            return nil
        }
        try await handler.provideScope(for: test, testCase: testCase) {
            try await MockDispatchable.$failsRunsOnIssues.withValue(true) { try await body() }
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private func run(
        _ body: @escaping @Sendable (MockDispatchable) async throws -> Void
    ) async throws -> MockDispatchable.ExplorationReport {
        switch plan {
        case .exhaustive(let limit):
            try await MockDispatchable.exploreAllTasks(limit: limit, maximumStall: maximumStall, body)
        case .sampled(let schedules, let seed):
            try await MockDispatchable.exploreTasks(
                schedules: schedules, seed: seed, maximumStall: maximumStall, body)
        }
    }
}

extension Trait where Self == CorpusTrait {
    /// Runs `run` (the test function, called on a fresh suite instance) under every distinct
    /// schedule up to `limit`, fewest deviations first. `source` names the package, its version, the file and the test the body was ported from;
    /// `refusedByPublicCapture` says why the public capture may refuse it (a `Task.sleep`).
    public static func corpus(
        _ source: String, limit: Int, expecting expectation: CorpusExpectation = .passes,
        refusedByPublicCapture: String? = nil, maximumStall: TimeInterval? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, run: @escaping @Sendable () async throws -> Void
    ) -> Self {
        CorpusTrait(
            source: source, run: run, plan: .exhaustive(limit: limit), expectation: expectation,
            refusedByPublicCapture: refusedByPublicCapture, maximumStall: maximumStall, sourceLocation: sourceLocation)
    }

    /// Runs the test under `schedules` schedules picked from `seed` (for spaces too big to cover).
    public static func corpus(
        _ source: String, schedules: Int, seed: Int = 0, expecting expectation: CorpusExpectation = .passes,
        refusedByPublicCapture: String? = nil, maximumStall: TimeInterval? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, run: @escaping @Sendable () async throws -> Void
    ) -> Self {
        CorpusTrait(
            source: source, run: run, plan: .sampled(schedules: schedules, seed: seed), expectation: expectation,
            refusedByPublicCapture: refusedByPublicCapture, maximumStall: maximumStall, sourceLocation: sourceLocation)
    }
}

/// The report lines: printed, and appended to the file `REAL_WORLD_RESULTS` names, if any.
enum CorpusLog {
    private static let lock = NSLock()

    /// What went wrong, in full (Swift Testing shortens an issue's comment), appended to the file
    /// `REAL_WORLD_DETAILS` names (default: real-world-details.txt in the temporary directory).
    static func detail(_ text: String) {
        let path =
            ProcessInfo.processInfo.environment["REAL_WORLD_DETAILS"]
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("real-world-details.txt")
        lock.withLock { write(text + "\n\n", to: path) }
    }

    private static func write(_ text: String, to path: String) {
        if let handle = FileHandle(forWritingAtPath: path) {
            handle.seekToEndOfFile()
            handle.write(Data(text.utf8))
            handle.closeFile()
        } else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }
    }

    static func append(_ line: String) {
        lock.withLock {
            print(line)
            guard let path = ProcessInfo.processInfo.environment["REAL_WORLD_RESULTS"] else { return }
            write(line + "\n", to: path)
        }
    }
}
