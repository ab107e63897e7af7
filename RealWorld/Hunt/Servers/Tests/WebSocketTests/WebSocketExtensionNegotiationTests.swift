// Ported from swift-websocket 1.6.2, Tests/WebSocketTests/WebSocketExtensionNegotiationTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 7 Swift Testing `@Test`s.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

import DispatchableTesting
import HTTPTypes
import NIOWebSocket
import Testing

@testable import WSCompression
@testable import WSCore

struct WebSocketExtensionNegotiationTests {
    @Test(.explored(schedules: 300, seed: 1)) func testExtensionHeaderParsing() {
        let headers: HTTPFields = .init([
            .init(name: .secWebSocketExtensions, value: "permessage-deflate; client_max_window_bits; server_max_window_bits=10"),
            .init(name: .secWebSocketExtensions, value: "permessage-deflate;client_max_window_bits"),
        ])
        let extensions = WebSocketExtensionHTTPParameters.parseHeaders(headers)
        #expect(
            extensions == [
                .init("permessage-deflate", parameters: ["client_max_window_bits": .null, "server_max_window_bits": .value("10")]),
                .init("permessage-deflate", parameters: ["client_max_window_bits": .null]),
            ]
        )
    }

    @Test(
        .explored(schedules: 300, seed: 1), arguments: [
            (
                "permessage-deflate;client_max_window_bits=12;client_no_context_takeover",
                PerMessageDeflateExtensionBuilder(clientMaxWindow: 12, clientNoContextTakeover: true)
            ),
            (
                "permessage-deflate;server_max_window_bits=8;server_no_context_takeover",
                PerMessageDeflateExtensionBuilder(serverMaxWindow: 8, serverNoContextTakeover: true)
            ),
        ]
    )
    func testDeflateClientRequest(result: String, builder: PerMessageDeflateExtensionBuilder) {
        #expect(builder.clientRequestHeader() == result)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDeflateServerResponse() {
        let requestHeaders: [WebSocketExtensionHTTPParameters] = [
            .init("permessage-deflate", parameters: ["client_max_window_bits": .value("10")])
        ]
        let ext = PerMessageDeflateExtensionBuilder(clientNoContextTakeover: true, serverNoContextTakeover: true)
        let serverResponse = ext.serverResponseHeader(to: requestHeaders)
        #expect(
            serverResponse == "permessage-deflate;client_max_window_bits=10;client_no_context_takeover;server_no_context_takeover"
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func testDeflateServerResponseClientMaxWindowBits() {
        let requestHeaders: [WebSocketExtensionHTTPParameters] = [
            .init("permessage-deflate", parameters: ["client_max_window_bits": .null])
        ]
        let ext1 = PerMessageDeflateExtensionBuilder(serverNoContextTakeover: true)
        let serverResponse1 = ext1.serverResponseHeader(to: requestHeaders)
        #expect(
            serverResponse1 == "permessage-deflate;server_no_context_takeover"
        )
        let ext2 = PerMessageDeflateExtensionBuilder(clientNoContextTakeover: true, serverMaxWindow: 12)
        let serverResponse2 = ext2.serverResponseHeader(to: requestHeaders)
        #expect(
            serverResponse2 == "permessage-deflate;client_no_context_takeover;server_max_window_bits=12"
        )
    }

    @Test(.explored(schedules: 300, seed: 1)) func testUnregonisedExtensionServerResponse() throws {
        let serverExtensions: [WebSocketExtensionBuilder] = [PerMessageDeflateExtensionBuilder()]
        let (headers, extensions) = try serverExtensions.serverExtensionNegotiation(
            requestHeaders: [
                .secWebSocketExtensions: "permessage-foo;bar=baz",
                .secWebSocketExtensions: "permessage-deflate;client_max_window_bits=10",
            ]
        )
        #expect(
            headers[.secWebSocketExtensions] == "permessage-deflate;client_max_window_bits=10"
        )
        #expect(extensions.count == 1)
        let firstExtension = try #require(extensions.first)
        #expect(firstExtension is PerMessageDeflateExtension)

        let requestExtensions = try serverExtensions.buildClientExtensions(from: headers)
        #expect(requestExtensions.count == 1)
        #expect(requestExtensions[0] is PerMessageDeflateExtension)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testNonNegotiableClientExtension() throws {
        struct MyExtension: WebSocketExtension {
            var name = "my-extension"

            func processReceivedFrame(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
                frame
            }

            func processFrameToSend(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
                frame
            }

            func shutdown() async {}
        }
        let clientExtensionBuilders: [WebSocketExtensionBuilder] = [
            WebSocketExtensionFactory.nonNegotiatedExtension {
                MyExtension()
            }.build()
        ]
        let clientExtensions = try clientExtensionBuilders.buildClientExtensions(from: [:])
        #expect(clientExtensions.count == 1)
        let myExtension = try #require(clientExtensions.first)
        #expect(myExtension is MyExtension)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testNonNegotiableServerExtension() throws {
        struct MyExtension: WebSocketExtension {
            var name = "my-extension"

            func processReceivedFrame(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
                frame
            }

            func processFrameToSend(_ frame: WebSocketFrame, context: WebSocketExtensionContext) async throws -> WebSocketFrame {
                frame
            }

            func shutdown() async {}
        }
        let serverExtensionBuilders: [WebSocketExtensionBuilder] = [WebSocketNonNegotiableExtensionBuilder { MyExtension() }]
        let (headers, serverExtensions) = try serverExtensionBuilders.serverExtensionNegotiation(
            requestHeaders: [:]
        )
        #expect(headers.count == 0)
        #expect(serverExtensions.count == 1)
        let myExtension = try #require(serverExtensions.first)
        #expect(myExtension is MyExtension)
    }
}
