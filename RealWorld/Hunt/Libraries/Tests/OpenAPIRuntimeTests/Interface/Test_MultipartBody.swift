// Ported from swift-openapi-runtime 1.13.4, Tests/OpenAPIRuntimeTests/Interface/Test_MultipartBody.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
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

final class Test_MultipartBody: ShimmedTestCase {

    @Test(.explored(schedules: 300, seed: 1)) func testIterationBehavior_single() async throws {
        let sourceSequence = (0..<Int.random(in: 2..<10)).map { _ in UUID().uuidString }
        let body = MultipartBody(sourceSequence, iterationBehavior: .single)

        XCTAssertFalse(body.testing_iteratorCreated)

        let iterated = try await body.reduce("") { $0 + $1 }
        XCTAssertEqual(iterated, sourceSequence.joined())

        XCTAssertTrue(body.testing_iteratorCreated)

        do {
            for try await _ in body {}
            XCTFail("Expected an error to be thrown")
        } catch {}
    }

    @Test(.explored(schedules: 300, seed: 1)) func testIterationBehavior_multiple() async throws {
        let sourceSequence = (0..<Int.random(in: 2..<10)).map { _ in UUID().uuidString }
        let body = MultipartBody(sourceSequence, iterationBehavior: .multiple)

        XCTAssertFalse(body.testing_iteratorCreated)
        for _ in 0..<2 {
            let iterated = try await body.reduce("") { $0 + $1 }
            XCTAssertEqual(iterated, sourceSequence.joined())
            XCTAssertTrue(body.testing_iteratorCreated)
        }
    }

}
