// Ported from swift-distributed-tracing 1.7.3, Tests/TracingTests/ActorTracingTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1) unless
// said below) and `import DispatchableTesting`.

//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Distributed Tracing open source project
//
// Copyright (c) 2020-2023 Apple Inc. and the Swift Distributed Tracing project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of Swift Distributed Tracing project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import DispatchableTesting
import Instrumentation
import Testing
import Tracing

@testable import Instrumentation

/// This is a compile-time test
@Suite("Actor Tracing Compatibility")
struct ActorTracingTests {
    @Test("Compiles with actor isolation", .explored(schedules: 300, seed: 1))
    func compilesWithActorIsolation() {
        // This test exists purely to verify that the code compiles
        // with Swift's strict concurrency checking
    }
}

func work() async {}

actor Foo {
    var bar = 0
    func foo() async {
        var num = 0
        await withSpan(#function) { _ in
            bar += 1
            await work()
            num += 1
        }
    }
}
