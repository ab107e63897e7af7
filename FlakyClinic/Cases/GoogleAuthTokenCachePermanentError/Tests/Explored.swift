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
  @Test(.explored(schedules: 300, seed: 1)) func testTokenThrowsPermanentError() async throws {
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
