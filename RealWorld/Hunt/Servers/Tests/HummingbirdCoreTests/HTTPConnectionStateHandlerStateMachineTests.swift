// Ported from hummingbird 2.28.1, Tests/HummingbirdCoreTests/HTTPConnectionStateHandlerStateMachineTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 8 Swift Testing `@Test`s.
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
import NIOCore
import NIOHTTPTypes
import Testing

@testable import HummingbirdCore

struct HTTPConnectionStateHandlerStateMachineTests {
    /// Should close connection if idle timer triggers and no head read
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func idleTimeoutAfterActive() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        clock.advance(to: .init(.seconds(30)))
        let timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .closeConnection)
    }

    /// Should close connection if idle timer triggers and only head read
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func idleTimeoutAfterHeadRead() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        clock.advance(to: .init(.seconds(2)))
        stateMachine.readHTTPPart(.head(.init(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")))
        clock.advance(to: .init(.seconds(30)))
        var timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .rescheduleTimeout(deadline: .init(.seconds(32))))
        clock.advance(to: .init(.seconds(32)))
        timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .closeConnection)
    }

    /// Should close connection if idle timer triggers and head and some body read
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func idleTimeoutAfterHeadReadBodyReading() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        clock.advance(to: .init(.seconds(2)))
        stateMachine.readHTTPPart(.head(.init(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")))
        stateMachine.readHTTPPart(.body(.init()))
        clock.advance(to: .init(.seconds(30)))
        var timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .rescheduleTimeout(deadline: .init(.seconds(32))))
        clock.advance(to: .init(.seconds(32)))
        timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .closeConnection)
    }

    /// Should do nothing if idle timer triggers and request read
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func noIdleTimeoutAfterRequestRead() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        stateMachine.readHTTPPart(.head(.init(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")))
        stateMachine.readHTTPPart(.body(.init()))
        stateMachine.readHTTPPart(.end(nil))
        clock.advance(to: .init(.seconds(30)))
        let timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .doNothing)
    }

    /// Should do nothing if idle timer triggers and request read and response is being written
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func noIdleTimeoutAfterRequestReadResponseWriting() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        stateMachine.readHTTPPart(.head(.init(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")))
        stateMachine.readHTTPPart(.body(.init()))
        stateMachine.readHTTPPart(.end(nil))
        let writePartAction = stateMachine.writeHTTPPart(.head(.init(status: .ok)))
        #expect(writePartAction == .doNothing)
        clock.advance(to: .init(.seconds(30)))
        let timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .doNothing)
    }

    /// Should close connection if idle timer triggers and request is in progress of being read even though
    /// we have started writing a response
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func idleTimeoutRequestReadingResponseWriting() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        clock.advance(to: .init(.seconds(2)))
        stateMachine.readHTTPPart(.head(.init(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")))
        stateMachine.readHTTPPart(.body(.init()))
        let writePartAction = stateMachine.writeHTTPPart(.head(.init(status: .ok)))
        #expect(writePartAction == .doNothing)
        clock.advance(to: .init(.seconds(30)))
        var timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .rescheduleTimeout(deadline: .init(.seconds(32))))
        clock.advance(to: .init(.seconds(32)))
        timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .closeConnection)
    }

    /// Should close connection if idle timer triggers and request is still reading and response has been written
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func idleTimeoutAfterRequestReadResponseWritten() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        stateMachine.readHTTPPart(.head(.init(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")))
        stateMachine.readHTTPPart(.body(.init()))
        stateMachine.readHTTPPart(.end(nil))
        clock.advance(to: .init(.seconds(2)))
        var writePartAction = stateMachine.writeHTTPPart(.head(.init(status: .ok)))
        #expect(writePartAction == .doNothing)
        writePartAction = stateMachine.writeHTTPPart(.end(nil))
        #expect(writePartAction == .scheduleTimeout(deadline: .init(.seconds(32))))
        clock.advance(to: .init(.seconds(32)))
        let timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .closeConnection)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    @Test(.explored(schedules: 300, seed: 1))
    func idleTimeoutAfterRequestReadingResponseWritten() async throws {
        let clock = MockClock()
        var stateMachine = HTTPConnectionStateHandler.StateMachine(idleTimeout: .seconds(30), clock: clock)
        let activeAction = stateMachine.setActive()
        #expect(activeAction == .scheduleTimeout(deadline: MockClock.Instant(.seconds(30))))
        stateMachine.readHTTPPart(.head(.init(method: .get, scheme: "http", authority: "127.0.0.1", path: "/")))
        stateMachine.readHTTPPart(.body(.init()))
        clock.advance(to: .init(.seconds(2)))
        var writePartAction = stateMachine.writeHTTPPart(.head(.init(status: .ok)))
        #expect(writePartAction == .doNothing)
        writePartAction = stateMachine.writeHTTPPart(.end(nil))
        #expect(writePartAction == .scheduleTimeout(deadline: .init(.seconds(32))))
        clock.advance(to: .init(.seconds(32)))
        let timeoutAction = stateMachine.timeoutTriggered()
        #expect(timeoutAction == .closeConnection)
    }
}
