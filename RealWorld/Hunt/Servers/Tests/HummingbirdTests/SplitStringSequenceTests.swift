// Ported from hummingbird 2.28.1, Tests/HummingbirdTests/SplitStringSequenceTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 35 Swift Testing `@Test`s.
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

@testable import Hummingbird

struct SplitStringSequenceTests {
    // MARK: - Basic Splitting

    @Test(.explored(schedules: 300, seed: 1)) func basicPathSplitting() {
        let sequence = SplitStringSequence("/a/b/c")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b", "c"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func pathWithoutLeadingSeparator() {
        let sequence = SplitStringSequence("a/b/c")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b", "c"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func trailingSeparatorWithoutLeading() {
        let sequence = SplitStringSequence("a/b/")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func singleComponent() {
        let sequence = SplitStringSequence("component")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["component"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func singleComponentWithSeparators() {
        let sequence = SplitStringSequence("/component/")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["component"])
    }

    // MARK: - Empty and Edge Cases

    @Test(.explored(schedules: 300, seed: 1)) func emptyString() {
        let sequence = SplitStringSequence("")
        let components = Array(sequence)
        #expect(components.isEmpty)
    }

    @Test(.explored(schedules: 300, seed: 1)) func rootPathOnly() {
        let sequence = SplitStringSequence("/")
        let components = Array(sequence)
        #expect(components.isEmpty)
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleSeparatorsOnly() {
        let sequence = SplitStringSequence("///")
        let components = Array(sequence)
        #expect(components.isEmpty)
    }

    // MARK: - Multiple Consecutive Separators

    @Test(.explored(schedules: 300, seed: 1)) func multipleConsecutiveSeparatorsInMiddle() {
        let sequence = SplitStringSequence("/a//b///c")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b", "c"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleLeadingSeparators() {
        let sequence = SplitStringSequence("///a/b")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleTrailingSeparators() {
        let sequence = SplitStringSequence("a/b///")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleLeadingAndTrailingSeparators() {
        let sequence = SplitStringSequence("///a/b///")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b"])
    }

    // MARK: - Custom Separator

    @Test(.explored(schedules: 300, seed: 1)) func dotSeparator() {
        let sequence = SplitStringSequence("a.b.c", separator: ".")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b", "c"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func colonSeparator() {
        let sequence = SplitStringSequence(":path:to:resource:", separator: ":")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["path", "to", "resource"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func spaceSeparator() {
        let sequence = SplitStringSequence("  hello   world  ", separator: " ")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["hello", "world"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func customSeparatorWithMultipleConsecutive() {
        let sequence = SplitStringSequence("a...b..c", separator: ".")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b", "c"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func defaultSeparatorInComponentWithCustomSeparator() {
        let sequence = SplitStringSequence("path/to.file.txt", separator: ".")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["path/to", "file", "txt"])
    }

    // MARK: - Unicode Support

    @Test(.explored(schedules: 300, seed: 1)) func unicodePathComponents() {
        let sequence = SplitStringSequence("/hello/世界/мир")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["hello", "世界", "мир"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func emojiPathComponents() {
        let sequence = SplitStringSequence("/🎉/🚀/🌟")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["🎉", "🚀", "🌟"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func unicodeSeparator() {
        let sequence = SplitStringSequence("a→b→c", separator: "→")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["a", "b", "c"])
    }

    // MARK: - Real-World URL Paths

    @Test(.explored(schedules: 300, seed: 1)) func typicalAPIPath() {
        let sequence = SplitStringSequence("/api/v1/users/123/posts")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["api", "v1", "users", "123", "posts"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func pathWithQueryLikeComponent() {
        let sequence = SplitStringSequence("/search/query=test")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["search", "query=test"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func pathWithSpecialCharacters() {
        let sequence = SplitStringSequence("/path/with-dashes/and_underscores/file.txt")
        let components = Array(sequence)
        #expect(components.map(String.init) == ["path", "with-dashes", "and_underscores", "file.txt"])
    }

    // MARK: - Iterator Behavior

    @Test(.explored(schedules: 300, seed: 1)) func iteratorReturnsSubstrings() {
        let path = "/first/second"
        let sequence = SplitStringSequence(path)
        var iterator = sequence.makeIterator()

        let first = iterator.next()
        #expect(first != nil)
        #expect(first! == "first")

        let second = iterator.next()
        #expect(second != nil)
        #expect(second! == "second")

        let third = iterator.next()
        #expect(third == nil)
    }

    @Test(.explored(schedules: 300, seed: 1)) func iteratorExhaustion() {
        let sequence = SplitStringSequence("/a")
        var iterator = sequence.makeIterator()

        #expect(iterator.next() != nil)
        #expect(iterator.next() == nil)
        #expect(iterator.next() == nil)  // Should remain nil
    }

    @Test(.explored(schedules: 300, seed: 1)) func multipleIteratorsIndependent() {
        let sequence = SplitStringSequence("/a/b/c")

        var iterator1 = sequence.makeIterator()
        var iterator2 = sequence.makeIterator()

        #expect(iterator1.next() == "a")
        #expect(iterator1.next() == "b")
        #expect(iterator2.next() == "a")  // iterator2 is independent
        #expect(iterator1.next() == "c")
        #expect(iterator2.next() == "b")
    }

    // MARK: - Sequence Conformance

    @Test(.explored(schedules: 300, seed: 1)) func forInLoopWorks() {
        let sequence = SplitStringSequence("/x/y/z")
        var results: [String] = []
        for component in sequence {
            results.append(String(component))
        }
        #expect(results == ["x", "y", "z"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func mapWorks() {
        let sequence = SplitStringSequence("/a/bb/ccc")
        let lengths = sequence.map { $0.count }
        #expect(lengths == [1, 2, 3])
    }

    @Test(.explored(schedules: 300, seed: 1)) func filterWorks() {
        let sequence = SplitStringSequence("/short/a/longer/b")
        let longComponents = sequence.filter { $0.count > 1 }.map(String.init)
        #expect(longComponents == ["short", "longer"])
    }

    @Test(.explored(schedules: 300, seed: 1)) func reduceWorks() {
        let sequence = SplitStringSequence("/a/b/c")
        let joined = sequence.reduce("") { $0 + String($1) }
        #expect(joined == "abc")
    }

    @Test(.explored(schedules: 300, seed: 1)) func countByIterating() {
        let sequence = SplitStringSequence("/a/b/c/d/e")
        var count = 0
        for _ in sequence {
            count += 1
        }
        #expect(count == 5)
    }

    // MARK: - Substring Sharing

    @Test(.explored(schedules: 300, seed: 1)) func substringsShareStorageWithOriginal() {
        let path = "/users/profile/settings"
        let sequence = SplitStringSequence(path)
        let components = Array(sequence)

        // Substrings should reference ranges within the original string
        #expect(components[0].base == path)
        #expect(components[1].base == path)
        #expect(components[2].base == path)
    }

    // MARK: - Long Paths

    @Test(.explored(schedules: 300, seed: 1)) func longPath() {
        let components = (1...100).map { "segment\($0)" }
        let path = "/" + components.joined(separator: "/")
        let sequence = SplitStringSequence(path)
        let result = Array(sequence).map(String.init)
        #expect(result == components)
    }

    @Test(.explored(schedules: 300, seed: 1)) func longComponentNames() {
        let longName = String(repeating: "a", count: 1000)
        let sequence = SplitStringSequence("/\(longName)/\(longName)")
        let components = Array(sequence)
        #expect(components.count == 2)
        #expect(components[0].count == 1000)
        #expect(components[1].count == 1000)
    }

    @Test(.explored(schedules: 300, seed: 1), arguments: [
        "/test/",
        "test",
        "//test",
        "/test//this",
        "/test/this",
        "/test/this/",
        "/test//this",
        "/test/this//",
        "/test/this/string",
        "/test/this/string/",
        "/test/this/string/works",
        "/test/this/string/works/",
        "/test/this/string/works/fine",
        "/🎉/🚀/🌟",
        "/🎉/🚀/🌟🎉/🚀/🌟",
    ])
    func testSplitStringMaxSplitsSequence(string: String) {
        let split = string.split(separator: "/", maxSplits: 3)
        #expect(split.elementsEqual(string.splitMaxSplitsSequence(separator: "/", maxSplits: 3)))
    }
}
