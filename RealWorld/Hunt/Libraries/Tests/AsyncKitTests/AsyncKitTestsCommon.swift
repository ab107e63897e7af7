// Ported from async-kit 1.22.0, Tests/AsyncKitTests/AsyncKitTestsCommon.swift (MIT License).
// An XCTest file run as Swift Testing: `import XCTest` -> `import HuntXCTestSupport`,
// `import Testing`, `import DispatchableTesting`; `class …: XCTestCase` -> `class …:
// ShimmedTestCase` (Swift Testing refuses a class naming XCTestCase); `@Test(.explored(schedules: 300, seed: 1))` before
// each test method (0 here). Nothing else changed but the edits above.

import HuntXCTestSupport
import Testing
import DispatchableTesting
import AsyncKit
import NIOCore
import NIOPosix
import Logging

enum TestError: Error {
    case generic
    case notEqualTo1
    case notEqualToBar
}

func env(_ name: String) -> String? {
    return ProcessInfo.processInfo.environment[name]
}

let isLoggingConfigured: Bool = {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardOutput(label: label)
        handler.logLevel = env("LOG_LEVEL").flatMap { .init(rawValue: $0) } ?? .info
        return handler
    }
    return true
}()
