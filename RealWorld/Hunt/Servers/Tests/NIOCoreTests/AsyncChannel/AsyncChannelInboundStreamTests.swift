// Ported from swift-nio 2.101.2, Tests/NIOCoreTests/AsyncChannel/AsyncChannelInboundStreamTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - the `@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)` line before class AsyncChannelInboundStreamTests dropped (Swift Testing refuses `@Suite` under it).
// - `class AsyncChannelInboundStreamTests: XCTestCase` → `@Suite class AsyncChannelInboundStreamTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 2 `test…()` methods.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2023 Apple Inc. and the SwiftNIO project authors
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

@testable import NIOCore

@Suite final class AsyncChannelInboundStreamTests: XCTestCaseShim, @unchecked Sendable {
    @Test(.explored(schedules: 300, seed: 1)) func testTestingStream() async throws {
        let (stream, source) = NIOAsyncChannelInboundStream<Int>.makeTestingStream()

        try await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                var elements = [Int]()
                for try await element in stream {
                    elements.append(element)
                }
                return elements
            }

            for element in 0...10 {
                source.yield(element)
            }
            source.finish()

            let result = try await group.next()
            XCTAssertEqual(result, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testTestingStream_whenThrowing() async throws {
        let (stream, source) = NIOAsyncChannelInboundStream<Int>.makeTestingStream()

        await withThrowingTaskGroup(of: [Int].self) { group in
            group.addTask {
                var elements = [Int]()
                for try await element in stream {
                    elements.append(element)
                }
                return elements
            }
            source.finish(throwing: ChannelError.alreadyClosed)

            do {
                _ = try await group.next()
                XCTFail("Expected an error to be thrown")
            } catch {
                XCTAssertEqual(error as? ChannelError, .alreadyClosed)
            }
        }
    }
}
