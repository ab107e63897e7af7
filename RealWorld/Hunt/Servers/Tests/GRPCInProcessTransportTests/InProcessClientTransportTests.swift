// Ported from grpc-swift-2 2.4.3, Tests/GRPCInProcessTransportTests/InProcessClientTransportTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - `import XCTest` → `import Foundation` (which XCTest re-exports) + `import HuntSupport` (XCTest's assertions as shims) + `import Testing`.
// - the `@available(gRPCSwift 2.0, *)` line before class InProcessClientTransportTests dropped (Swift Testing refuses `@Suite` under it).
// - `class InProcessClientTransportTests: XCTestCase` → `@Suite class InProcessClientTransportTests: XCTestCaseShim, @unchecked Sendable`; `@Test(…)` on its 11 `test…()` methods.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

/*
 * Copyright 2023-2025, gRPC Authors All rights reserved.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

import DispatchableTesting
import GRPCCore
import GRPCInProcessTransport
import Foundation
import HuntSupport
import Testing

@Suite final class InProcessClientTransportTests: XCTestCaseShim, @unchecked Sendable {
  struct FailTest: Error {}

  @Test(.explored(schedules: 300, seed: 1)) func testConnectWhenConnected() async {
    let client = makeClient()

    await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await client.connect()
      }

      group.addTask {
        try await client.connect()
      }

      await XCTAssertThrowsErrorAsync(ofType: RPCError.self) {
        try await group.next()
      } errorHandler: { error in
        XCTAssertEqual(error.code, .failedPrecondition)
      }
      group.cancelAll()
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testConnectWhenClosed() async {
    let client = makeClient()

    client.beginGracefulShutdown()

    await XCTAssertThrowsErrorAsync(ofType: RPCError.self) {
      try await client.connect()
    } errorHandler: { error in
      XCTAssertEqual(error.code, .failedPrecondition)
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testConnectWhenClosedAfterCancellation() async throws {
    let client = makeClient()

    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await client.connect()
      }
      group.addTask {
        try await Task.sleep(for: .milliseconds(100), tolerance: .zero)
      }

      try await group.next()
      group.cancelAll()

      await XCTAssertThrowsErrorAsync(ofType: RPCError.self) {
        try await client.connect()
      } errorHandler: { error in
        XCTAssertEqual(error.code, .failedPrecondition)
      }
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCloseWhenUnconnected() {
    let client = makeClient()

    XCTAssertNoThrow(client.beginGracefulShutdown())
  }

  @Test(.explored(schedules: 300, seed: 1)) func testCloseWhenClosed() {
    let client = makeClient()
    client.beginGracefulShutdown()

    XCTAssertNoThrow(client.beginGracefulShutdown())
  }

  @Test(.explored(schedules: 300, seed: 1)) func testConnectSuccessfullyAndThenClose() async throws {
    let client = makeClient()

    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await client.connect()
      }
      group.addTask {
        try await Task.sleep(for: .milliseconds(100), tolerance: .zero)
      }

      try await group.next()
      client.beginGracefulShutdown()
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testOpenStreamWhenUnconnected() async throws {
    let client = makeClient()

    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await client.withStream(descriptor: .testTest, options: .defaults) { _, _ in
          // Once the pending stream is opened, close the client to new connections,
          // so that, once this closure is executed and this stream is closed,
          // the client will return from `connect()`.
          client.beginGracefulShutdown()
        }
      }

      group.addTask {
        // Add a sleep to make sure connection happens after `withStream` has been called,
        // to test pending streams are handled correctly.
        try await Task.sleep(for: .milliseconds(100), tolerance: .zero)
        try await client.connect()
      }

      try await group.waitForAll()
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testOpenStreamWhenClosed() async {
    let client = makeClient()

    client.beginGracefulShutdown()

    await XCTAssertThrowsErrorAsync(ofType: RPCError.self) {
      try await client.withStream(descriptor: .testTest, options: .defaults) { _, _ in }
    } errorHandler: { error in
      XCTAssertEqual(error.code, .failedPrecondition)
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testOpenStreamSuccessfullyAndThenClose() async throws {
    let server = InProcessTransport.Server(peer: "in-process:1234")
    let client = makeClient(server: server)

    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await client.connect()
      }

      group.addTask {
        try await client.withStream(descriptor: .testTest, options: .defaults) { stream, _ in
          try await stream.outbound.write(.message([1]))
          await stream.outbound.finish()
          let receivedMessages = try await stream.inbound.reduce(into: []) { $0.append($1) }

          XCTAssertEqual(receivedMessages, [.message([42])])
        }
      }

      group.addTask {
        try await server.listen { stream, context in
          let receivedMessages = try? await stream.inbound.reduce(into: []) { $0.append($1) }
          try? await stream.outbound.write(RPCResponsePart.message([42]))
          await stream.outbound.finish()

          XCTAssertEqual(receivedMessages, [.message([1])])
        }
      }

      group.addTask {
        try await Task.sleep(for: .milliseconds(100), tolerance: .zero)
        client.beginGracefulShutdown()
      }

      try await group.next()
      group.cancelAll()
    }
  }

  @Test(.explored(schedules: 300, seed: 1)) func testExecutionConfiguration() {
    let policy = HedgingPolicy(
      maxAttempts: 10,
      hedgingDelay: .seconds(1),
      nonFatalStatusCodes: []
    )

    var serviceConfig = ServiceConfig(
      methodConfig: [
        MethodConfig(
          names: [
            MethodConfig.Name(service: "", method: "")
          ],
          executionPolicy: .hedge(policy)
        )
      ]
    )

    let peer = "in-process:1234"
    var client = InProcessTransport.Client(
      server: InProcessTransport.Server(peer: peer),
      serviceConfig: serviceConfig,
      peer: peer
    )

    let firstDescriptor = MethodDescriptor(fullyQualifiedService: "test", method: "first")
    XCTAssertEqual(
      client.config(forMethod: firstDescriptor),
      serviceConfig.methodConfig.first
    )

    let retryPolicy = RetryPolicy(
      maxAttempts: 10,
      initialBackoff: .seconds(1),
      maxBackoff: .seconds(1),
      backoffMultiplier: 1.0,
      retryableStatusCodes: [.unavailable]
    )

    let overrideConfiguration = MethodConfig(
      names: [MethodConfig.Name(service: "test", method: "second")],
      executionPolicy: .retry(retryPolicy)
    )
    serviceConfig.methodConfig.append(overrideConfiguration)
    client = InProcessTransport.Client(
      server: InProcessTransport.Server(peer: peer),
      serviceConfig: serviceConfig,
      peer: peer
    )

    let secondDescriptor = MethodDescriptor(fullyQualifiedService: "test", method: "second")
    XCTAssertEqual(
      client.config(forMethod: firstDescriptor),
      serviceConfig.methodConfig.first
    )
    XCTAssertEqual(
      client.config(forMethod: secondDescriptor),
      serviceConfig.methodConfig.last
    )
  }

  @Test(.explored(schedules: 300, seed: 1)) func testOpenMultipleStreamsThenClose() async throws {
    let server = InProcessTransport.Server(peer: "in-process:1234")
    let client = makeClient(server: server)

    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        try await client.connect()
      }

      group.addTask {
        try await client.withStream(descriptor: .testTest, options: .defaults) { stream, _ in
          try await Task.sleep(for: .milliseconds(100), tolerance: .zero)
        }
      }

      group.addTask {
        try await client.withStream(descriptor: .testTest, options: .defaults) { stream, _ in
          try await Task.sleep(for: .milliseconds(100), tolerance: .zero)
        }
      }

      group.addTask {
        try await Task.sleep(for: .milliseconds(50), tolerance: .zero)
        client.beginGracefulShutdown()
      }

      try await group.next()
    }
  }

  @available(gRPCSwift 2.0, *)
  func makeClient(
    server: InProcessTransport.Server = InProcessTransport.Server(peer: "in-process:1234")
  ) -> InProcessTransport.Client {
    let defaultPolicy = RetryPolicy(
      maxAttempts: 10,
      initialBackoff: .seconds(1),
      maxBackoff: .seconds(1),
      backoffMultiplier: 1.0,
      retryableStatusCodes: [.unavailable]
    )

    let serviceConfig = ServiceConfig(
      methodConfig: [
        MethodConfig(
          names: [MethodConfig.Name(service: "", method: "")],
          executionPolicy: .retry(defaultPolicy)
        )
      ]
    )

    return InProcessTransport.Client(
      server: server,
      serviceConfig: serviceConfig,
      peer: server.peer
    )
  }
}

@available(gRPCSwift 2.0, *)
extension MethodDescriptor {
  static let testTest = Self(fullyQualifiedService: "test", method: "test")
}
