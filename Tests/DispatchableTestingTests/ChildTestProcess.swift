import Foundation

@testable import Dispatchable

/// This test binary run again, on one Swift Testing test that stops its process: a test the parent
/// run skips (it is enabled only in the child), whose exit and output the parent checks.
enum ChildTestProcess {
    /// The variable that enables, in the child, the tests only a child runs.
    static let variable = "DISPATCHABLE_TESTING_CHILD"

    /// Whether this process is such a child.
    static var isChild: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// How long a child may run before it is killed (a hang is a failure, not a wait).
    static let timeout: TimeInterval = 120

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
    static func run(_ filter: String, _ arguments: String...) async throws -> Outcome {
        try await run(filter, environment: [:], arguments)
    }

    /// ``run(_:_:)`` with `environment` added to the child's.
    static func run(_ filter: String, environment: [String: String], _ arguments: [String] = []) async throws
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
            let reaped = Locked(false)
            let killer = Thread {
                Thread.sleep(forTimeInterval: timeout)
                reaped.withLock { if !$0 { _ = kill(child, SIGKILL) } }
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
            reaped.withLock { $0 = true }
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
            let exited = Locked(false)
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                exited.withLock { if !$0 { process.terminate() } }
            }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            exited.withLock { $0 = true }
            return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
        }
    #endif
}
