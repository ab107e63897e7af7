// Ported from swift-openapi-runtime 1.13.4, Tests/OpenAPIRuntimeTests/Deprecated/Test_Deprecated.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Edited: 1 `@available(*, deprecated, message: …)` attribute(s) removed: Swift Testing refuses `@Test` on a deprecated declaration; upstream marks its tests of deprecated API so only to silence the warnings.
// An XCTest file run as Swift Testing: `import XCTest` -> `import HuntXCTestSupport`,
// `import Testing`, `import DispatchableTesting`; `class …: XCTestCase` -> `class …:
// ShimmedTestCase` (Swift Testing refuses a class naming XCTestCase); `@Test(.explored(schedules: 300, seed: 1))` before
// each test method (3 here). Nothing else changed but the edits above.

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
import HuntXCTestSupport
import Testing
import DispatchableTesting
@_spi(Generated) @testable import OpenAPIRuntime

final class Test_Deprecated: Test_Runtime {

    @Test(.explored(schedules: 300, seed: 1)) func testDeprecatedValueSetter_valueContainer() throws {
        var container = try OpenAPIValueContainer()
        container.value = "hello"
        XCTAssertEqual(container.value as? String, "hello")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDeprecatedValueSetter_objectContainer() {
        var container = OpenAPIObjectContainer()
        container.value = ["hello": "world"]
        XCTAssertEqual(container.value["hello"] as? String, "world")
        container.value["key"] = 123
        XCTAssertEqual(container.value["key"] as? Int, 123)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDeprecatedValueSetter_arrayContainer() {
        var container = OpenAPIArrayContainer()
        container.value = ["hello", 123]
        XCTAssertEqual(container.value.count, 2)
        XCTAssertEqual(container.value[0] as? String, "hello")
        XCTAssertEqual(container.value[1] as? Int, 123)
    }
}
