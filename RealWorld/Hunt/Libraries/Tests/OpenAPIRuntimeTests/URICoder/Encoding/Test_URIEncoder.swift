// Ported from swift-openapi-runtime 1.13.4, Tests/OpenAPIRuntimeTests/URICoder/Encoding/Test_URIEncoder.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
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
import HuntXCTestSupport
import Testing
import DispatchableTesting
@testable import OpenAPIRuntime

final class Test_URIEncoder: Test_Runtime {

    @Test(.explored(schedules: 300, seed: 1)) func testEncoding() throws {
        struct Foo: Encodable { var bar: String }
        let serializer = URISerializer(configuration: .formDataExplode)
        let encoder = URIEncoder(serializer: serializer)
        let encodedString = try encoder.encode(Foo(bar: "hello world"), forKey: "root")
        XCTAssertEqual(encodedString, "bar=hello+world")
    }
    @Test(.explored(schedules: 300, seed: 1)) func testNestedEncoding() throws {
        struct Foo: Encodable { var bar: String }
        let serializer = URISerializer(configuration: .deepObjectExplode)
        let encoder = URIEncoder(serializer: serializer)
        let encodedString = try encoder.encode(Foo(bar: "hello world"), forKey: "root")
        XCTAssertEqual(encodedString, "root%5Bbar%5D=hello%20world")
    }
}
