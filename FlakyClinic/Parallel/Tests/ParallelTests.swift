import DispatchableTesting
import Foundation
import Synchronization
import Testing

@testable import Dispatchable

/// A search box's model: each query starts a `Task {}` that debounces 300 ms on the clock it is
/// given, then asks an actor for results; only the last query's results are shown.
@MainActor final class DebouncedSearch {
    private let clock: any Clock<Duration>
    private let service: SearchService
    private var pending: Task<Void, Never>?
    private(set) var results: [String] = []

    init(clock: any Clock<Duration>, service: SearchService) {
        self.clock = clock
        self.service = service
    }

    func queryChanged(_ query: String) {
        pending?.cancel()
        pending = Task {
            do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
            let found = await service.results(for: query)
            if !Task.isCancelled { results = found }
        }
    }
}

actor SearchService {
    func results(for query: String) -> [String] { ["\(query) results"] }
}

/// How many of the deterministic tests have finished in this process: the probe hops until all have.
let finished = Mutex(0)

@Suite struct HundredDeterministicTests {
    @available(macOS 15, iOS 18, *)
    @Test(.deterministic, arguments: 1...100)
    @MainActor func theLastQuerysResultsAreShown(_ number: Int) async throws {
        defer { finished.withLock { $0 += 1 } }
        let mock = MockDispatchable(mode: .manual)
        let search = DebouncedSearch(clock: mock.clock, service: SearchService())
        for keystroke in 1...5 { search.queryChanged("query \(number).\(keystroke)") }
        try await mock.waitUntilIdle()
        #expect(search.results == ["query \(number).5 results"])
    }
}

@Suite struct MainActorLatencyBesideThem {
    /// Hops to the main actor every 10 ms while the deterministic tests run (up to 3 s), and prints
    /// how late each hop ran and how many of those tests it ran beside (had not finished when it began):
    /// `CLINIC-PARALLEL|hops=…|beside=…|p50_ms=…|p99_ms=…|max_ms=…`. A measurement for `run.sh` to
    /// read, not a timed assertion: it fails only when it saw no hop at all.
    @Test func aHopEvery10Milliseconds() async throws {
        var delays: [Double] = []
        let clock = ContinuousClock()
        let before = finished.withLock { $0 }
        let end = clock.now + .seconds(3)
        // Only hops made while some of the deterministic tests were still running count (one
        // process runs each of them once).
        while clock.now < end, finished.withLock({ $0 }) < 100 {
            // From asking to running on the main actor: the way back to the cooperative pool aside.
            let asked = clock.now
            let arrived = await MainActor.run { clock.now }
            delays.append(Double((arrived - asked) / .microseconds(1)) / 1_000)
            try await Task.sleep(for: .milliseconds(10))
        }
        let beside = 100 - before
        #expect(!delays.isEmpty)
        delays.sort()
        func percentile(_ share: Double) -> Double { delays[min(delays.count - 1, Int(Double(delays.count) * share))] }
        print(
            "CLINIC-PARALLEL|hops=\(delays.count)|beside=\(beside)|p50_ms=\(String(format: "%.2f", percentile(0.5)))"
                + "|p99_ms=\(String(format: "%.2f", percentile(0.99)))|max_ms=\(String(format: "%.2f", delays.last ?? 0))"
        )
    }
}
