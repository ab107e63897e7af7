import Foundation
import Testing

@testable import Dispatchable
@testable import DispatchableTesting

/// A client that refreshes its token when it has none, and does not remember the refresh in
/// flight: a request that comes while the identity provider (an instant double here) is slow
/// refreshes again.
private actor ForgetfulClient {
    private var token: String?
    private(set) var refreshes = 0

    func validToken(from provider: Provider) async -> String {
        if let token { return token }
        refreshes += 1
        let fresh = await provider.token()
        token = fresh
        return fresh
    }

    actor Provider {
        func token() -> String { "fresh" }
    }
}

/// The traits record what slow work breaks as one warning issue: the test passes.
@Suite struct SlowWorkWarningTests {
    /// A second request 0.5 s after the first, on the mock's clock: two refreshes when the provider
    /// is slower than that.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Sendable static func twoRequests() async {
        let mock = MockDispatchable(mode: .manual)  // joins the run
        let clock = mock.clock
        let client = ForgetfulClient()
        let provider = ForgetfulClient.Provider()
        let second = Task {
            try await clock.sleep(for: .milliseconds(500))
            return await client.validToken(from: provider)
        }
        _ = await client.validToken(from: provider)
        _ = await second.result
        #expect(await client.refreshes == 1)
    }

    @Test func theTraitWarnsOnceWithTheReplayAndTheStall() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let (reported, thrown) = try await ReportedIssuesTests().reportedIssues(
            of: ExplorationTrait.exploredExhaustively(limit: 1_000)
        ) { await Self.twoRequests() }
        #expect(thrown == nil)
        #expect(reported.count == 1, "one warning, and none of the test's own issues: \(reported)")
        let warning = try #require(reported.first)
        #expect(warning.hasPrefix("warning: "), "\(warning)")
        #expect(warning.contains(".replayed(\""), "\(warning)")
        #expect(warning.contains("maximumStall: .infinity)"), "\(warning)")
        #expect(warning.contains("0.500s slower"), "\(warning)")
    }

    @Test func anExplicitBoundRecordsNothing() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let (reported, thrown) = try await ReportedIssuesTests().reportedIssues(
            of: ExplorationTrait.exploredExhaustively(limit: 1_000, maximumStall: 0.1)
        ) { await Self.twoRequests() }
        #expect(thrown == nil)
        #expect(reported.isEmpty, "\(reported)")
    }

    /// The warning's replay fails the test, with the test's own issue.
    @Test func theWarningsReplayFails() async throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let (warned, _) = try await ReportedIssuesTests().reportedIssues(
            of: ExplorationTrait.exploredExhaustively(limit: 1_000)
        ) { await Self.twoRequests() }
        let schedule = try #require(
            warned.first.flatMap { $0.split(separator: "\"").dropFirst().first.map(String.init) }, "\(warned)")
        let (reported, _) = try await ReportedIssuesTests().reportedIssues(
            of: ExplorationTrait.replayed(schedule, maximumStall: .infinity)
        ) { await Self.twoRequests() }
        #expect(reported.contains { $0.contains("Expectation failed: await client.refreshes == 1") }, "\(reported)")
        #expect(!reported.contains { $0.hasPrefix("warning: ") }, "\(reported)")
    }
}
