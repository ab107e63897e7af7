// swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestMerge.swift:
// TestMerge2.test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size, as
// RealWorld/Tests/AsyncAlgorithmsCorpus ports it (Apache License v2.0 with Runtime Library
// Exception, (c) 2022 Apple Inc. and the Swift project authors); XCTAssert… are `expect…`.

import AsyncAlgorithms

enum MergeBody {
    static func run() async throws {
        let first = [1, 2, 3]
        let second = [4, 5, 6]

        let merged = merge(first.async, second.async)
        var collected = [Int]()
        let expected = Set(first + second).sorted()

        var iterator = merged.makeAsyncIterator()
        while let item = await iterator.next() {
            collected.append(item)
        }
        let pastEnd = await iterator.next()

        try expect(pastEnd == nil, "an element past the end")
        try expectEqual(Set(collected).sorted(), expected)
    }
}
