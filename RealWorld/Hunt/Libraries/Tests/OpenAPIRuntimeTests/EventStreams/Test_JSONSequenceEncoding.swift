// Ported from swift-openapi-runtime 1.13.4, Tests/OpenAPIRuntimeTests/EventStreams/Test_JSONSequenceEncoding.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// An XCTest file run as Swift Testing: `import XCTest` -> `import HuntXCTestSupport`,
// `import Testing`, `import DispatchableTesting`; `class …: XCTestCase` -> `class …:
// ShimmedTestCase` (Swift Testing refuses a class naming XCTestCase); `@Test(.explored(schedules: 300, seed: 1))` before
// each test method (2 here). Nothing else changed but the edits above.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftOpenAPIGenerator open source project
//
// Copyright (c) 2023 Apple Inc. and the SwiftOpenAPIGenerator project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftOpenAPIGenerator project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HuntXCTestSupport
import Testing
import DispatchableTesting
@_spi(Generated) @testable import OpenAPIRuntime

final class Test_JSONSequenceEncoding: Test_Runtime {
    @Test(.explored(schedules: 300, seed: 1)) func testSerialized() async throws {
        let upstream = WrappedSyncSequence(sequence: [
            ArraySlice(#"{"name":"Rover"}"#.utf8), ArraySlice(#"{"name":"Pancake"}"#.utf8),
        ])
        let sequence = JSONSequenceSerializationSequence(upstream: upstream)
        try await XCTAssertEqualAsyncData(sequence, testJSONSequenceBytes)
    }
    @Test(.explored(schedules: 300, seed: 1)) func testTyped() async throws {
        let sequence = testEventsAsyncSequence.asEncodedJSONSequence()
        try await XCTAssertEqualAsyncData(sequence, testJSONSequenceBytes)
    }
}
