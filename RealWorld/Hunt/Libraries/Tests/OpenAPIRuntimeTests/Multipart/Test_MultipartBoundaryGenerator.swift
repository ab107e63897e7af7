// Ported from swift-openapi-runtime 1.13.4, Tests/OpenAPIRuntimeTests/Multipart/Test_MultipartBoundaryGenerator.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
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

final class Test_MultipartBoundaryGenerator: Test_Runtime {

    @Test(.explored(schedules: 300, seed: 1)) func testConstant() throws {
        let generator = ConstantMultipartBoundaryGenerator(boundary: "__abcd__")
        let firstBoundary = generator.makeBoundary()
        let secondBoundary = generator.makeBoundary()
        XCTAssertEqual(firstBoundary, "__abcd__")
        XCTAssertEqual(secondBoundary, "__abcd__")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testRandom() throws {
        let generator = RandomMultipartBoundaryGenerator(boundaryPrefix: "__abcd__", randomNumberSuffixLength: 8)
        let firstBoundary = generator.makeBoundary()
        let secondBoundary = generator.makeBoundary()
        XCTAssertNotEqual(firstBoundary, secondBoundary)
        XCTAssertTrue(firstBoundary.hasPrefix("__abcd__"))
        XCTAssertTrue(secondBoundary.hasPrefix("__abcd__"))
    }
}
