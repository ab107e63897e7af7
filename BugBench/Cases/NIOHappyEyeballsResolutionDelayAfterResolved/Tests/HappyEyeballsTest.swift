// From apple/swift-nio, Tests/NIOPosixTests/HappyEyeballsTest.swift at
// 16f19c0c645014a41456097f1848018efca41d7e (the fix #3003, which added the test):
// HappyEyeballsTest.testResolutionTimeoutAndResolutionInSameTick, with the file's helpers (lines
// 1-267: constants, mocks, `DummyResolver`, `buildEyeballer`, ...) verbatim, some of which only
// other tests use.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `@testable import
// NIOPosix` removed (the kernel, HappyEyeballs.swift and Resolver.swift, is compiled into this
// module); `import NIOEmbedded` and `@testable import NIOCore` kept (offline swift-nio 2.101.2);
// `public final class HappyEyeballsTest: XCTestCase {` → `@Suite struct HappyEyeballsTest:
// XCTestCaseShim {`; `@Test(.bugBench)` on the kept test; every other test left out.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2017-2021 Apple Inc. and the SwiftNIO project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftNIO project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import BugBenchSupport
import NIOEmbedded
import Testing

@testable import NIOCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Bionic)
import Bionic
#else
#error("The Happy Eyeballs test module was unable to identify your C library.")
#endif

private let CONNECT_RECORDER = "connectRecorder"
private let CONNECT_DELAYER = "connectDelayer"
private let SINGLE_IPv6_RESULT = [SocketAddress(host: "example.com", ipAddress: "fe80::1", port: 80)]
private let SINGLE_IPv4_RESULT = [SocketAddress(host: "example.com", ipAddress: "10.0.0.1", port: 80)]
private let MANY_IPv6_RESULTS = (1...10).map { SocketAddress(host: "example.com", ipAddress: "fe80::\($0)", port: 80) }
private let MANY_IPv4_RESULTS = (1...10).map { SocketAddress(host: "example.com", ipAddress: "10.0.0.\($0)", port: 80) }

extension Array where Element == Channel {
    fileprivate func finishAll() {
        for element in self {
            do {
                _ = try (element as! EmbeddedChannel).finish()
                // We're happy with no error
            } catch ChannelError.alreadyClosed {
                return  // as well as already closed.
            } catch {
                XCTFail("Finishing got error \(error)")
            }
        }
    }
}

private class DummyError: Error, Equatable {
    // For dummy error equality is identity.
    static func == (lhs: DummyError, rhs: DummyError) -> Bool {
        ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
    }
}

private class ConnectRecorder: ChannelOutboundHandler {
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    enum State {
        case idle
        case connected
        case closed
    }

    var targetHost: String?
    var state: State = .idle

    public func connect(context: ChannelHandlerContext, to: SocketAddress, promise: EventLoopPromise<Void>?) {
        self.targetHost = to.toString()
        let connectPromise = promise ?? context.eventLoop.makePromise()
        connectPromise.futureResult.whenSuccess {
            self.state = .connected
        }
        context.connect(to: to, promise: connectPromise)
    }

    public func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        let connectPromise = promise ?? context.eventLoop.makePromise()
        connectPromise.futureResult.whenComplete { (_: Result<Void, Error>) in
            self.state = .closed
        }
        context.close(promise: connectPromise)
    }
}

private class ConnectionDelayer: ChannelOutboundHandler {
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    public var connectPromise: EventLoopPromise<Void>?

    public func connect(context: ChannelHandlerContext, to address: SocketAddress, promise: EventLoopPromise<Void>?) {
        self.connectPromise = promise
    }
}

extension Channel {
    fileprivate func connectTarget() -> String? {
        try! self.pipeline.context(name: CONNECT_RECORDER).map {
            ($0.handler as! ConnectRecorder).targetHost
        }.wait()
    }

    fileprivate func succeedConnection() {
        try! self.pipeline.context(name: CONNECT_DELAYER).map {
            ($0.handler as! ConnectionDelayer).connectPromise!.succeed(())
        }.wait()
    }

    fileprivate func failConnection(error: Error) {
        try! self.pipeline.context(name: CONNECT_DELAYER).map {
            ($0.handler as! ConnectionDelayer).connectPromise!.fail(error)
        }.wait()
    }

    fileprivate func state() -> ConnectRecorder.State {
        try! self.pipeline.context(name: CONNECT_RECORDER).map {
            ($0.handler as! ConnectRecorder).state
        }.flatMapErrorThrowing {
            switch $0 {
            case ChannelPipelineError.notFound:
                return .closed
            default:
                throw $0
            }
        }.wait()
    }
}

extension SocketAddress {
    fileprivate init(host: String, ipAddress: String, port: Int) {
        do {
            var v4addr = in_addr()
            try NIOBSDSocket.inet_pton(addressFamily: .inet, addressDescription: ipAddress, address: &v4addr)

            var sockaddr = sockaddr_in()
            sockaddr.sin_family = sa_family_t(NIOBSDSocket.AddressFamily.inet.rawValue)
            sockaddr.sin_port = in_port_t(port).bigEndian
            sockaddr.sin_addr = v4addr
            self = .init(sockaddr, host: host)
        } catch {
            do {
                var v6addr = in6_addr()
                try NIOBSDSocket.inet_pton(addressFamily: .inet6, addressDescription: ipAddress, address: &v6addr)

                var sockaddr = sockaddr_in6()
                sockaddr.sin6_family = sa_family_t(NIOBSDSocket.AddressFamily.inet6.rawValue)
                sockaddr.sin6_port = in_port_t(port).bigEndian
                sockaddr.sin6_flowinfo = 0
                sockaddr.sin6_scope_id = 0
                sockaddr.sin6_addr = v6addr
                self = .init(sockaddr, host: host)
            } catch {
                fatalError("Unable to convert to IP")
            }
        }
    }

    fileprivate func toString() -> String {
        let ptr = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 1).bindMemory(
            to: Int8.self,
            capacity: 256
        )
        switch self {
        case .v4(let address):
            var baseAddress = address.address
            try! NIOBSDSocket.inet_ntop(
                addressFamily: .inet,
                addressBytes: &baseAddress.sin_addr,
                addressDescription: ptr,
                addressDescriptionLength: 256
            )
        case .v6(let address):
            var baseAddress = address.address
            try! NIOBSDSocket.inet_ntop(
                addressFamily: .inet6,
                addressBytes: &baseAddress.sin6_addr,
                addressDescription: ptr,
                addressDescriptionLength: 256
            )
        case .unixDomainSocket:
            fatalError("No UDS support in happy eyeballs.")
        }

        let ipString = String(cString: ptr)
        ptr.deinitialize(count: 256).deallocate()
        return ipString
    }
}

extension EventLoopFuture {
    fileprivate func getError() -> Error? {
        guard self.isFulfilled else { return nil }

        var error: Error? = nil
        self.whenFailure { error = $0 }
        return error!
    }
}

// A simple resolver that allows control over the DNS resolution process.
private class DummyResolver: Resolver {
    let v4Promise: EventLoopPromise<[SocketAddress]>
    let v6Promise: EventLoopPromise<[SocketAddress]>

    enum Event {
        case a(host: String, port: Int)
        case aaaa(host: String, port: Int)
        case cancel
    }

    var events: [Event] = []

    init(loop: EventLoop) {
        self.v4Promise = loop.makePromise()
        self.v6Promise = loop.makePromise()
    }

    func initiateAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        events.append(.a(host: host, port: port))
        return self.v4Promise.futureResult
    }

    func initiateAAAAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        events.append(.aaaa(host: host, port: port))
        return self.v6Promise.futureResult
    }

    func cancelQueries() {
        events.append(.cancel)
    }
}

extension DummyResolver.Event: Equatable {
}

private func defaultChannelBuilder(loop: EventLoop, family: NIOBSDSocket.ProtocolFamily) -> EventLoopFuture<Channel> {
    let channel = EmbeddedChannel(loop: loop as! EmbeddedEventLoop)
    XCTAssertNoThrow(try channel.pipeline.addHandler(ConnectRecorder(), name: CONNECT_RECORDER).wait())
    return loop.makeSucceededFuture(channel)
}

private func buildEyeballer(
    host: String,
    port: Int,
    connectTimeout: TimeAmount = .seconds(10),
    channelBuilderCallback: @escaping (EventLoop, NIOBSDSocket.ProtocolFamily) -> EventLoopFuture<Channel> =
        defaultChannelBuilder
) -> (eyeballer: HappyEyeballsConnector<Void>, resolver: DummyResolver, loop: EmbeddedEventLoop) {
    let loop = EmbeddedEventLoop()
    let resolver = DummyResolver(loop: loop)
    let eyeballer = HappyEyeballsConnector(
        resolver: resolver,
        loop: loop,
        host: host,
        port: port,
        connectTimeout: connectTimeout,
        channelBuilderCallback: channelBuilderCallback
    )
    return (eyeballer: eyeballer, resolver: resolver, loop: loop)
}

@Suite struct HappyEyeballsTest: XCTestCaseShim {
    @Test(.bugBench)
    func testResolutionTimeoutAndResolutionInSameTick() throws {
        var channels: [Channel] = []
        let (eyeballer, resolver, loop) = buildEyeballer(host: "example.com", port: 80) {
            let channelFuture = defaultChannelBuilder(loop: $0, family: $1)
            channelFuture.whenSuccess { channel in
                try! channel.pipeline.addHandler(ConnectionDelayer(), name: CONNECT_DELAYER, position: .first).wait()
                channels.append(channel)
            }
            return channelFuture
        }
        let targetFuture = eyeballer.resolveAndConnect().flatMapThrowing { (channel) -> String? in
            let target = channel.connectTarget()
            _ = try (channel as! EmbeddedChannel).finish()
            return target
        }
        loop.run()

        // Then, queue a task to resolve the v6 promise after 50ms.
        // Why 50ms? This is the same time as the resolution delay.
        let promise = resolver.v6Promise
        loop.scheduleTask(in: .milliseconds(50)) {
            promise.fail(DummyError())
        }

        // Kick off the IPv4 resolution. This triggers the timer for the resolution delay.
        resolver.v4Promise.succeed(SINGLE_IPv4_RESULT)
        loop.run()

        // Advance time 50ms.
        loop.advanceTime(by: .milliseconds(50))

        // Then complete the connection future.
        XCTAssertEqual(channels.count, 1)
        channels.first!.succeedConnection()

        // Should be done.
        let target = try targetFuture.wait()
        XCTAssertEqual(target!, "10.0.0.1")

        // We should have had queries for AAAA and A.
        let expectedQueries: [DummyResolver.Event] = [
            .aaaa(host: "example.com", port: 80),
            .a(host: "example.com", port: 80),
        ]
        XCTAssertEqual(resolver.events, expectedQueries)
    }
}
