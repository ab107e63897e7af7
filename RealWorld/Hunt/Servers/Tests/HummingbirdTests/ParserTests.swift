// Ported from hummingbird 2.28.1, Tests/HummingbirdTests/ParserTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 15 Swift Testing `@Test`s.
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
import Testing

@testable import HummingbirdCore

struct ParserTests {
    @Test(.explored(schedules: 300, seed: 1)) func testCharacter() throws {
        var parser = Parser("Tést🤣String")
        #expect(try parser.character() == "T")
        #expect(try parser.character() == "é")
        #expect(try parser.character() == "s")
        #expect(try parser.character() == "t")
        #expect(try parser.character() == "🤣")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testSubstring() throws {
        var parser = Parser("Tést🤣String")
        #expect(throws: (any Error).self) { try parser.read(count: 23) }
        #expect(try parser.read(count: 3).string == "Tés")
        #expect(try parser.read(count: 6).string == "t🤣Stri")
        #expect(throws: (any Error).self) { try parser.read(count: 3) }
        #expect(throws: Never.self) { try parser.read(count: 2) }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testWalkUnicode() throws {
        let string = "é🤣ブ"
        var parser = Parser(string)
        // Walk forward
        var count = 0
        while parser.reachedEnd() == false {
            try parser.advance()
            count += 1
        }
        #expect(count == string.count)
        while (try? parser.retreat()) != nil {
            count -= 1
        }
        #expect(count == 0)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testReadCharacter() throws {
        var parser = Parser("Te🤣stString")
        #expect(throws: Never.self) { try parser.read("T") }
        #expect(throws: Never.self) { try parser.read("e") }
        #expect(throws: Never.self) { try parser.read("🤣") }
        #expect(try parser.read("e") == false)
        #expect(try parser.read(Set("hgs")) == true)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testReadUntilCharacter() throws {
        var parser = Parser("Test🤣String")
        #expect(try parser.read(until: "🤣").string == "Test")
        #expect(try parser.read(until: "n").string == "🤣Stri")
        #expect(throws: (any Error).self) { try parser.read(until: "!") }
    }

    @Test(.explored(schedules: 300, seed: 1)) func testReadUntilCharacterSet() throws {
        var parser = Parser("TestString")
        #expect(try parser.read(until: Set("Sr")).string == "Test")
        #expect(try parser.read(until: Set("abcdefg")).string == "Strin")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testReadUntilString() throws {
        var parser = Parser("<!-- check for -comment end 🤣 -->")
        #expect(try parser.read(untilString: "-->").string == "<!-- check for -comment end 🤣 ")
        #expect(try parser.read("-->") == true)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testReadWhileCharacter() throws {
        var parser = Parser("122333")
        #expect(parser.read(while: "1") == 1)
        #expect(parser.read(while: "2") == 2)
        #expect(parser.read(while: "3") == 3)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testReadWhileCharacterSet() throws {
        var parser = Parser("aabbcdd836de")
        #expect(parser.read(while: Set("abcdef")).string == "aabbcdd")
        #expect(parser.read(while: Set("123456789")).string == "836")
        #expect(parser.read(while: Set("abcdef")).string == "de")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testRetreat() throws {
        var parser = Parser("abc🤣def")
        #expect(throws: (any Error).self) { try parser.retreat() }
        _ = try parser.read(count: 4)
        try parser.retreat(by: 3)
        #expect(try parser.read(count: 4).string == "bc🤣d")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testCopy() throws {
        var parser = Parser("abcdef")
        #expect(try parser.read(count: 3).string == "abc")
        var reader2 = parser
        #expect(try parser.read(count: 3).string == "def")
        #expect(try reader2.read(count: 3).string == "def")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testSplit() throws {
        var parser = Parser("abc,defgh,ijk")
        let split = parser.split(separator: ",")
        #expect(split.count == 3)
        #expect(split[0].string == "abc")
        #expect(split[1].string == "defgh")
        #expect(split[2].string == "ijk")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testPercentDecode() throws {
        let string = "abc,é☺😀併"
        let encoded = string.addingPercentEncoding(forURLComponent: .queryItem)
        var parser = Parser(encoded)
        try! parser.read(until: ",")
        let decoded = try #require(parser.percentDecode())

        #expect(decoded == ",é☺😀併")
    }

    @Test(.explored(schedules: 300, seed: 1)) func testValidate() {
        let string = "abc,é☺😀併"
        #expect(Parser([UInt8](string.utf8), validateUTF8: true) != nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func testSequence() {
        let string = "abc,é☺😀併 lorem"
        var string2 = ""
        let parser = Parser(string)
        for c in parser {
            string2 += String(c)
        }
        #expect(string == string2)
    }
}

extension Character {
    var isAlphaNumeric: Bool {
        isLetter || isNumber
    }
}
