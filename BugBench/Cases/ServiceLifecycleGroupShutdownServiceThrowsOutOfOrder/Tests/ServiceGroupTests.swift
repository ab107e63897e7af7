// From swift-server/swift-service-lifecycle, Tests/ServiceLifecycleTests/ServiceGroupTests.swift at
// cdd6040d0dd6cf4484fb810dafbe635862f4e018 ("Fix logic issues during graceful shutdown (#171)",
// the fix, which added this test):
// ServiceGroupTests.testTriggerGracefulShutdown_serviceThrows_outOfOrder_gracefullyShutdownGroup,
// with the file's `ExampleError`, `MockService` and `makeServiceGroup` helper.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import ServiceLifecycle`
// and `import UnixSignals` removed (the kernel is compiled into this module);
// `final class ServiceGroupTests: XCTestCase {` → `@Suite struct ServiceGroupTests: XCTestCaseShim {`
// without its `@available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)` (Swift Testing's
// macros refuse a suite or test so marked; the bench's platforms are newer); `@Test(.bugBench)`
// on the kept test; every other test of the file left out.
//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftServiceLifecycle open source project
//
// Copyright (c) 2023 Apple Inc. and the SwiftServiceLifecycle project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftServiceLifecycle project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import BugBenchSupport
import Logging
import Testing

private struct ExampleError: Error, Hashable {}

private actor MockService: Service, CustomStringConvertible {
    enum Event {
        case run
        case runPing
        case runCancelled
        case shutdownGracefully
    }

    let events: AsyncStream<Event>

    private let eventsContinuation: AsyncStream<Event>.Continuation

    private var runContinuation: CheckedContinuation<Void, Error>?

    nonisolated let description: String

    private let pings: AsyncStream<Void>
    private nonisolated let pingContinuation: AsyncStream<Void>.Continuation

    init(
        description: String
    ) {
        var eventsContinuation: AsyncStream<Event>.Continuation!
        self.events = AsyncStream<Event> { eventsContinuation = $0 }
        self.eventsContinuation = eventsContinuation!

        var pingContinuation: AsyncStream<Void>.Continuation!
        self.pings = AsyncStream<Void> { pingContinuation = $0 }
        self.pingContinuation = pingContinuation!

        self.description = description
    }

    func run() async throws {
        try await withTaskCancellationHandler {
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        self.eventsContinuation.yield(.run)
                        for await _ in self.pings {
                            self.eventsContinuation.yield(.runPing)
                        }
                    }

                    try await withCheckedThrowingContinuation {
                        self.runContinuation = $0
                    }

                    group.cancelAll()
                }
            } onGracefulShutdown: {
                self.eventsContinuation.yield(.shutdownGracefully)
            }
        } onCancel: {
            self.eventsContinuation.yield(.runCancelled)
        }
    }

    func resumeRunContinuation(with result: Result<Void, Error>) {
        self.runContinuation?.resume(with: result)
    }

    nonisolated func sendPing() {
        self.pingContinuation.yield()
    }
}

@Suite struct ServiceGroupTests: XCTestCaseShim {

    @Test(.bugBench)
    func testTriggerGracefulShutdown_serviceThrows_outOfOrder_gracefullyShutdownGroup() async throws {
        let service1 = MockService(description: "Service1")
        let service2 = MockService(description: "Service2")
        let service3 = MockService(description: "Service3")
        let serviceGroup = self.makeServiceGroup(
            services: [.init(service: service1, failureTerminationBehavior: .gracefullyShutdownGroup),
                       .init(service: service2, failureTerminationBehavior: .gracefullyShutdownGroup),
                       .init(service: service3, failureTerminationBehavior: .gracefullyShutdownGroup)]
        )

        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await serviceGroup.run()
                }

                var eventIterator1 = service1.events.makeAsyncIterator()
                await XCTAsyncAssertEqual(await eventIterator1.next(), .run)

                var eventIterator2 = service2.events.makeAsyncIterator()
                await XCTAsyncAssertEqual(await eventIterator2.next(), .run)

                var eventIterator3 = service3.events.makeAsyncIterator()
                await XCTAsyncAssertEqual(await eventIterator3.next(), .run)

                await serviceGroup.triggerGracefulShutdown()

                // The last service should receive the shutdown signal first
                await XCTAsyncAssertEqual(await eventIterator3.next(), .shutdownGracefully)

                // Waiting to see that all three are still running
                service1.sendPing()
                service2.sendPing()
                service3.sendPing()
                await XCTAsyncAssertEqual(await eventIterator1.next(), .runPing)
                await XCTAsyncAssertEqual(await eventIterator2.next(), .runPing)
                await XCTAsyncAssertEqual(await eventIterator3.next(), .runPing)

                // Let's exit from the last service
                await service3.resumeRunContinuation(with: .success(()))

                // The middle service should now receive the signal
                await XCTAsyncAssertEqual(await eventIterator2.next(), .shutdownGracefully)

                // Waiting to see that the two remaining are still running
                service1.sendPing()
                service2.sendPing()
                await XCTAsyncAssertEqual(await eventIterator1.next(), .runPing)
                await XCTAsyncAssertEqual(await eventIterator2.next(), .runPing)

                // Let's exit from the first service (even though the second service
                // is gracefully shutting down)
                await service1.resumeRunContinuation(with: .failure(ExampleError()))

                // Waiting to see that the one remaining are still running
                service2.sendPing()
                await XCTAsyncAssertEqual(await eventIterator2.next(), .runPing)

                // Let's exit from the second service
                await service2.resumeRunContinuation(with: .success(()))

                // The first service shutdown will be skipped
                try await group.waitForAll()
            }

            XCTFail("Expected error not thrown")
        } catch is ExampleError {
            // expected error
        }
    }

    // MARK: - Helpers

    private func makeServiceGroup(
        services: [ServiceGroupConfiguration.ServiceConfiguration] = [],
        gracefulShutdownSignals: [UnixSignal] = .init(),
        cancellationSignals: [UnixSignal] = .init(),
        maximumGracefulShutdownDuration: Duration? = nil,
        maximumCancellationDuration: Duration? = .seconds(5)
    ) -> ServiceGroup {
        var logger = Logger(label: "Tests")
        logger.logLevel = .debug

        var configuration = ServiceGroupConfiguration(
            services: services,
            gracefulShutdownSignals: gracefulShutdownSignals,
            cancellationSignals: cancellationSignals,
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = maximumGracefulShutdownDuration
        configuration.maximumCancellationDuration = maximumCancellationDuration
        return .init(
            configuration: configuration
        )
    }
}
