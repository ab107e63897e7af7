// Ported from swift-nio-http2 1.46.0, Tests/NIOHTTP2Tests/GlitchesMonitorTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - `class GlitchesMonitorTests: XCTestCase` → `@Suite class GlitchesMonitorTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 1 `test…()` methods.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2025 Apple Inc. and the SwiftNIO project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftNIO project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import DispatchableTesting
import Foundation
import HuntSupport
import Testing

@testable import NIOHTTP2

@Suite class GlitchesMonitorTests: XCTestCaseShim, @unchecked Sendable {
    @Test(.explored(schedules: 300, seed: 1)) func testProcessStreamError() throws {
        let maxGlitches: Int = 10
        var monitor = GlitchesMonitor(maximumGlitches: maxGlitches)

        // We accept up to `maxGlitches` glitches without erroring...
        for _ in 1...maxGlitches {
            XCTAssertNoThrow(try monitor.processStreamError())
        }

        // But any more glitches after that, we fail.
        for _ in 1...5 {
            XCTAssertThrowsError(try monitor.processStreamError()) { error in
                XCTAssertNotNil(error as? NIOHTTP2Errors.ExcessiveNumberOfGlitches)
            }
        }
    }
}
