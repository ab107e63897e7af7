// Minimal reproductions of what the clinic's deterministic forms hit (run with
// `swift build --build-tests --scratch-path .build-clinic --manifest-cache none` and
// `.build-clinic/debug/FlakyClinicPackageTests.xctest --testing-library swift-testing --filter ClinicRepro`).
import Dispatchable
import DispatchableTesting
import Foundation
import Testing

@Suite struct ClinicRepro {
    /// Under `.deterministic` a bare `Task.sleep` passes on virtual time, but `Date()` (and
    /// `ContinuousClock.now`) read the real clock: code that sleeps and then compares the wall clock
    /// sees no time pass. GoogleAuthTokenCacheSleepsUntilStale's TokenCache does this (it sleeps
    /// until a token is stale by `Date()`, then finds it not stale and sleeps again). Passes
    /// without the trait; fails with it.
    @Test(.deterministic) func theWallClockDoesNotFollowVirtualTime() async throws {
        let start = Date()
        try await Task.sleep(for: .seconds(1))
        #expect(Date().timeIntervalSince(start) >= 1)
    }

    /// The same body without the trait: passes (it sleeps 1 s of real time).
    @Test func theWallClockFollowsRealTime() async throws {
        let start = Date()
        try await Task.sleep(for: .seconds(1))
        #expect(Date().timeIntervalSince(start) >= 1)
    }
}
