//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftOpenAPIGenerator open source project
//
// Copyright (c) 2023 Apple Inc. and the SwiftOpenAPIGenerator project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftOpenAPIGenerator project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
// BugBench excerpt: lines 228-240 of Sources/OpenAPIURLSession/URLSessionTransport.swift at
// b1d5cfaf6e59289406575f731d2030711f895559 (the debug-logging helpers only; the rest of that file is the URLSession
// transport, which needs OpenAPIRuntime and FoundationNetworking and is not part of this case).

private let _debugLoggingEnabled = LockStorage.create(value: false)
var debugLoggingEnabled: Bool {
    get { _debugLoggingEnabled.withLockedValue { $0 } }
    set { _debugLoggingEnabled.withLockedValue { $0 = newValue } }
}
func debug(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    assert(
        {
            if debugLoggingEnabled { print(items, separator: separator, terminator: terminator) }
            return true
        }()
    )
}
