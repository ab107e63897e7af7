// Ported from grpc-swift-2 2.4.3, Tests/GRPCCoreTests/Transport/RetryThrottleTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - the `@available(gRPCSwift 2.0, *)` line before class RetryThrottleTests dropped (Swift Testing refuses `@Suite` under it).
// - `class RetryThrottleTests: XCTestCase` → `@Suite class RetryThrottleTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 6 `test…()` methods.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

/*
 * Copyright 2023, gRPC Authors All rights reserved.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

import DispatchableTesting
import Foundation
import HuntSupport
import Testing

@testable import GRPCCore

@Suite final class RetryThrottleTests: XCTestCaseShim, @unchecked Sendable {
  @Test(.explored(schedules: 300, seed: 1)) func testThrottleOnInit() {
    let throttle = RetryThrottle(maxTokens: 10, tokenRatio: 0.1)
    // Start with max tokens, so permitted.
    XCTAssertTrue(throttle.isRetryPermitted)
    XCTAssertEqual(throttle.maxTokens, 10)
    XCTAssertEqual(throttle.tokens, 10)
    XCTAssertEqual(throttle.tokenRatio, 0.1)
  }

  @Test(.explored(schedules: 300, seed: 1)) func testThrottleIgnoresMoreThanThreeDecimals() {
    let throttle = RetryThrottle(maxTokens: 10, tokenRatio: 0.1239)
    XCTAssertEqual(throttle.tokenRatio, 0.123)
  }

  @Test(.explored(schedules: 300, seed: 1)) func testFailureReducesTokens() {
    let throttle = RetryThrottle(maxTokens: 10, tokenRatio: 0.1)
    XCTAssertEqual(throttle.tokens, 10)
    XCTAssert(throttle.isRetryPermitted)

    throttle.recordFailure()
    XCTAssertEqual(throttle.tokens, 9)
    XCTAssert(throttle.isRetryPermitted)

    throttle.recordFailure()
    XCTAssertEqual(throttle.tokens, 8)
    XCTAssert(throttle.isRetryPermitted)

    throttle.recordFailure()
    XCTAssertEqual(throttle.tokens, 7)
    XCTAssert(throttle.isRetryPermitted)

    throttle.recordFailure()
    XCTAssertEqual(throttle.tokens, 6)
    XCTAssert(throttle.isRetryPermitted)

    // Drop to threshold, retries no longer allowed.
    throttle.recordFailure()
    XCTAssertEqual(throttle.tokens, 5)
    XCTAssertFalse(throttle.isRetryPermitted)
  }

  @Test(.explored(schedules: 300, seed: 1)) func testTokensCantDropBelowZero() {
    let throttle = RetryThrottle(maxTokens: 10, tokenRatio: 0.1)
    for _ in 0 ..< 1000 {
      throttle.recordFailure()
      XCTAssertGreaterThanOrEqual(throttle.tokens, 0)
    }
    XCTAssertEqual(throttle.tokens, 0)
  }

  @Test(.explored(schedules: 300, seed: 1)) func testSuccessIncreasesTokens() {
    let throttle = RetryThrottle(maxTokens: 10, tokenRatio: 0.1)

    // Drop to zero.
    for _ in 0 ..< 10 {
      throttle.recordFailure()
    }
    XCTAssertEqual(throttle.tokens, 0)

    // Start recording successes.
    throttle.recordSuccess()
    XCTAssertEqual(throttle.tokens, 0.1)

    throttle.recordSuccess()
    XCTAssertEqual(throttle.tokens, 0.2)

    throttle.recordSuccess()
    XCTAssertEqual(throttle.tokens, 0.3)
  }

  @Test(.explored(schedules: 300, seed: 1)) func testTokensCantRiseAboveMax() {
    let throttle = RetryThrottle(maxTokens: 10, tokenRatio: 0.1)
    XCTAssertEqual(throttle.tokens, 10)
    throttle.recordSuccess()
    XCTAssertEqual(throttle.tokens, 10)
  }
}
