// From apple/swift-configuration, Tests/ConfigurationTests/CombineLatestTests.swift at
// aa3180cba2f5b898a5cfd801373e6953630fc0e0 (the parent of the fix cc37e993 in PR #63):
// TestCombineLatestMany.combineLatest.
// Changes: `@Test` → `@Test(.bugBench)`; `import BugBenchSupport` added;
// `@testable import Configuration` removed (the kernel is compiled into this module);
// `import ConfigurationTestingInternal` and `import Synchronization` removed (only the left-out
// test and `Validator` use them); `@available(Configuration 1.0, *)` commented out (an availability
// macro of upstream's Package.swift, which this package does not define); the other test of the
// file (`ordering1`) and its helper class `Validator` left out.
//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftConfiguration open source project
//
// Copyright (c) 2025 Apple Inc. and the SwiftConfiguration project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftConfiguration project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Async Algorithms open source project
//
// Copyright (c) 2025 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

// swift-format-ignore-file

import BugBenchSupport
import Testing
// @testable import Configuration
import AsyncAlgorithms

struct TestCombineLatestMany {
    @Test(.bugBench)
    // @available(Configuration 1.0, *)
    func combineLatest() async throws {
        let a = [1, 2, 3].async
        let b = [4, 5, 6].async
        let c = [7, 8, 9].async
        let sequence = combineLatestMany([a, b, c])
        let actual = await Array(sequence)
        #expect(actual.count >= 3)
    }
}
