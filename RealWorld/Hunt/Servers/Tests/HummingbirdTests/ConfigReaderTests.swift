// Ported from hummingbird 2.28.1, Tests/HummingbirdTests/ConfigReaderTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 5 Swift Testing `@Test`s.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

#if ConfigurationSupport

import DispatchableTesting
import Configuration
import Hummingbird
import HummingbirdCore
import Testing

struct ConfigReaderTests {

    @Test(.explored(schedules: 300, seed: 1))
    @available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, visionOS 2, *)
    func testApplicationConfigReader() throws {
        let configReader = ConfigReader(
            providers: [
                InMemoryProvider(values: [
                    "http.host": "0.0.0.0",
                    "http.port": 12300,
                    "http.serverName": "Test HB",
                ])
            ]
        )

        let appConfig = ApplicationConfiguration(reader: configReader.scoped(to: "http"))
        #expect(appConfig.address == .hostname("0.0.0.0", port: 12300))
        #expect(appConfig.serverName == "Test HB")
    }

    @Test(.explored(schedules: 300, seed: 1))
    @available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, visionOS 2, *)
    func testApplicationConfigReaderHostOnly() throws {
        let configReader = ConfigReader(
            providers: [
                InMemoryProvider(values: [
                    "http.host": "0.0.0.0"
                ])
            ]
        )

        let appConfig = ApplicationConfiguration(reader: configReader.scoped(to: "http"))
        #expect(appConfig.address == .hostname("0.0.0.0", port: 8080))
    }

    @Test(.explored(schedules: 300, seed: 1))
    @available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, visionOS 2, *)
    func testApplicationConfigReaderPortOnly() throws {
        let configReader = ConfigReader(
            providers: [
                InMemoryProvider(values: [
                    "http.port": 9000
                ])
            ]
        )

        let appConfig = ApplicationConfiguration(reader: configReader.scoped(to: "http"))
        #expect(appConfig.address == .hostname("127.0.0.1", port: 9000))
    }

    @Test(.explored(schedules: 300, seed: 1))
    @available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, visionOS 2, *)
    func testApplicationUnixDomainSocketConfigReader() throws {
        let configReader = ConfigReader(
            providers: [
                InMemoryProvider(values: [
                    "http.unixDomainSocket": "/tmp/hb"
                ])
            ]
        )

        let appConfig = ApplicationConfiguration(reader: configReader.scoped(to: "http"))
        #expect(appConfig.address == .unixDomainSocket(path: "/tmp/hb"))
    }

    @Test(.explored(schedules: 300, seed: 1))
    @available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, visionOS 2, *)
    func testHTTP1ConfigReader() throws {
        let configReader = ConfigReader(
            providers: [
                InMemoryProvider(values: [
                    "idleTimeout": 65.0
                ])
            ]
        )

        let http1Config = HTTP1Channel.Configuration(reader: configReader)
        #expect(http1Config.idleTimeout == .seconds(65))
    }
}

#endif
