// From swift-server/swift-service-lifecycle, Tests/ServiceLifecycleTests/GracefulShutdownTests.swift
// at d7fe0e731499a8dcce53bf4cbbc812c8e565d3a7 (the fix, PR #177): one of the two regression tests the
// PR added, GracefulShutdownTests.testCancelOnGracefulShutdownSurvivesErrorThrown, with the file's
// helpers `uncancellable(_:)` and `OnlyCancellationWaiter`, verbatim. (The PR's other test,
// testCancelOnGracefulShutdownSurvivesCancellation, is left out: on the buggy twin it aborts the
// whole process — see README.md.)
// Changes:
// - `import ServiceLifecycle`, `import ServiceLifecycleTestKit` removed (the kernel is in this module);
//   `import XCTest` → `import BugBenchSupport`; `import Testing` added.
// - `final class GracefulShutdownTests: XCTestCase {` → `@Suite struct GracefulShutdownTests: XCTestCaseShim {`
// - `@Test(.bugBench)` on the kept test; the file's other tests removed.
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
import Testing

@Suite struct GracefulShutdownTests: XCTestCaseShim {
    @Test(.bugBench)
    func testCancelOnGracefulShutdownSurvivesErrorThrown() async throws {
        struct MyError: Error, Equatable {}

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await withGracefulShutdownHandler {
                        try await cancelOnGracefulShutdown {
                            await OnlyCancellationWaiter().cancellation

                            try! await uncancellable {
                                try! await Task.sleep(for: .milliseconds(500))
                            }

                            throw MyError()
                        }
                    } onGracefulShutdown: {
                        XCTFail("Unexpect graceful shutdown")
                    }
                    XCTFail("Expected to have thrown")
                } catch {
                    XCTAssertEqual(error as? MyError, MyError())
                }
            }

            group.cancelAll()
        }
    }
}

func uncancellable(_ closure: @escaping @Sendable () async throws -> Void) async throws {
    let task = Task {
        try await closure()
    }

    try await task.value
}

private actor OnlyCancellationWaiter {
    private var taskContinuation: CheckedContinuation<Void, Never>?

    @usableFromInline
    init() {}

    @usableFromInline
    var cancellation: Void {
        get async {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    self.taskContinuation = continuation
                }
            } onCancel: {
                Task {
                    await self.finish()
                }
            }
        }
    }

    private func finish() {
        self.taskContinuation?.resume()
        self.taskContinuation = nil
    }
}
