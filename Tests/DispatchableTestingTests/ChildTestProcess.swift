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
    static func run(_ filter: String, _ arguments: String...) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "1"
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
}
