// Ported from hummingbird 2.28.1, Tests/HummingbirdCoreTests/HTTP1ChannelTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 4 Swift Testing `@Test`s.
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
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

struct HTTP1ChannelTests {
    func testHTTP1Channel(
        _ test: (NIOAsyncTestingChannel) async throws -> Void,
        responder: @escaping HTTPChannelHandler.Responder = { (request: Request, writer: consuming ResponseWriter, channel: any Channel) in
            let body = try await request.body.collect(upTo: .max)
            try await writer.writeResponse(
                .init(
                    status: .ok,
                    headerFields: [.test: "\(body.readableBytes)", .contentLength: "0"]
                )
            )
        }
    ) async throws {
        let channel = NIOAsyncTestingChannel()
        let logger = Logger(label: "HTTP1Channel")

        let http1Channel = HTTP1Channel(responder: responder)
        let value = try await channel.eventLoop.flatSubmit {
            http1Channel.setup(channel: channel, logger: logger)
        }.get()

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await http1Channel.handle(value: value, logger: logger)
            }
            try await test(channel)
            try await group.waitForAll()
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testHTTPParserError() async throws {
        try await testHTTP1Channel { channel in
            channel.pipeline.fireErrorCaught(HTTPParserError.unknown)
            let outbound = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            #expect(
                String(buffer: outbound) == "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
            )
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testHTTPParserErrorAfterHeader() async throws {
        try await testHTTP1Channel { channel in
            try await channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: example.com\r\nContent-Length: 16\r\n\r\n"))
            channel.pipeline.fireErrorCaught(HTTPParserError.unknown)
            let outbound = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            #expect(
                String(buffer: outbound) == "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
            )
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testHTTPParserErrorAfterSuccessfulResponse() async throws {
        try await testHTTP1Channel { channel in
            try await channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: example.com\r\nContent-Length: 0\r\n\r\n"))
            var outbound = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            #expect(
                String(buffer: outbound) == "HTTP/1.1 200 OK\r\ntest: 0\r\nContent-Length: 0\r\n\r\n"
            )
            channel.pipeline.fireErrorCaught(HTTPParserError.unknown)
            outbound = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            #expect(
                String(buffer: outbound) == "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
            )
        }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testHTTPParserErrorInvalidMethod() async throws {
        try await testHTTP1Channel { channel in
            do {
                try await channel.writeInbound(ByteBuffer(string: "INVALID / HTTP/1.1\r\nHost: example.com\r\nContent-Length: 0\r\n\r\n"))
            } catch HTTPParserError.invalidMethod {}
            let outbound = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            #expect(
                String(buffer: outbound) == "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
            )
        }
    }
}

/// HTTPField used during tests
extension HTTPField.Name {
    static let test = Self("test")!
}
