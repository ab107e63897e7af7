// swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/ServiceGroupTests.swift:
// ServiceGroupTests.testTriggerGracefulShutdown and testRun_whenNoSignal, with the suite's
// `makeServiceGroup` and Tests/ServiceLifecycleTests/MockService.swift, as
// RealWorld/Tests/ServiceLifecycleCorpus ports them (Apache License v2.0, (c) 2023 Apple Inc. and
// the SwiftServiceLifecycle project authors). XCTAsyncAssertEqual is `expectEqual`; the group's
// logger discards what it is given (the test's logs to standard output, at debug level, would
// time the terminal).

import Logging
import ServiceLifecycle
import UnixSignals

enum ServiceGroupBodies {
    static func triggerGracefulShutdown() async throws {
        let service1 = MockService(description: "Service1")
        let service2 = MockService(description: "Service2")
        let service3 = MockService(description: "Service3")
        let serviceGroup = makeServiceGroup(
            services: [.init(service: service1), .init(service: service2), .init(service: service3)]
        )

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await serviceGroup.run()
            }

            var eventIterator1 = service1.events.makeAsyncIterator()
            try await expectEqual(eventIterator1.next(), .run)

            var eventIterator2 = service2.events.makeAsyncIterator()
            try await expectEqual(eventIterator2.next(), .run)

            var eventIterator3 = service3.events.makeAsyncIterator()
            try await expectEqual(eventIterator3.next(), .run)

            await serviceGroup.triggerGracefulShutdown()

            // The last service should receive the shutdown signal first
            try await expectEqual(eventIterator3.next(), .shutdownGracefully)

            // Waiting to see that all three are still running
            service1.sendPing()
            service2.sendPing()
            service3.sendPing()
            try await expectEqual(eventIterator1.next(), .runPing)
            try await expectEqual(eventIterator2.next(), .runPing)
            try await expectEqual(eventIterator3.next(), .runPing)

            // Let's exit from the last service
            await service3.resumeRunContinuation(with: .success(()))

            // The middle service should now receive the signal
            try await expectEqual(eventIterator2.next(), .shutdownGracefully)

            // Waiting to see that the two remaining are still running
            service1.sendPing()
            service2.sendPing()
            try await expectEqual(eventIterator1.next(), .runPing)
            try await expectEqual(eventIterator2.next(), .runPing)

            // Let's exit from the first service
            await service1.resumeRunContinuation(with: .success(()))

            // The middle service should now receive a cancellation
            try await expectEqual(eventIterator2.next(), .runCancelled)

            // Let's exit from the first service
            await service2.resumeRunContinuation(with: .success(()))
        }
    }

    static func runWhenNoSignal() async throws {
        let mockService = MockService(description: "Service1")
        let serviceGroup = makeServiceGroup(
            services: [.init(service: mockService)]
        )

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await serviceGroup.run()
            }

            var eventIterator = mockService.events.makeAsyncIterator()
            try await expectEqual(eventIterator.next(), .run)

            group.cancelAll()
            try await expectEqual(eventIterator.next(), .runCancelled)

            await mockService.resumeRunContinuation(with: .success(()))
        }
    }

    private static func makeServiceGroup(
        services: [ServiceGroupConfiguration.ServiceConfiguration] = [],
        gracefulShutdownSignals: [UnixSignal] = .init(),
        cancellationSignals: [UnixSignal] = .init(),
        maximumGracefulShutdownDuration: Duration? = nil,
        maximumCancellationDuration: Duration? = .seconds(5)
    ) -> ServiceGroup {
        var logger = Logger(label: "Tests", factory: { _ in SwiftLogNoOpLogHandler() })
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

/// swift-service-lifecycle 2.13.0, Tests/ServiceLifecycleTests/MockService.swift, verbatim.
actor MockService: Service, CustomStringConvertible {
    enum Event {
        case run
        case runPing
        case runCancelled
        case shutdownGracefully
    }

    let events: AsyncStream<Event>
    private(set) var hasRun: Bool = false

    private let eventsContinuation: AsyncStream<Event>.Continuation

    private var runContinuation: CheckedContinuation<Void, Error>?

    nonisolated let description: String

    private let pings: AsyncStream<Void>
    private nonisolated let pingContinuation: AsyncStream<Void>.Continuation

    init(
        description: String
    ) {
        var eventsContinuation: AsyncStream<Event>.Continuation!
        events = AsyncStream<Event> { eventsContinuation = $0 }
        self.eventsContinuation = eventsContinuation!

        var pingContinuation: AsyncStream<Void>.Continuation!
        pings = AsyncStream<Void> { pingContinuation = $0 }
        self.pingContinuation = pingContinuation!

        self.description = description
    }

    func run() async throws {
        hasRun = true

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
        runContinuation?.resume(with: result)
    }

    nonisolated func sendPing() {
        pingContinuation.yield()
    }
}
