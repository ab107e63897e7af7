// Ported from swift-openapi-runtime 1.13.4, Tests/OpenAPIRuntimeTests/Errors/Test_RuntimeError.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// An XCTest file run as Swift Testing: `import XCTest` -> `import HuntXCTestSupport`,
// `import Testing`, `import DispatchableTesting`; `class …: XCTestCase` -> `class …:
// ShimmedTestCase` (Swift Testing refuses a class naming XCTestCase); `@Test(.explored(schedules: 300, seed: 1))` before
// each test method (4 here). Nothing else changed but the edits above.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftOpenAPIGenerator open source project
//
// Copyright (c) 2024 Apple Inc. and the SwiftOpenAPIGenerator project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftOpenAPIGenerator project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Foundation
import HTTPTypes
@_spi(Generated) @testable import OpenAPIRuntime
import HuntXCTestSupport
import Testing
import DispatchableTesting

struct MockRuntimeErrorHandler: Sendable {
    var failWithError: (any Error)? = nil
    func greet(_ input: String) async throws -> String {
        if let failWithError { throw failWithError }
        guard input == "hello" else { throw TestError() }
        return "bye"
    }

    static let requestBody: HTTPBody = HTTPBody("hello")
    static let responseBody: HTTPBody = HTTPBody("bye")
}

final class Test_RuntimeError: ShimmedTestCase {
    @Test(.explored(schedules: 300, seed: 1)) func testRuntimeError_withUnderlyingErrorNotConforming_returns500() async throws {
        let server = UniversalServer(
            handler: MockRuntimeErrorHandler(failWithError: RuntimeError.transportFailed(TestError())),
            middlewares: [ErrorHandlingMiddleware()]
        )
        let response = try await server.handle(
            request: .init(soar_path: "/", method: .post),
            requestBody: MockHandler.requestBody,
            metadata: .init(),
            forOperation: "op",
            using: { MockRuntimeErrorHandler.greet($0) },
            deserializer: { request, body, metadata in
                let body = try XCTUnwrap(body)
                return try await String(collecting: body, upTo: 10)
            },
            serializer: { output, _ in fatalError() }
        )
        XCTAssertEqual(response.0.status, .internalServerError)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testRuntimeError_withUnderlyingErrorConforming_returnsCorrectStatusCode() async throws {
        let server = UniversalServer(
            handler: MockRuntimeErrorHandler(failWithError: TestErrorConvertible.testError("Test Error")),
            middlewares: [ErrorHandlingMiddleware()]
        )
        let response = try await server.handle(
            request: .init(soar_path: "/", method: .post),
            requestBody: MockHandler.requestBody,
            metadata: .init(),
            forOperation: "op",
            using: { MockRuntimeErrorHandler.greet($0) },
            deserializer: { request, body, metadata in
                let body = try XCTUnwrap(body)
                return try await String(collecting: body, upTo: 10)
            },
            serializer: { output, _ in fatalError() }
        )
        XCTAssertEqual(response.0.status, .badGateway)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testRuntimeError_withResponseContentTypeNotAcceptable_returnsProblemDetails() async throws {
        let server = UniversalServer(
            handler: MockRuntimeErrorHandler(
                failWithError: RuntimeError.responseContentTypeNotAcceptable(
                    responseContentType: "application/json",
                    acceptableContentTypes: ["text/html", "application/xhtml+xml", "application/xml"]
                )
            ),
            middlewares: [ErrorHandlingMiddleware()]
        )
        let response = try await server.handle(
            request: .init(soar_path: "/", method: .post),
            requestBody: MockHandler.requestBody,
            metadata: .init(),
            forOperation: "op",
            using: { MockRuntimeErrorHandler.greet($0) },
            deserializer: { request, body, metadata in
                let body = try XCTUnwrap(body)
                return try await String(collecting: body, upTo: 10)
            },
            serializer: { output, _ in fatalError() }
        )
        XCTAssertEqual(response.0.status, .notAcceptable)
        XCTAssertEqual(response.0.headerFields[.contentType], "application/problem+json")

        let httpBody = try XCTUnwrap(response.1)
        let buffer = try await ArraySlice(collecting: httpBody, upTo: 2 * 1024 * 1024)
        let jsonString = try XCTUnwrap(String(data: Data(buffer), encoding: .utf8))

        let expectedJSON = #"""
            {
              "acceptableContentTypes" : [
                "text/html",
                "application/xhtml+xml",
                "application/xml"
              ],
              "detail" : "Response content type not acceptable, content type: application/json, accepted: text/html, application/xhtml+xml, application/xml",
              "responseContentType" : "application/json",
              "status" : 406,
              "title" : "Response content type not acceptable",
              "type" : "https://swiftpackageindex.com/apple/swift-openapi-runtime/documentation/openapiruntime/response-content-type-not-acceptable"
            }
            """#

        XCTAssertEqual(jsonString, expectedJSON)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDescriptions() async throws {
        let error: any Error = RuntimeError.transportFailed(PrintableError())
        XCTAssertEqual("\(error)", "Transport threw an error.")
        XCTAssertEqual(error.localizedDescription, "Transport threw an error.")
    }
}

enum TestErrorConvertible: Error, HTTPResponseConvertible {
    case testError(String)
    /// HTTP status code for error cases
    public var httpStatus: HTTPTypes.HTTPResponse.Status { .badGateway }
}
