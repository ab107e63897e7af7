// Ported from hummingbird 2.28.1, Tests/HummingbirdTests/UtilsTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 3 Swift Testing `@Test`s.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

import DispatchableTesting
import HummingbirdCore
import Testing

struct UtilsTests {
    struct FlatDictionaryTests {
        @Test(.explored(schedules: 300, seed: 1)) func testLiteralInit() {
            let a: FlatDictionary<String, String> = ["test": "value", "key2": "value2"]
            #expect(a["test"] == "value")
            #expect(a["key2"] == "value2")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testKeyGetSet() {
            var a: FlatDictionary<String, String> = [:]
            a["key"] = "value"
            #expect(a["key"] == "value")
            a["key"] = nil
            #expect(a["key2"] == nil)
        }

        @Test(.explored(schedules: 300, seed: 1)) func testKeyGetFirst() {
            var a: FlatDictionary<String, String> = [:]
            a.append(key: "key", value: "value1")
            a.append(key: "key", value: "value2")
            #expect(a["key"] == "value1")
        }
    }
}
