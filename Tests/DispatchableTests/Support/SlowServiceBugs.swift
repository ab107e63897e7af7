import Foundation

// Bugs that need a slow service: in the test the service is an instant double, so only a stall of
// its task's job — longer than the default stall bound's 0.1 s — makes it slow. Under the default
// bound their explorations pass and report the failure past it as a warning
// (`ExplorationReport.slowWorkFailure`); under `maximumStall: .infinity` they fail. Each takes the
// clock it sleeps on (`mock.clock` in a test).
//
// Shared by the tests and the benchmarks (`Benchmarks/` links this file).

/// An identity provider that answers at once: in production, a network round trip.
actor InstantIdentityProvider {
    private(set) var issued = 0

    func freshToken() -> String {
        issued += 1
        return "token \(issued)"
    }
}

/// A client that hands out an access token, refreshing it when it has none. The bug (`buggy`): it
/// does not remember the refresh in flight, so a request that comes while the provider is slow
/// refreshes again.
actor RefreshingClient {
    let provider: InstantIdentityProvider
    let buggy: Bool
    private var token: String?
    private var refreshing: Task<String, Never>?

    init(provider: InstantIdentityProvider, buggy: Bool) {
        self.provider = provider
        self.buggy = buggy
    }

    func validToken() async -> String {
        if let token { return token }
        if buggy {
            let fresh = await provider.freshToken()
            token = fresh
            return fresh
        }
        if let refreshing { return await refreshing.value }
        let refresh = Task { await provider.freshToken() }
        refreshing = refresh
        let fresh = await refresh.value
        token = fresh
        refreshing = nil
        return fresh
    }
}

struct RefreshedTwice: Error, CustomStringConvertible {
    let times: Int
    var description: String { "the token was refreshed \(times) times" }
}

/// A request for a token, and a second one 0.5 s later on the mock's clock: the token is refreshed
/// twice when the provider takes longer than 0.5 s, and the client is `buggy`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@Sendable func tokenRequestedTwice(
    on clock: any Clock<Duration>, buggy: Bool, secondAfter: Double = 0.5
) async throws {
    let provider = InstantIdentityProvider()
    let client = RefreshingClient(provider: provider, buggy: buggy)
    let second = Task {
        try await clock.sleep(for: .seconds(secondAfter))
        return await client.validToken()
    }
    _ = await client.validToken()
    _ = try await second.value
    let issued = await provider.issued
    if issued != 1 { throw RefreshedTwice(times: issued) }
}

/// What a connection attempt reported: "connected", "timed out".
final class ConnectionReports: Sendable {
    private let reports = LockedValue<[String]>([])
    private let buggy: Bool

    init(buggy: Bool) { self.buggy = buggy }

    /// Reports `what`; the fixed twin reports only the first outcome.
    func report(_ what: String) {
        reports.mutate { reports in
            if buggy || reports.isEmpty { reports.append(what) }
        }
    }

    var all: [String] { reports.value }
}

struct ReportedTwice: Error, CustomStringConvertible {
    let reports: [String]
    var description: String { "the connection attempt reported \(reports)" }
}

/// A connection started with a 1 s timeout, raced in a task group against the connection (an
/// instant double): when the connection lands after the timeout's sleep, both report, unless the
/// reports are fixed to keep the first.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@Sendable func connectionStartedWithATimeout(on clock: any Clock<Duration>, buggy: Bool) async throws {
    let reports = ConnectionReports(buggy: buggy)
    await withTaskGroup(of: Void.self) { group in
        group.addTask {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            reports.report("timed out")
        }
        group.addTask {
            await Task.yield()  // the connection: instant here, a network round trip in production
            reports.report("connected")
        }
        await group.next()
        group.cancelAll()
    }
    if reports.all.count != 1 { throw ReportedTwice(reports: reports.all) }
}
