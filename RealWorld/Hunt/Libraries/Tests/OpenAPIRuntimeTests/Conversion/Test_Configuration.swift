// Ported from swift-openapi-runtime 1.13.4, Tests/OpenAPIRuntimeTests/Conversion/Test_Configuration.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// An XCTest file run as Swift Testing: `import XCTest` -> `import HuntXCTestSupport`,
// `import Testing`, `import DispatchableTesting`; `class …: XCTestCase` -> `class …:
// ShimmedTestCase` (Swift Testing refuses a class naming XCTestCase); `@Test(.explored(schedules: 300, seed: 1))` before
// each test method (5 here). Nothing else changed but the edits above.

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
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

final class Test_Configuration: Test_Runtime {

    @Test(.explored(schedules: 300, seed: 1)) func testDateTranscoder_iso8601() throws {
        let transcoder: any DateTranscoder = .iso8601
        XCTAssertEqual(try transcoder.encode(testDate), testDateString)
        XCTAssertEqual(testDate, try transcoder.decode(testDateString))
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDateTranscoder_iso8601WithFractionalSeconds() throws {
        let transcoder: any DateTranscoder = .iso8601WithFractionalSeconds

        // There is a small accuracy difference in the Foundation ISO8601DateFormatter
        // and the new Foundation .formatted() APIs, so the below tests take that into account
        #if FullFoundation || canImport(Darwin)
        XCTAssertEqual(try transcoder.encode(testDateWithFractionalSeconds), testDateWithFractionalSecondsString)
        #else
        XCTAssertEqual(
            try transcoder.encode(testDateWithFractionalSeconds),
            testDateWithFractionalSecondsStringNewFoundationAPIs
        )
        #endif
        XCTAssertEqual(
            testDateWithFractionalSeconds.timeIntervalSince1970,
            try transcoder.decode(testDateWithFractionalSecondsString).timeIntervalSince1970,
            accuracy: 0.00001
        )
    }

    func _testJSON(configuration: Configuration, expected: String) async throws {
        let converter = Converter(configuration: configuration)
        var headerFields: HTTPFields = [:]
        let body = try converter.setResponseBodyAsJSON(
            testPetWithPath,
            headerFields: &headerFields,
            contentType: "application/json"
        )
        let data = try await Data(collecting: body, upTo: 1024)
        XCTAssertEqualStringifiedData(data, expected)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testJSONEncodingOptions_default() async throws {
        try await _testJSON(configuration: Configuration(), expected: testPetWithPathPrettifiedWithEscapingSlashes)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testJSONEncodingOptions_empty() async throws {
        try await _testJSON(
            configuration: Configuration(jsonEncodingOptions: [
                .sortedKeys  // without sorted keys, this test would be unreliable
            ]),
            expected: testPetWithPathMinifiedWithEscapingSlashes
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func testJSONEncodingOptions_prettyWithoutEscapingSlashes() async throws {
        try await _testJSON(
            configuration: Configuration(jsonEncodingOptions: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
            expected: testPetWithPathPrettifiedWithoutEscapingSlashes
        )
    }
}
