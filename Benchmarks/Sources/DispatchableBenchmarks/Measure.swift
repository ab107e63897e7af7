import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall-clock seconds `body` takes.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Wall-clock seconds `body` takes.
func seconds(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

/// CPU seconds (user + system) this process has used.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return value(usage.ru_utime) + value(usage.ru_stime)
}

/// Resident memory of this process in bytes: on Linux the current figure, from `/proc/self/statm`;
/// on Apple platforms the peak so far (`getrusage`'s `ru_maxrss`, in bytes there), which a
/// measurement that allocates its subject last reads the same way.
///
/// Large arrays live in their own `mmap`ed pages, so the growth of resident memory across a big
/// allocation measures it to within a page.
func residentBytes() -> Int? {
    #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
        var usage = rusage()
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss)
    #endif
}

/// One reported figure and its target.
struct Figure {
    let name: String
    let value: String
    let target: String
    let met: Bool?
}

/// Collects figures and prints them as a table.
final class Report: @unchecked Sendable {
    // @unchecked: `figures` is only touched while `lock` is held.
    private let lock = NSLock()
    private var figures: [Figure] = []

    func add(_ name: String, _ value: String, target: String = "", met: Bool? = nil) {
        lock.lock()
        defer { lock.unlock() }
        figures.append(Figure(name: name, value: value, target: target, met: met))
        let verdict = met.map { $0 ? "meets" : "MISSES" } ?? ""
        print(
            name.padding(toLength: 58, withPad: " ", startingAt: 0) + " "
                + value.padding(toLength: 26, withPad: " ", startingAt: 0) + " "
                + target.padding(toLength: 22, withPad: " ", startingAt: 0) + " " + verdict)
        fflush(nil)  // every stream: `stdout` is a global var Swift 6 will not read
    }

    var allMet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return figures.allSatisfy { $0.met ?? true }
    }
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
