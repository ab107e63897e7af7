// The test of Flaky.swift with `.deterministic`. Changes, and nothing else:
// - `@Test` → `@Test(.deterministic)`;
// - `let mock = MockDispatchable(mode: .manual)` made first (and `_ = mock`: nothing else uses it);
// - the real-time wait, the poll `while await provider.count < 1 { try await Task.sleep(for: .seconds(0.01)) }` and the sleeps of 0.1 s and 0.6 s (real time measured against a token that expires 0.5 s after it is made), is KEPT as it is: under the trait it
//   runs on virtual time. It is not replaced by `try await mock.waitUntilIdle()`, because the cache's
//   refresh loop never ends (after a fetch it sleeps until the token is stale, then fetches again):
//   the run is never idle, and `waitUntilIdle()` ends in `stepLimitExceeded` after 100,000 steps
//   (tried; see the case README). TokenCache sleeps with `Task.sleep(for:)`, not on an injected
//   clock, so there is no clock to pass: on Linux with Swift 6.3 the run puts that `Task.sleep` on
//   virtual time;
// - imports: `@testable import Dispatchable` and `import DispatchableTesting` added.
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
  @Test(.deterministic) func testRefreshTaskSleepsUntilStale() async throws {
    let mock = MockDispatchable(mode: .manual)
    _ = mock
    let provider = MockTokenProvider()
    let now = Date()

    // Token expires in 0.5 seconds
    let token = Token(
      accessToken: "token-1", expirationDate: now.addingTimeInterval(0.5))
    await provider.configure(token: token)

    let cache = await TokenCache(
      provider: provider,
      normalRefreshSlack: .seconds(0.2),  // Stale if expires in < 0.2s
      shortRefreshSlack: .seconds(0.05)
    )

    // Wait for the first fetch to complete (triggered by init)
    while await provider.count < 1 {
      try await Task.sleep(for: .seconds(0.01))
    }

    // Now background loop should calculate sleep: 0.5 - 0.2 = 0.3 seconds

    // Re-configure provider to return a new token on next fetch
    let nextToken = Token(
      accessToken: "token-2", expirationDate: Date().addingTimeInterval(1000))
    await provider.configure(token: nextToken)

    // Wait 0.1 seconds (less than 0.3s sleep). Should NOT have fetched again!
    try await Task.sleep(for: .seconds(0.1))
    #expect(await provider.count == 1)

    // Wait another 0.6 seconds (total 0.7s, well past the 0.5s expiration). Should HAVE fetched again!
    try await Task.sleep(for: .seconds(0.6))
    #expect(await provider.count == 2)

    let fetchedToken = try await cache.token()
    #expect(fetchedToken.accessToken == "token-2")
  }
}
