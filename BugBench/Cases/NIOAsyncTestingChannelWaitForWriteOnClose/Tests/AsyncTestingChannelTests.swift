// From apple/swift-nio, Tests/NIOEmbeddedTests/AsyncTestingChannelTests.swift at
// 5dc3b4ba4aabf35edca53eed3ec7ad1706189afd (the fix #3464, which added the test):
// AsyncTestingChannelTests.testEnqueueWriteConsumersBeforeChannelClosesWithoutAnyWrites, and the
// file's private helper `XCTAsyncAssertThrowsError` it uses (verbatim).
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing` (upstream's `import NIOCore` kept:
// NIOCore is the offline swift-nio 2.101.2); `@testable import
// NIOEmbedded` removed (the kernel is compiled into this module); `import Atomics` and the
// `#if canImport(Android)` import dropped (only other tests of the file use them); `class
// AsyncTestingChannelTests: XCTestCase {` → `@Suite struct AsyncTestingChannelTests:
// XCTestCaseShim {`, without its `@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)` (Swift
// Testing refuses `@Suite`/`@Test` under it; the package's platforms are newer anyway);
// `@Test(.bugBench)` on the kept test; every other test and helper of the file left out.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2017-2022 Apple Inc. and the SwiftNIO project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftNIO project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import BugBenchSupport
import NIOCore
import Testing

@Suite struct AsyncTestingChannelTests: XCTestCaseShim {
    @Test(.bugBench)
    func testEnqueueWriteConsumersBeforeChannelClosesWithoutAnyWrites() async throws {
        let channel = NIOAsyncTestingChannel()

        let task = Task {
            // We don't write anything to the channel and simply just close it. Waiting for an inbound/outbound write
            // should result in a `ChannelError.ioOnClosedChannel` when the channel closes.
            await XCTAsyncAssertThrowsError(try await channel.waitForInboundWrite(as: Int.self)) {
                XCTAssertEqual($0 as? ChannelError, ChannelError.ioOnClosedChannel)
            }
            await XCTAsyncAssertThrowsError(try await channel.waitForOutboundWrite(as: Int.self)) {
                XCTAssertEqual($0 as? ChannelError, ChannelError.ioOnClosedChannel)
            }
        }

        // Close the channel without performing any inbound or outbound writes
        try await channel.close()
        try await task.value
    }
}


@available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *)
private func XCTAsyncAssertThrowsError<ResultType>(
    _ expression: @autoclosure () async throws -> ResultType,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ callback: ((Error) -> Void)? = nil
) async {
    do {
        let _ = try await expression()
        XCTFail("Did not throw", file: file, line: line)
    } catch {
        callback?(error)
    }
}
