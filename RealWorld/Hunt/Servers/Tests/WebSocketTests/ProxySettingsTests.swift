// Ported from swift-websocket 1.6.2, Tests/WebSocketTests/ProxySettingsTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 7 Swift Testing `@Test`s.
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
import Foundation
import Testing

@testable import WSClient

@Suite("ProxySettings Tests", .serialized)
struct ProxySettingsTests {
    @Test(.explored(schedules: 300, seed: 1)) func testHTTPProxyEnvVar() async throws {
        setenv("http_proxy", "http://test.com:8888", 1)
        defer { unsetenv("http_proxy") }
        let values = WebSocketProxySettings.getProxyEnvironmentValues(for: "ws://echo.websocket.org/")
        #expect(values?.host == "test.com")
        #expect(values?.port == 8888)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testHTTPSProxyEnvVar() async throws {
        setenv("http_proxy", "http://test.com:8888", 1)
        defer { unsetenv("http_proxy") }
        setenv("https_proxy", "http://test2.com:8888", 1)
        defer { unsetenv("https_proxy") }
        let values = WebSocketProxySettings.getProxyEnvironmentValues(for: "wss://echo.websocket.org/")
        #expect(values?.host == "test2.com")
        #expect(values?.port == 8888)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testNoProxyWildcard() async throws {
        setenv("http_proxy", "http://test.com:8888", 1)
        defer { unsetenv("http_proxy") }
        setenv("no_proxy", "*", 1)
        defer { unsetenv("no_proxy") }
        let values = WebSocketProxySettings.getProxyEnvironmentValues(for: "ws://echo.websocket.org/")
        #expect(values == nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testNoProxyMatch() async throws {
        setenv("http_proxy", "http://test.com:8888", 1)
        defer { unsetenv("http_proxy") }
        setenv("no_proxy", "websocket.org", 1)
        defer { unsetenv("no_proxy") }
        let values = WebSocketProxySettings.getProxyEnvironmentValues(for: "ws://echo.websocket.org/")
        #expect(values == nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testNoProxyMatchWithLeadingDot() async throws {
        setenv("http_proxy", "http://test.com:8888", 1)
        defer { unsetenv("http_proxy") }
        setenv("no_proxy", ".websocket.org", 1)
        defer { unsetenv("no_proxy") }
        let values = WebSocketProxySettings.getProxyEnvironmentValues(for: "ws://websocket.org/")
        #expect(values == nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testNoProxyMultipleDomains() async throws {
        setenv("http_proxy", "http://test.com:8888", 1)
        defer { unsetenv("http_proxy") }
        setenv("no_proxy", "ws.org,websocket.org", 1)
        defer { unsetenv("no_proxy") }
        let values = WebSocketProxySettings.getProxyEnvironmentValues(for: "ws://echo.websocket.org/")
        #expect(values == nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testNoProxyMultipleDomainsWithWhitespace() async throws {
        setenv("http_proxy", "http://test.com:8888", 1)
        defer { unsetenv("http_proxy") }
        setenv("no_proxy", "ws.org , websocket.org", 1)
        defer { unsetenv("no_proxy") }
        let values = WebSocketProxySettings.getProxyEnvironmentValues(for: "ws://echo.websocket.org/")
        #expect(values == nil)
        let values2 = WebSocketProxySettings.getProxyEnvironmentValues(for: "ws://echo.ws.org/")
        #expect(values2 == nil)
    }
}
