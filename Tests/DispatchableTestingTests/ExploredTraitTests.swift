import DispatchableTesting
import Foundation
import Testing

@testable import Dispatchable

/// A cache that decodes each image once. The bug (`buggy`): a second call that arrives while the
/// first is decoding does not wait for it (actor reentrancy), and decodes again.
actor ImageCache {
    let buggy: Bool
    private var images: [String: String] = [:]
    private var inFlight: [String: Task<String, Never>] = [:]
    private(set) var decodes = 0

    init(buggy: Bool) { self.buggy = buggy }

    func image(for key: String) async -> String {
        if let image = images[key] { return image }
        if !buggy, let decoding = inFlight[key] { return await decoding.value }
        decodes += 1
        let decoding = Task { "decoded \(key)" }
        inFlight[key] = decoding
        let image = await decoding.value
        images[key] = image
        inFlight[key] = nil
        return image
    }
}

/// Tests as users write them: only `#expect`, one trait more.
@Suite struct ExploredTraitTests {
    @Test(.explored(schedules: 200, seed: 42))
    func theFixedCacheDecodesOnceInEverySchedule() async {
        let cache = ImageCache(buggy: false)
        async let a = cache.image(for: "cat")
        async let b = cache.image(for: "cat")
        _ = await (a, b)
        #expect(await cache.decodes == 1)
    }

    @Test(.exploredExhaustively(limit: 2_000), arguments: ["cat", "dog"])
    func theFixedCacheDecodesOncePerKey(key: String) async {
        let cache = ImageCache(buggy: false)
        async let a = cache.image(for: key)
        async let b = cache.image(for: key)
        _ = await (a, b)
        #expect(await cache.decodes == 1)
    }

    @Test(.replayed(""))
    func theFixedCachePassesOrdinaryOrderReplayed() async {
        let cache = ImageCache(buggy: false)
        _ = await cache.image(for: "cat")
        #expect(await cache.decodes == 1)
    }

    /// The explored trait on the buggy twin, run through its scope inside a known issue: exactly one
    /// issue of the explorer's, naming the `.replayed("…")` trait, beside the test's own `#expect`.
    @Test func theReentrantCacheFailsWithOneReportNamingItsSchedule() async throws {
        let issues = Issues()
        let trait: ExplorationTrait = .explored(schedules: 1_000, seed: 42)
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let cache = ImageCache(buggy: true)
                async let a = cache.image(for: "cat")
                async let b = cache.image(for: "cat")
                _ = await (a, b)
                #expect(await cache.decodes == 1)
            }
        } matching: { issue in
            issues.append(String(describing: issue))
            return true
        }
        let recorded = issues.all
        let reports = recorded.filter { $0.contains("DispatchableTesting: a schedule failed") }
        #expect(reports.count == 1, "\(recorded)")
        #expect(reports.first?.contains(".replayed(\"") == true, "\(recorded)")
        #expect(recorded.contains { $0.contains("cache.decodes") }, "the test's own #expect is reported")
        // The matcher may see an issue more than once; distinct issues: the test's own and the report.
        #expect(Set(recorded).count == 2, "one report, not one per schedule: \(Set(recorded))")
    }

    /// A manual-mode mock the test makes joins the run: a stale search result is found.
    @Test func aManualModeTestWithItsOwnMockIsExplored() async throws {
        let issues = Issues()
        let trait: ExplorationTrait = .exploredExhaustively(limit: 1_000)
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                try await staleSearch(buggy: true)
            }
        } matching: { issue in
            issues.append(String(describing: issue))
            return true
        }
        #expect(issues.all.filter { $0.contains("DispatchableTesting: a schedule failed") }.count == 1)
    }

    @Test(.exploredExhaustively(limit: 1_000))
    func theFixedSearchShowsTheLatestResultInEverySchedule() async throws {
        try await staleSearch(buggy: false)
    }
}

/// Two searches offloaded; each result hops to main. The bug: the older result, landing last,
/// overwrites the newer one.
func staleSearch(buggy: Bool) async throws {
    let mock = MockDispatchable(mode: .manual)
    let shown = Issues()
    let latest = Issues()
    for query in ["sw", "swift"] {
        latest.append(query)
        mock.offload {
            mock.main {
                if buggy || latest.all.last == query { shown.append(query) }
            }
        }
    }
    try await mock.runUntilIdle(timeout: 5)
    #expect(shown.all.last == "swift")
}

final class Issues: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
