// Ported from swift-log 1.16.2, Tests/LoggingTests/TestSendable.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1) unless
// said below) and `import DispatchableTesting`.

//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Logging API open source project
//
// Copyright (c) 2022 Apple Inc. and the Swift Logging API project authors
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

struct SendableTest {
    @Test(.explored(schedules: 300, seed: 1)) func sendableLogger() async {
        let testLogging = TestLogging()

        let logger = Logger(
            label: "test",
            factory: {
                testLogging.make(label: $0)
            }
        )
        let message1 = Logger.Message(stringLiteral: "critical 1")
        let message2 = Logger.Message(stringLiteral: "critical 2")
        let metadata: Logger.Metadata = ["key": "value"]
        let error = TestError()

        let task = Task.detached {
            logger.info("info")
            logger.critical(message1)
            logger.critical(message2)
            logger.warning(.init(stringLiteral: "warning"), metadata: metadata)
            logger.warning("error", error: error)
        }

        await task.value
        testLogging.history.assertExist(level: .info, message: "info", metadata: [:])
        testLogging.history.assertExist(level: .critical, message: "critical 1", metadata: [:])
        testLogging.history.assertExist(level: .critical, message: "critical 2", metadata: [:])
        testLogging.history.assertExist(level: .warning, message: "warning", metadata: metadata)
        testLogging.history.assertExist(level: .warning, message: "error", error: error)
    }

    final class TestError: Error {}
}
