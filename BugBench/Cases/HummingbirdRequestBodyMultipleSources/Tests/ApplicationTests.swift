// From hummingbird-project/hummingbird, Tests/HummingbirdTests/ApplicationTests.swift at
// c1d175755fc4eaba84908d769fb83b6f94934691 (the fix, PR #666): the regression test the PR added,
// ApplicationTests.testMakeStreamMultipleSources.
// Changes:
// - `import XCTest` → `import BugBenchSupport`; `import Testing` added.
// - `final class ApplicationTests: XCTestCase {` → `@Suite struct ApplicationTests: XCTestCaseShim {`;
//   `@Test(.bugBench)` on the kept test; the file's other tests and `randomBuffer(size:)` removed.
// - Imports: `import HummingbirdCore` removed (its RequestBody is the kernel, compiled into this
//   module); `Router`, `Application`, `Response` and `app.test(.router)` still come from
//   `import Hummingbird` / `import HummingbirdTesting`, which here are hummingbird 2.28.1 from the
//   offline list, not the buggy commit (see README). `RequestBody` in the test resolves to this
//   module's kernel copy (a module's own declarations shadow imported ones). Imports the kept test
//   does not use removed: Atomics, HTTPTypes, HummingbirdHTTP2, HummingbirdTLS, Logging,
//   NIOConcurrencyHelpers, NIOEmbedded, NIOSSL, ServiceLifecycle.
//===----------------------------------------------------------------------===//
//
// This source file is part of the Hummingbird server framework project
//
// Copyright (c) 2021-2024 the Hummingbird authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See hummingbird/CONTRIBUTORS.txt for the list of Hummingbird authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import BugBenchSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct ApplicationTests: XCTestCaseShim {
    /// Test AsyncSequence returned by RequestBody.makeStream() and feeding it data from multiple processes
    @Test(.bugBench)
    func testMakeStreamMultipleSources() async throws {
        let router = Router()
        router.get("numbers") { request, context -> Response in
            let body = try await withThrowingTaskGroup(of: Void.self) { group in
                let (requestBody, source) = RequestBody.makeStream()
                group.addTask {
                    // Add three tasks feeding the source
                    await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for value in 0..<100 {
                                try await source.yield(ByteBuffer(string: String(describing: value)))
                            }
                        }
                        group.addTask {
                            for value in 0..<100 {
                                try await source.yield(ByteBuffer(string: String(describing: value)))
                            }
                        }
                        group.addTask {
                            for value in 0..<100 {
                                try await source.yield(ByteBuffer(string: String(describing: value)))
                            }
                        }
                    }
                    source.finish()
                }
                var body = ByteBuffer()
                for try await buffer in requestBody {
                    var buffer = buffer
                    body.writeBuffer(&buffer)
                    try await Task.sleep(for: .milliseconds(1))
                }
                return body
            }
            return Response(status: .ok, body: .init(byteBuffer: body))
        }
        let app = Application(responder: router.buildResponder())

        try await app.test(.router) { client in
            try await client.execute(uri: "/numbers", method: .get) { response in
                XCTAssertEqual(response.status, .ok)
            }
        }
    }
}
