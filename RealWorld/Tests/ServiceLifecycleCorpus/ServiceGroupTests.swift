// Ported near-verbatim from swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift.
// Copyright (c) 2023 Apple Inc. and the SwiftServiceLifecycle project authors. Licensed under Apache License v2.0 (SPDX-License-Identifier: Apache-2.0).
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.
// The suite's own helper `makeServiceGroup` is below its tests, verbatim.
// maximumStall: 1 — the helper gives every group maximumCancellationDuration: .seconds(5), and a
// ServiceGroup whose cancellation takes longer calls fatalError (ServiceGroup.swift:878): a schedule that
// stalls the test's own work for 5 s of virtual time crashes the process. Bounded, no schedule stalls a
// job for a second (README: finding 4).

import CorpusSupport
import Logging
import ServiceLifecycle
import Testing
import UnixSignals

private struct ExampleError: Error, Hashable {}

/// Why testGracefulShutdownEscalation is out of a run's scope.
private let SIGNALS = "UnixSignals resumes the run from its own DispatchQueue"

@Suite struct ServiceGroupTests: XCTestCaseShim {
  init() {}

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testRun_whenAlreadyRunning
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testRun_whenAlreadyRunning", limit: 5_000, maximumStall: 1, run: { try await ServiceGroupTests().testRun_whenAlreadyRunning() }))
    func testRun_whenAlreadyRunning() async throws {
        let mockService = MockService(description: "Service1")
        let serviceGroup = self.makeServiceGroup(
            services: [.init(service: mockService)]
        )

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await serviceGroup.run()
            }

            var eventIterator = mockService.events.makeAsyncIterator()
            await XCTAsyncAssertEqual(await eventIterator.next(), .run)

            try await XCTAsyncAssertThrowsError(await serviceGroup.run()) {
                XCTAssertEqual($0 as? ServiceGroupError, .alreadyRunning())
            }

            group.cancelAll()
            await mockService.resumeRunContinuation(with: .success(()))
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testRun_whenAlreadyFinished
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testRun_whenAlreadyFinished", limit: 5_000, maximumStall: 1, run: { try await ServiceGroupTests().testRun_whenAlreadyFinished() }))
    func testRun_whenAlreadyFinished() async throws {
        let group = self.makeServiceGroup()

        try await group.run()

        try await XCTAsyncAssertThrowsError(await group.run()) {
            XCTAssertEqual($0 as? ServiceGroupError, .alreadyFinished())
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testTriggerGracefulShutdown_beforeRun
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testTriggerGracefulShutdown_beforeRun", limit: 5_000, maximumStall: 1, run: { try await ServiceGroupTests().testTriggerGracefulShutdown_beforeRun() }))
    func testTriggerGracefulShutdown_beforeRun() async throws {
        let mockService = MockService(description: "Service1")
        let serviceGroup = self.makeServiceGroup(
            services: [.init(service: mockService)]
        )

        await serviceGroup.triggerGracefulShutdown()

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await serviceGroup.run()
            }

            var eventIterator = mockService.events.makeAsyncIterator()
            let firstEvent = await eventIterator.next()
            let secondEvent = await eventIterator.next()
            switch (firstEvent, secondEvent) {
            case (.some(.run), .some(.shutdownGracefully)), (.some(.shutdownGracefully), .some(.run)):
                break
            default:
                XCTFail("Expected the service to run and receive graceful shutdown")
            }

            await mockService.resumeRunContinuation(with: .success(()))

            try await XCTAsyncAssertNoThrow(await group.next())
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testRun_whenNoService_andNoSignal
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testRun_whenNoService_andNoSignal", limit: 5_000, maximumStall: 1, run: { try await ServiceGroupTests().testRun_whenNoService_andNoSignal() }))
    func testRun_whenNoService_andNoSignal() async throws {
        let group = self.makeServiceGroup()

        try await group.run()
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testRun_whenNoSignal
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testRun_whenNoSignal", limit: 5_000, maximumStall: 1, run: { try await ServiceGroupTests().testRun_whenNoSignal() }))
    func testRun_whenNoSignal() async throws {
        let mockService = MockService(description: "Service1")
        let serviceGroup = self.makeServiceGroup(
            services: [.init(service: mockService)]
        )

        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await serviceGroup.run()
            }

            var eventIterator = mockService.events.makeAsyncIterator()
            await XCTAsyncAssertEqual(await eventIterator.next(), .run)

            group.cancelAll()
            await XCTAsyncAssertEqual(await eventIterator.next(), .runCancelled)

            await mockService.resumeRunContinuation(with: .success(()))
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testRun_whenServiceExitsEarly_andShutdownGracefully
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testRun_whenServiceExitsEarly_andShutdownGracefully", schedules: 300, maximumStall: 1, run: { try await ServiceGroupTests().testRun_whenServiceExitsEarly_andShutdownGracefully() }))
    func testRun_whenServiceExitsEarly_andShutdownGracefully() async throws {
        let service1 = MockService(description: "Service1")
        let service2 = MockService(description: "Service2")
        let service3 = MockService(description: "Service3")
        let serviceGroup = self.makeServiceGroup(
            services: [
                .init(service: service1),
                .init(service: service2, successTerminationBehavior: .gracefullyShutdownGroup),
                .init(service: service3),
            ]
        )

        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await serviceGroup.run()
            }

            var eventIterator1 = service1.events.makeAsyncIterator()
            await XCTAsyncAssertEqual(await eventIterator1.next(), .run)

            var eventIterator2 = service2.events.makeAsyncIterator()
            await XCTAsyncAssertEqual(await eventIterator2.next(), .run)

            var eventIterator3 = service3.events.makeAsyncIterator()
            await XCTAsyncAssertEqual(await eventIterator3.next(), .run)

            await service2.resumeRunContinuation(with: .success(()))

            // The last service should receive the shutdown signal first
            await XCTAsyncAssertEqual(await eventIterator3.next(), .shutdownGracefully)

            // Waiting to see that the remaining two are still running
            service1.sendPing()
            service3.sendPing()
            await XCTAsyncAssertEqual(await eventIterator1.next(), .runPing)
            await XCTAsyncAssertEqual(await eventIterator3.next(), .runPing)

            // Let's exit from the last service
            await service3.resumeRunContinuation(with: .success(()))

            // Waiting to see that the remaining is still running
            await XCTAsyncAssertEqual(await eventIterator1.next(), .shutdownGracefully)
            service1.sendPing()
            await XCTAsyncAssertEqual(await eventIterator1.next(), .runPing)

            // Let's exit from the first service
            await service1.resumeRunContinuation(with: .success(()))
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testTriggerGracefulShutdown
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testTriggerGracefulShutdown", schedules: 300, maximumStall: 1, run: { try await ServiceGroupTests().testTriggerGracefulShutdown() }))
    func testTriggerGracefulShutdown() async throws {
        let service1 = MockService(description: "Service1")
        let service2 = MockService(description: "Service2")
        let service3 = MockService(description: "Service3")
        let serviceGroup = self.makeServiceGroup(
            services: [.init(service: service1), .init(service: service2), .init(service: service3)]
        )

        await withThrowingTaskGroup(of: Void.self) { group in
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

            // Let's exit from the first service
            await service1.resumeRunContinuation(with: .success(()))

            // The middle service should now receive a cancellation
            await XCTAsyncAssertEqual(await eventIterator2.next(), .runCancelled)

            // Let's exit from the first service
            await service2.resumeRunContinuation(with: .success(()))
        }
    }

  // swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift: ServiceGroupTests.testGracefulShutdownEscalation
  // gracefulShutdownSignals: [.sigalrm] makes a DispatchSourceSignal on UnixSignals' own queue, which resumes
  // a task of the run from real GCD: outside any run, refused as the explorer's documentation says.
  // maximumStall: 0.1 — the test resumes its service 0.3 s into a 0.6 s budget (0.1 s graceful, 0.5 s
  // cancellation); a schedule that stalls it longer reaches ServiceGroup's fatalError (README: finding 4).
  @Test(.corpus("swift-service-lifecycle 2.13.0 Tests/ServiceLifecycleTests/ServiceGroupTests.swift ServiceGroupTests.testGracefulShutdownEscalation", schedules: 300, expecting: .outOfScope(.nondeterministicBody, why: SIGNALS), refusedByPublicCapture: "Task.sleep", maximumStall: 0.1, run: { try await ServiceGroupTests().testGracefulShutdownEscalation() }))
    func testGracefulShutdownEscalation() async throws {
        let mockService = MockService(description: "Service1")
        let serviceGroup = self.makeServiceGroup(
            services: [.init(service: mockService)],
            gracefulShutdownSignals: [.sigalrm],
            maximumGracefulShutdownDuration: .seconds(0.1),
            maximumCancellationDuration: .seconds(0.5)
        )

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await serviceGroup.run()
            }

            var eventIterator = mockService.events.makeAsyncIterator()
            await XCTAsyncAssertEqual(await eventIterator.next(), .run)

            await serviceGroup.triggerGracefulShutdown()

            await XCTAsyncAssertEqual(await eventIterator.next(), .shutdownGracefully)

            await XCTAsyncAssertEqual(await eventIterator.next(), .runCancelled)

            try await Task.sleep(for: .seconds(0.2))

            await mockService.resumeRunContinuation(with: .success(()))

            try await XCTAsyncAssertNoThrow(await group.next())
        }
    }

  // (the suite's own helper, verbatim)
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
