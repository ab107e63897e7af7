// Ported from swift-distributed-tracing 1.7.3, Tests/TracingTests/TracedLock.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test support, verbatim.

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

import Foundation
import Instrumentation
import Tracing

/// Marked as @unchecked Sendable due to the synchronization being
/// performed manually using locks.
final class TracedLock: @unchecked Sendable {
    private let name: String
    private let underlyingLock: NSLock

    private var activeSpan: (any Tracing.Span)?

    init(name: String) {
        self.name = name
        self.underlyingLock = NSLock()
    }

    func lock(context: InstrumentationContext, tracer: any Tracer) {
        // time here
        self.underlyingLock.lock()
        self.activeSpan = tracer.startSpan(self.name, context: context)
    }

    func unlock(context: InstrumentationContext) {
        self.activeSpan?.end()
        self.activeSpan = nil
        self.underlyingLock.unlock()
    }

    func withLock(context: InstrumentationContext, tracer: any Tracer, _ closure: () -> Void) {
        self.lock(context: context, tracer: tracer)
        defer { self.unlock(context: context) }
        closure()
    }
}
