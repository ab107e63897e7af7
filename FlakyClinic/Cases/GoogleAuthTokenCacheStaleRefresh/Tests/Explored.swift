// The test of Flaky.swift, as it is, with `.explored(schedules: 300, seed: 1)`: 300 schedules
// (seed 1) of its tasks, actors and sleeps, in the orders real Swift concurrency allows, on virtual
// time. Changes, and nothing else:
// - `@Test` → `@Test(.explored(schedules: 300, seed: 1))`;
// - imports: `@testable import Dispatchable` and `import DispatchableTesting` added.
// The test's real-time waits and its expectations are kept as upstream wrote them: under the trait
// its `Task.sleep`s and the code's run on virtual time, and the explorer looks for the order that
// breaks it (see ../../README.md, "What exploration names").
// Copyright 2026 Google LLC
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     https://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

import Foundation
import Testing
@testable import Dispatchable
import DispatchableTesting

// @testable import GoogleCloudAuth

// MARK: - Mock Concurrency-Safe Token Provider Actor

private actor MockTokenProvider: TokenProvider {
  private var fetchCount = 0
  private var nextToken: Token?
  private var nextError: Error?

  func configure(token: Token?, error: Error? = nil) {
    self.nextToken = token
    self.nextError = error
  }

  var count: Int {
    self.fetchCount
  }

  func fetchToken() async throws -> Token {
    self.fetchCount += 1
    if let error = self.nextError {
      throw error
    }
    guard let token = self.nextToken else {
      throw URLError(.unknown)
    }
    return token
  }
}

// MARK: - Suite: TokenCache Test

@Suite struct TokenCacheTest {
  @Test(.explored(schedules: 300, seed: 1)) func cacheRefreshesWhenTokenIsStale() async throws {
    let provider = MockTokenProvider()

    // Expiration date is 1.5 seconds from now (less than 2s normalRefreshSlack)
    let staleToken = Token(
      accessToken: "stale-token", expirationDate: Date().addingTimeInterval(1.5))
    await provider.configure(token: staleToken)

    // Use very short slack values for testing!
    let cache = await TokenCache(
      provider: provider,
      normalRefreshSlack: .seconds(2),  // Consider stale if expires in < 2s
      shortRefreshSlack: .seconds(0.1)  // Poll every 0.1s if stale
    )

    // First call fetches the stale token
    let token1 = try await cache.token()
    #expect(token1.accessToken == "stale-token")

    // Re-configure provider with a new fresh token
    let freshToken = Token(
      accessToken: "fresh-token", expirationDate: Date().addingTimeInterval(1000))
    await provider.configure(token: freshToken)

    // Wait a bit to allow the background loop to poll and refresh!
    try await Task.sleep(for: .seconds(0.5))

    // Second call should return the fresh token!
    let token2 = try await cache.token()
    #expect(token2.accessToken == "fresh-token")
    #expect(await provider.count == 2)  // Count is 2!
  }
}
