// Ported from swift-log 1.16.2, Tests/LoggingTests/SwiftLogNoOpLogHandlerTest.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1) unless
// said below) and `import DispatchableTesting`.

//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Logging API open source project
//
// Copyright (c) 2026 Apple Inc. and the Swift Logging API project authors
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

struct SwiftLogNoOpLogHandlerTest {
    @Test(.explored(schedules: 300, seed: 1)) func initWithNoArguments() {
        let handler = SwiftLogNoOpLogHandler()
        #expect(handler.logLevel == .critical)
        #expect(handler.metadata == [:])
    }

    @Test(.explored(schedules: 300, seed: 1)) func initWithLabel() {
        let handler = SwiftLogNoOpLogHandler("some.label")
        #expect(handler.logLevel == .critical)
        #expect(handler.metadata == [:])
    }

    @Test(.explored(schedules: 300, seed: 1)) func logLevelIgnoresMutations() {
        var handler = SwiftLogNoOpLogHandler()
        handler.logLevel = .trace
        #expect(handler.logLevel == .critical)
    }

    @Test(.explored(schedules: 300, seed: 1)) func metadataIgnoresMutations() {
        var handler = SwiftLogNoOpLogHandler()
        handler.metadata = ["key": "value"]
        #expect(handler.metadata == [:])
    }

    @Test(.explored(schedules: 300, seed: 1)) func metadataSubscriptAlwaysReturnsNil() {
        var handler = SwiftLogNoOpLogHandler()
        #expect(handler[metadataKey: "key"] == nil)
        handler[metadataKey: "key"] = "value"
        #expect(handler[metadataKey: "key"] == nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func logEventDoesNotCrash() {
        let handler = SwiftLogNoOpLogHandler()
        let event = LogEvent(
            level: .critical,
            message: "message",
            metadata: ["key": "value"],
            source: "test",
            file: #file,
            function: #function,
            line: #line
        )
        handler.log(event: event)
    }

    @Test(.explored(schedules: 300, seed: 1)) func allLogLevelsDoNotCrash() {
        var logger = Logger(label: "noop.test", factory: { _ in SwiftLogNoOpLogHandler() })
        logger[metadataKey: "key"] = "value"
        logger.trace("trace message")
        logger.debug("debug message")
        logger.info("info message")
        logger.notice("notice message")
        logger.warning("warning message")
        logger.error("error message")
        logger.critical("critical message")
    }
}
