// One test's measurements as the line `make bug-bench` reads: `BUG-BENCH|key=value|…`, printed
// and appended to the file `BUGBENCH_RESULTS` names; the first finding's whole report goes to
// `BUGBENCH_DETAILS` (default: bug-bench-details.txt in the temporary directory).

import Dispatchable
import Foundation
import Testing

@testable import Dispatchable

struct BenchLine: Sendable {
    let caseName: String
    let testName: String
    let settings: BenchSettings
    private var fields: [(String, String)] = []
    /// The first strategy's failing schedule (`.mixed` before `.pct` before every schedule).
    private(set) var firstSchedule: String?
    var replayed: Int?
    var plain: PlainRuns.Result?

    init(test: Test, settings: BenchSettings) {
        caseName = test.id.moduleName
        testName = test.name.hasSuffix("()") ? String(test.name.dropLast(2)) : test.name
        self.settings = settings
    }

    mutating func note(_ strategy: BenchStrategy, _ outcome: BenchOutcome, seconds: Double) {
        let time = String(format: "%.2f", seconds)
        switch outcome {
        case .found(let error):
            let number = error.failedScheduleNumber.map(String.init) ?? "?"
            fields.append((strategy.rawValue, "\(error.kind) at \(number) in \(time)s"))
            guard firstSchedule == nil else { return }
            firstSchedule = error.schedule
            fields.append(("first", strategy.rawValue))
            fields.append(("deviations", error.deviationCount.map(String.init) ?? "?"))
            fields.append(("schedule", error.schedule ?? ""))
            BenchLog.detail("\(caseName).\(testName) [\(settings.twin), \(capture)] \(strategy):\n\(error.description)")
        case .passed(let report):
            var text = "passed \(report.schedulesRun)\(report.isExhaustive ? " (all)" : "") in \(time)s"
            if let slow = report.slowWorkFailure {
                text += " warning: stall \(slow.stall)s of \(slow.slowJob)"
                BenchLog.detail(
                    "\(caseName).\(testName) [\(settings.twin), \(capture)] \(strategy) warning:\n\(slow.report)")
            }
            fields.append((strategy.rawValue, text))
        case .refused(let error):
            fields.append((strategy.rawValue, "refused \(error.kind) in \(time)s"))
            if !fields.contains(where: { $0.0 == "refusal" }) { fields.append(("refusal", error.headline)) }
            BenchLog.detail(
                "\(caseName).\(testName) [\(settings.twin), \(capture)] \(strategy) refused:\n\(error.description)")
        case .threw(let error):
            fields.append((strategy.rawValue, "threw \(error) in \(time)s"))
        }
    }

    /// Says which phase begins (`BUG-BENCH-PHASE|…`), so that a process that dies in it (a data
    /// race's crash) is reported with its phase.
    func begin(_ phase: String) {
        BenchLog.append(
            "BUG-BENCH-PHASE|twin=\(settings.twin)|capture=\(capture)|case=\(caseName)|test=\(testName)|phase=\(phase)",
            printed: false)
    }

    private var capture: String { settings.isPublicCapture ? "public" : "default" }

    /// Prints what the explorations and replays said.
    func print() {
        var all = fields
        if let replayed { all.append(("replayed", "\(replayed)/3")) }
        emit(all)
    }

    /// Prints what the plain runs said, on a line of its own (the script merges a case's lines).
    func printPlain() {
        if let plain { emit([("plain", plain.description)]) }
    }

    private func emit(_ fields: [(String, String)]) {
        let all = [("twin", settings.twin), ("capture", capture), ("case", caseName), ("test", testName)] + fields
        BenchLog.append(
            "BUG-BENCH|" + all.map { "\($0.0)=\($0.1.replacingOccurrences(of: "|", with: "/"))" }.joined(separator: "|")
        )
    }
}

/// The lines and details, appended under one lock.
enum BenchLog {
    private static let lock = NSLock()

    static func append(_ line: String, printed: Bool = true) {
        lock.withLock {
            if printed { Swift.print(line) }
            fflush(nil)
            if let path = ProcessInfo.processInfo.environment["BUGBENCH_RESULTS"] { write(line + "\n", to: path) }
        }
    }

    static func detail(_ text: String) {
        let path =
            ProcessInfo.processInfo.environment["BUGBENCH_DETAILS"]
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("bug-bench-details.txt")
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
}
