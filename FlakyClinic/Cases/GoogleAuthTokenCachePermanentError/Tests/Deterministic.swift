// The test of Flaky.swift with `.deterministic`. Changes, and nothing else:
// - `@Test` → `@Test(.deterministic)`;
// - `let mock = MockDispatchable(mode: .manual)` made first (and `_ = mock`: nothing else uses it);
// - the real-time wait, `try await Task.sleep(for: .seconds(0.5))` (500 ms of real time for the refresh loop to fail and record the permanent error), is KEPT as it is: under the trait it
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
  @Test(.deterministic) func testTokenThrowsPermanentError() async throws {
    let mock = MockDispatchable(mode: .manual)
    _ = mock
    let provider = MockTokenProvider()
    let expectedError = URLError(.userAuthenticationRequired)
    await provider.configure(token: nil, error: expectedError)

    let cache = await TokenCache(
      provider: provider,
      normalRefreshSlack: .seconds(2),
      shortRefreshSlack: .seconds(0.1),
      isRetryable: { _ in false }  // Treat all errors as permanent
    )

    // Wait for the background loop to fail and set permanentError
    try await Task.sleep(for: .seconds(0.5))

    // Calling token() should throw the permanent error
    await #expect {
      try await cache.token()
    } throws: { error in
      guard let urlError = error as? URLError else { return false }
      return urlError.code == .userAuthenticationRequired
    }

    // Verify count is 1 (it didn't retry)
    #expect(await provider.count == 1)

    // Call it again, should still throw the SAME error without calling provider
    await #expect {
      try await cache.token()
    } throws: { error in
      guard let urlError = error as? URLError else { return false }
      return urlError.code == .userAuthenticationRequired
    }

    #expect(await provider.count == 1)
  }
}
