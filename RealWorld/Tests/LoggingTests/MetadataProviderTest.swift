// Ported from swift-log 1.16.2, Tests/LoggingTests/MetadataProviderTest.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1) unless
// said below) and `import DispatchableTesting`.

//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Logging API open source project
//
// Copyright (c) 2018-2019 Apple Inc. and the Swift Logging API project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of Swift Logging API project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import DispatchableTesting
import Testing

@testable import Logging

#if canImport(Darwin)
import Darwin
#elseif os(Windows)
import WinSDK
#elseif canImport(Android)
import Android
#else
import Glibc
#endif

struct MetadataProviderTest {
    @Test(.explored(schedules: 300, seed: 1)) func logHandlerThatDidNotImplementProvidersButSomeoneAttemptsToSetOneOnIt() {
        #if DEBUG
        // we only emit these warnings in debug mode
        let logging = TestLogging()
        var handler = LogHandlerThatDidNotImplementMetadataProviders(testLogging: logging)

        handler.metadataProvider = .simpleTestProvider

        logging.history.assertExist(
            level: .warning,
            message:
                "Attempted to set metadataProvider on LogHandlerThatDidNotImplementMetadataProviders that did not implement support for them. Please contact the log handler maintainer to implement metadata provider support.",
            source: "Logging"
        )

        let countBefore = logging.history.entries.count
        handler.metadataProvider = .simpleTestProvider
        #expect(countBefore == logging.history.entries.count, "Should only log the warning once")
        #endif
    }

    @Test(.explored(schedules: 300, seed: 1)) func logHandlerThatDidImplementProvidersButSomeoneAttemptsToSetOneOnIt() {
        #if DEBUG
        // we only emit these warnings in debug mode
        let logging = TestLogging()
        var handler = LogHandlerThatDidImplementMetadataProviders(testLogging: logging)

        handler.metadataProvider = .simpleTestProvider

        logging.history.assertNotExist(
            level: .warning,
            message:
                "Attempted to set metadataProvider on LogHandlerThatDidImplementMetadataProviders that did not implement support for them. Please contact the log handler maintainer to implement metadata provider support.",
            source: "Logging"
        )
        #endif
    }
}

extension Logger.MetadataProvider {
    static var simpleTestProvider: Logger.MetadataProvider {
        Logger.MetadataProvider {
            ["test": "provided"]
        }
    }
}

struct LogHandlerThatDidNotImplementMetadataProviders: LogHandler {
    let testLogging: TestLogging
    init(testLogging: TestLogging) {
        self.testLogging = testLogging
    }

    subscript(metadataKey _: String) -> Logging.Logger.Metadata.Value? {
        get {
            nil
        }
        set(newValue) {
            // ignore
        }
    }

    var metadata: Logging.Logger.Metadata = [:]

    var logLevel: Logging.Logger.Level = .trace

    func log(event: LogEvent) {
        self.testLogging.make(label: "fake").log(event: event)
    }
}

struct LogHandlerThatDidImplementMetadataProviders: LogHandler {
    let testLogging: TestLogging
    init(testLogging: TestLogging) {
        self.testLogging = testLogging
    }

    subscript(metadataKey _: String) -> Logging.Logger.Metadata.Value? {
        get {
            nil
        }
        set(newValue) {
            // ignore
        }
    }

    var metadata: Logging.Logger.Metadata = [:]

    var logLevel: Logging.Logger.Level = .trace

    var metadataProvider: Logger.MetadataProvider?

    func log(event: LogEvent) {
        self.testLogging.make(label: "fake").log(event: event)
    }
}
