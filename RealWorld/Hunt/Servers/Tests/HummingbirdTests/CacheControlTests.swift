// Ported from hummingbird 2.28.1, Tests/HummingbirdTests/CacheControlTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
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
import Hummingbird
import Testing

extension HTTPTests {
    struct CacheControlTests {
        @Test(.explored(schedules: 300, seed: 1)) func testCssIsText() {
            let cacheControl = CacheControl([
                (MediaType(type: .text), [.noCache, .public])
            ])
            #expect(cacheControl.getCacheControlHeader(for: "test.css") == "no-cache, public")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testMultipleEntries() {
            let cacheControl = CacheControl([
                (MediaType.textCss, [.noStore]),
                (MediaType.text, [.noCache, .public]),
            ])
            #expect(cacheControl.getCacheControlHeader(for: "test.css") == "no-store")
        }

        @Test(.explored(schedules: 300, seed: 1)) func testCssIsAny() {
            let cacheControl = CacheControl([
                (MediaType(type: .any), [.noCache, .public])
            ])
            #expect(cacheControl.getCacheControlHeader(for: "test.css") == "no-cache, public")
        }
    }
}
