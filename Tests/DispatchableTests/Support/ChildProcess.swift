import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The tests' one child-process harness. This file is DispatchableTests' and is symlinked into
// DispatchableTestingTests (as the copied mock is into CopiedMockTests): one file, not a copy.

/// A test's child process, in the two forms the tests need:
/// - **an exit test's child** (`#expect(processExitsWith:)`): ``run(within:_:)`` runs the input that
///   could crash or hang under a watchdog, and the helpers below it end the child on a wrong outcome;
/// - **this test binary run again on one test** that stops its process (a trait that keeps a stuck
///   test open, a refused run): ``runTest(_:_:)`` returns the child's exit status and output.
enum ChildProcess {
    // MARK: This test binary run again on one test

    /// The variable that enables, in the child, the tests only a child runs.
    static let variable = "DISPATCHABLE_TESTING_CHILD"

    /// Whether this process is such a child.
    static var isChild: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// How long a child may run before it is killed (a hang is a failure, not a wait).
    static let testTimeout: TimeInterval = 120

    struct Outcome {
        let status: Int32
        let output: String
    }

    /// Runs the test `filter` names in a child process, with `arguments` more, and returns its
    /// exit status and output (standard output and error together).
    ///
    /// The child is waited for on a thread of its own, not in the calling task: a task blocked
    /// reading its output holds one of the cooperative pool's threads, two on a 2-core machine —
    /// all of them — for as long as the child runs. Under Thread Sanitizer on a busy machine that
    /// was 79 s, in which no other test's task could resume (a `waitUntil(timeout: 0.05)` beside
    /// them returned after 64 s).
    static func runTest(_ filter: String, _ arguments: String...) async throws -> Outcome {
        try await runTest(filter, environment: [:], arguments)
    }

    /// ``runTest(_:_:)`` with `environment` added to the child's.
    static func runTest(_ filter: String, environment: [String: String], _ arguments: [String] = []) async throws
        -> Outcome
    {
        let arguments = ["--testing-library", "swift-testing", "--filter", filter] + arguments
        let environment = childEnvironment.merging(environment) { $1 }
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result {
                        #if canImport(Glibc)
                            try spawn(CommandLine.arguments[0], arguments, environment)
                        #else
                            try runWithFoundation(CommandLine.arguments[0], arguments, environment)
                        #endif
                    })
            }.start()
        }
    }

    /// The child's environment: this one, with the child's tests enabled and no crash backtracer
    /// (a child that stops would start it, and it inherits the output pipe and may outlive the
    /// child — under Thread Sanitizer it hung: no end of output, the child never reaped).
    private static var childEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    #if canImport(Glibc)
        /// `posix_spawn` and `waitpid`: the child is reaped at once. (Foundation's `Process` left
        /// its child a zombie under Thread Sanitizer, and Swift Testing's exit-test monitor, which
        /// waits for any child without reaping the ones it does not know, then spun on it.)
        private static func spawn(
            _ path: String, _ arguments: [String], _ environment: [String: String]
        ) throws -> Outcome {
            var pipe: [Int32] = [0, 0]
            guard Glibc.pipe(&pipe) == 0 else { throw SpawnError(what: "pipe") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer {
                for pointer in argv + envp { free(pointer) }
            }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
            close(pipe[1])
            guard status == 0 else {
                close(pipe[0])
                throw SpawnError(what: "posix_spawn (\(status))")
            }
            let child = pid
            let reaped = Flag()
            let killer = Thread {
                Thread.sleep(forTimeInterval: testTimeout)
                if !reaped.isSet { _ = kill(child, SIGKILL) }
            }
            killer.start()
            var output: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count <= 0 { break }
                output += buffer[0..<count]
            }
            close(pipe[0])
            var exit: Int32 = 0
            while waitpid(child, &exit, 0) == -1, errno == EINTR {}
            reaped.set()
            let code: Int32 = (exit & 0x7f) == 0 ? (exit >> 8) & 0xff : 128 + (exit & 0x7f)
            return Outcome(status: code, output: String(decoding: output, as: UTF8.self))
        }

        struct SpawnError: Error {
            let what: String
        }
    #else
        private static func runWithFoundation(
            _ path: String, _ arguments: [String], _ environment: [String: String]
        ) throws -> Outcome {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let exited = Flag()
            DispatchQueue.global().asyncAfter(deadline: .now() + testTimeout) {
                if !exited.isSet { process.terminate() }
            }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            exited.set()
            return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
        }
    #endif

    /// A flag set once, read from another thread.
    private final class Flag: @unchecked Sendable {
        // @unchecked: `value` is read and written under `lock`.
        private let lock = NSLock()
        private var value = false

        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}

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
    extension ChildProcess {
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
