// From apple/swift-nio, Tests/NIOPosixTests/TestUtils.swift at
// 16f19c0c645014a41456097f1848018efca41d7e: the licence header (lines 1-13) and the
// `extension EventLoopFuture { var isFulfilled }` (lines 834-861) that HappyEyeballsTest.swift's
// helpers use, verbatim; the rest of the file (NIOPosix channel helpers) is left out.
// Changes: its imports reduced to what the excerpt needs (`Dispatch`, `NIOConcurrencyHelpers`,
// `NIOCore`; upstream's list also has NIOPosix, XCTest, ...).

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2017-2024 Apple Inc. and the SwiftNIO project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftNIO project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Dispatch
import NIOConcurrencyHelpers
import NIOCore

extension EventLoopFuture {
    var isFulfilled: Bool {
        if self.eventLoop.inEventLoop {
            // Easy, we're on the EventLoop. Let's just use our knowledge that we run completed future callbacks
            // immediately.
            var fulfilled = false
            self.whenComplete { _ in
                fulfilled = true
            }
            return fulfilled
        } else {
            let lock = NIOLock()
            let group = DispatchGroup()
            var fulfilled = false  // protected by lock

            group.enter()
            self.eventLoop.execute {
                let isFulfilled = self.isFulfilled  // This will now enter the above branch.
                lock.withLock {
                    fulfilled = isFulfilled
                }
                group.leave()
            }
            group.wait()  // this is very nasty but this is for tests only, so...
            return lock.withLock { fulfilled }
        }
    }
}
