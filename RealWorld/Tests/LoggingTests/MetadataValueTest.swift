// Ported from swift-log 1.16.2, Tests/LoggingTests/MetadataValueTest.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
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
import Logging
import Testing

@Suite
struct MetadataValueTest {
    @Test(.explored(schedules: 300, seed: 1))
    func descriptionRendering() {
        #expect(Logger.MetadataValue.array([]).description == "[]")
        #expect(Logger.MetadataValue.array(["a", "b"]).description == ["a", "b"].description)

        #expect(Logger.MetadataValue.dictionary([:]).description == "[:]")
        #expect(Logger.MetadataValue.dictionary(["k": "v"]).description == ["k": "v"].description)
        #expect(
            Logger.MetadataValue.dictionary(["outer": ["inner": "leaf"]]).description
                == "[\"outer\": [\"inner\": \"leaf\"]]"
        )
    }

    @Test(.explored(schedules: 300, seed: 1))
    func equatableCompareson() {
        let lhs: Logger.MetadataValue = ["a": ["1", "2"]]
        let rhs: Logger.MetadataValue = ["a": ["1", "2"]]
        let different: Logger.MetadataValue = ["a": ["1", "3"]]

        #expect(lhs == rhs)
        #expect(lhs != different)
    }

    @Test(.explored(schedules: 300, seed: 1))
    func descriptionOfNestedArraysGrowsLinearlyNotExponentially() {
        var value: Logger.MetadataValue = .string("leaf")
        for _ in 0..<100 {
            value = .array([value])
        }
        // "leaf".debugDescription + each level adds a "[" and "]".
        #expect(value.description.count == 6 + 2 * 100)
    }

    @Test(.explored(schedules: 300, seed: 1))
    func equatableComparesNestedArrays() {
        var lhs: Logger.MetadataValue = .string("leaf")
        var rhs: Logger.MetadataValue = .string("leaf")
        for _ in 0..<100 {
            lhs = .array([lhs])
            rhs = .array([rhs])
        }
        #expect(lhs == rhs)
    }
}
