// Ported from swift-nio 2.101.2, Tests/NIOCoreTests/AsyncSequences/NIOAsyncSequenceProducer+HighLowWatermarkBackPressureStrategyTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - NIOAsyncSequenceProducerBackPressureStrategiesHighLowWatermarkTests: `override` and the `super.` call dropped from `setUp()` and `tearDown()`, which the added `init()` and `deinit` call.
// - the `@available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)` line before class NIOAsyncSequenceProducerBackPressureStrategiesHighLowWatermarkTests dropped (Swift Testing refuses `@Suite` under it).
// - `class NIOAsyncSequenceProducerBackPressureStrategiesHighLowWatermarkTests: XCTestCase` → `@Suite class NIOAsyncSequenceProducerBackPressureStrategiesHighLowWatermarkTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 7 `test…()` methods.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2022 Apple Inc. and the SwiftNIO project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftNIO project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import DispatchableTesting
import NIOCore
import Foundation
import HuntSupport
import Testing

@Suite final class NIOAsyncSequenceProducerBackPressureStrategiesHighLowWatermarkTests: XCTestCaseShim, @unchecked Sendable {
    init() { self.setUp() }
    deinit { self.tearDown() }
    private var strategy: NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark!

    func setUp() {

        self.strategy = .init(
            lowWatermark: 5,
            highWatermark: 10
        )
    }

    func tearDown() {
        self.strategy = nil

    }

    @Test(.explored(schedules: 300, seed: 1)) func testDidYield_whenBelowHighWatermark() {
        XCTAssertTrue(self.strategy.didYield(bufferDepth: 5))
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDidYield_whenAboveHighWatermark() {
        XCTAssertFalse(self.strategy.didYield(bufferDepth: 15))
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDidYield_whenAtHighWatermark() {
        XCTAssertFalse(self.strategy.didYield(bufferDepth: 10))
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDidConsume_whenBelowLowWatermark() {
        XCTAssertTrue(self.strategy.didConsume(bufferDepth: 4))
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDidConsume_whenAboveLowWatermark() {
        XCTAssertTrue(self.strategy.didConsume(bufferDepth: 6))
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDidConsume_whenAtLowWatermark() {
        XCTAssertTrue(self.strategy.didConsume(bufferDepth: 5))
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDidYieldWhenNoOutstandingDemand() {
        // Hit the high watermark
        XCTAssertFalse(self.strategy.didYield(bufferDepth: 10))
        // Drop below it, don't read.
        XCTAssertFalse(self.strategy.didConsume(bufferDepth: 7))
        // Yield more, still above the low watermark, so don't produce more.
        XCTAssertFalse(self.strategy.didYield(bufferDepth: 8))
        // Drop below low watermark to start producing again.
        XCTAssertTrue(self.strategy.didConsume(bufferDepth: 4))
    }
}
