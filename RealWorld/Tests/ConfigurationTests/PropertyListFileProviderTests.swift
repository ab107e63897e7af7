// Ported from swift-configuration 1.4.0, Tests/ConfigurationTests/PropertyListFileProviderTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1) unless
// said below) and `import DispatchableTesting`.

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

#if PropertyList

import DispatchableTesting
import Testing
import ConfigurationTestingInternal
@testable import Configuration
import Foundation
import ConfigurationTesting
import SystemPackage

let plistTestFileContents = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>string</key>
        <string>Hello</string>
        <key>int</key>
        <integer>42</integer>
        <key>double</key>
        <real>3.14</real>
        <key>bool</key>
        <true/>
        <key>bytes</key>
        <data>bWFnaWM=</data>

        <key>other</key>
        <dict>
            <key>string</key>
            <string>Other Hello</string>
            <key>int</key>
            <integer>24</integer>
            <key>double</key>
            <real>2.72</real>
            <key>bool</key>
            <false/>
            <key>bytes</key>
            <data>bWFnaWMy</data>

            <key>stringy</key>
            <dict>
                <key>array</key>
                <array>
                    <string>Hello</string>
                    <string>Swift</string>
                </array>
            </dict>
            <key>inty</key>
            <dict>
                <key>array</key>
                <array>
                    <integer>16</integer>
                    <integer>32</integer>
                </array>
            </dict>
            <key>doubly</key>
            <dict>
                <key>array</key>
                <array>
                    <real>0.9</real>
                    <real>1.8</real>
                </array>
            </dict>
            <key>booly</key>
            <dict>
                <key>array</key>
                <array>
                    <false/>
                    <true/>
                    <true/>
                </array>
            </dict>
            <key>byteChunky</key>
            <dict>
                <key>array</key>
                <array>
                    <data>bWFnaWM=</data>
                    <data>bWFnaWMy</data>
                    <data>bWFnaWM=</data>
                </array>
            </dict>
        </dict>

        <key>stringy</key>
        <dict>
            <key>array</key>
            <array>
                <string>Hello</string>
                <string>World</string>
            </array>
        </dict>
        <key>inty</key>
        <dict>
            <key>array</key>
            <array>
                <integer>42</integer>
                <integer>24</integer>
            </array>
        </dict>
        <key>doubly</key>
        <dict>
            <key>array</key>
            <array>
                <real>3.14</real>
                <real>2.72</real>
            </array>
        </dict>
        <key>booly</key>
        <dict>
            <key>array</key>
            <array>
                <true/>
                <false/>
            </array>
        </dict>
        <key>byteChunky</key>
        <dict>
            <key>array</key>
            <array>
                <data>bWFnaWM=</data>
                <data>bWFnaWMy</data>
            </array>
        </dict>
    </dict>
    </plist>
    """

struct PropertyListFileProviderTests {

    @available(Configuration 1.0, *)
    var provider: PropertyListSnapshot {
        get throws {
            try PropertyListSnapshot(
                data: Data(plistTestFileContents.utf8).bytes,
                providerName: "TestProvider",
                parsingOptions: .default
            )
        }
    }

    @available(Configuration 1.0, *)
    @Test(.explored(schedules: 300, seed: 1)) func printingDescription() async throws {
        let expectedDescription = #"""
            TestProvider[20 values]
            """#
        try #expect(provider.description == expectedDescription)
    }

    @available(Configuration 1.0, *)
    @Test(.explored(schedules: 300, seed: 1)) func printingDebugDescription() async throws {
        let expectedDebugDescription = #"""
            TestProvider[20 values: bool=true, booly.array=true,false, byteChunky.array=bWFnaWM=,bWFnaWMy, bytes=bWFnaWM=, double=3.14, doubly.array=3.14,2.72, int=42, inty.array=42,24, other.bool=false, other.booly.array=false,true,true, other.byteChunky.array=bWFnaWM=,bWFnaWMy,bWFnaWM=, other.bytes=bWFnaWMy, other.double=2.72, other.doubly.array=0.9,1.8, other.int=24, other.inty.array=16,32, other.string=Other Hello, other.stringy.array=Hello,Swift, string=Hello, stringy.array=Hello,World]
            """#
        try #expect(provider.debugDescription == expectedDebugDescription)
    }

    @available(Configuration 1.0, *)
    @Test(.explored(schedules: 300, seed: 1)) func emptyArray() async throws {
        let contents = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>tags</key><array/>
            </dict></plist>
            """
        let fileSystem = InMemoryFileSystem(files: [
            "/etc/empty.plist": .file(timestamp: .now, contents: contents)
        ])
        let config = ConfigReader(
            provider: try await FileProvider<PropertyListSnapshot>(
                parsingOptions: .default,
                filePath: "/etc/empty.plist",
                allowMissing: false,
                fileSystem: fileSystem
            )
        )
        #expect(config.stringArray(forKey: "tags") == [])
        #expect(config.intArray(forKey: "tags") == [])
        #expect(config.doubleArray(forKey: "tags") == [])
        #expect(config.boolArray(forKey: "tags") == [])
        #expect(config.byteChunkArray(forKey: "tags") == [])
        #expect(config.stringArray(forKey: "tags", default: ["default"]) == [])
        #expect(config.string(forKey: "tags") == nil)
    }

    @available(Configuration 1.0, *)
    @Test(.explored(schedules: 300, seed: 1)) func compat() async throws {
        let fileSystem = InMemoryFileSystem(files: [
            "/etc/config.plist": .file(timestamp: .now, contents: plistTestFileContents)
        ])
        try await ProviderCompatTest(
            provider: FileProvider<PropertyListSnapshot>(
                parsingOptions: .default,
                filePath: "/etc/config.plist",
                allowMissing: false,
                fileSystem: fileSystem
            )
        )
        .runTest()
    }

    @available(Configuration 1.0, *)
    @Test(.explored(schedules: 300, seed: 1)) func binaryPlist() async throws {
        // Create binary plist from the same test data
        let xmlData = Data(plistTestFileContents.utf8)
        let plist = try PropertyListSerialization.propertyList(from: xmlData, format: nil)
        let binaryData = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)

        let provider = try makeSnapshot(data: binaryData, providerName: "BinaryTestProvider")
        #expect(provider.description == "BinaryTestProvider[20 values]")
    }

    /// Creates a snapshot from the provided data.
    ///
    /// Swift 6.2 emits invalid SIL when `data.bytes` of a local variable is passed to a throwing
    /// call directly, which crashes compilers built with assertions, so the snapshot is created
    /// in this separate function instead.
    /// See https://github.com/swiftlang/swift/issues/85280.
    ///
    /// We can remove this when we stop supporting 6.2.
    @available(Configuration 1.0, *)
    private func makeSnapshot(data: Data, providerName: String) throws -> PropertyListSnapshot {
        try PropertyListSnapshot(
            data: data.bytes,
            providerName: providerName,
            parsingOptions: .default
        )
    }
}

#endif
