import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Exit tests exist where Swift Testing can start a child process (macOS, Linux, Windows; not
// iOS, tvOS, watchOS or visionOS), and their capture lists need a Swift 6.3 compiler.
#if compiler(>=6.3) && (os(macOS) || os(Linux) || os(Windows))

    /// The project's exit tests, one at a time.
    ///
    /// While an exit test's child runs, Swift Testing parks a thread of the parent's cooperative pool
    /// on a blocking read of the child's back channel until the child ends, and one more per
    /// observed stream (`ExitTest.swift` in swiftlang/swift-testing; its #1782 reads a line at a time
    /// but still blocks). On Linux, libdispatch adds threads when its workers block, so nothing
    /// stalls (`make exit-test-stall`: a 500 ms sleep took 0.500 s beside 16 children). Apple's
    /// cooperative pool is as wide as the machine has cores and never grows (three threads on a
    /// hosted macOS runner), so the project's seven exit-test suites running side by side would
    /// park all of it, and every other test's tasks, explorations among them, would wait for the
    /// children. Nested here, the suites run their exit tests one at a time: one thread parked.
    @Suite(.serialized) enum ChildProcessTests {}

    /// What an exit test's child process runs: the input that could crash or hang, under a watchdog.
    ///
    /// A crash ends the child with a signal, a hang ends it with ``hung`` once the watchdog fires, and
    /// an outcome other than the expected one ends it with ``wrongOutcome`` and the reason on standard
    /// error. The parent expects `.success`, so any of the three fails the test instead of taking the
    /// whole run down with it.
    enum ChildProcess {
        static let hung: Int32 = 86
        static let wrongOutcome: Int32 = 87

        static func run(within seconds: TimeInterval = 60, _ body: @Sendable () async throws -> Void) async {
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: seconds)
                report("hung: still running after \(seconds) s")
                exit(hung)
            }
            do {
                try await body()
            } catch {
                fail("threw \(error)")
            }
        }

        static func fail(_ reason: String) -> Never {
            report("wrong outcome: \(reason)")
            exit(wrongOutcome)
        }

        /// Writes `line` to standard error and to the parent's log of its children's reports: when
        /// the exit test fails, `#expect(processExitsWith:)` returns nil, not the child's standard
        /// error, so ``explain(_:sourceLocation:)`` reads the reason from that log.
        private static func report(_ line: String) {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
            guard let log = fopen(reportsPath(of: getppid()), "a") else { return }
            fputs("[child \(getpid())] \(line)\n", log)
            fclose(log)
        }

        private static func reportsPath(of process: pid_t) -> String {
            "/tmp/dispatchable-exit-tests-\(process).log"
        }

        static func expect(_ condition: Bool, _ reason: @autoclosure () -> String) {
            if !condition { fail(reason()) }
        }

        /// The error `body` throws, or a wrong outcome if it returns.
        static func error<Failure: Error>(
            _ type: Failure.Type, from body: () async throws -> Void
        ) async -> Failure {
            do {
                try await body()
            } catch let error as Failure {
                return error
            } catch {
                fail("threw \(error), not a \(Failure.self)")
            }
            fail("returned instead of throwing a \(Failure.self)")
        }

        /// The most memory this process has had resident so far, in bytes (`getrusage`'s
        /// `ru_maxrss`: kilobytes on Linux, bytes on Apple platforms). A child that cannot read it
        /// ends with a wrong outcome, so a memory test never passes without measuring.
        static var peakResidentBytes: Int {
            var usage = rusage()
            #if canImport(Glibc)
                let status = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
                let scale = 1024
            #else
                let status = getrusage(RUSAGE_SELF, &usage)
                let scale = 1
            #endif
            guard status == 0, usage.ru_maxrss > 0 else { fail("getrusage reported no resident memory") }
            return Int(usage.ru_maxrss) * scale
        }

        /// Shows why the child failed beside the failure. A failed exit test has no result (its
        /// standard error is not returned), so the reason comes from what this process's children
        /// reported.
        static func explain(_ result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation) {
            guard result == nil else { return }
            let reports = (try? String(contentsOfFile: reportsPath(of: getpid()), encoding: .utf8)) ?? ""
            Issue.record(
                "the child process failed; what this run's children reported:\n\(reports.suffix(4_000))",
                sourceLocation: sourceLocation)
        }
    }

#endif
