// swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestChannel.swift:
// TestChannel.test_asyncChannel_delivers_elements_when_several_producers_and_several_consumers,
// as RealWorld/Tests/AsyncAlgorithmsCorpus ports it (Apache License v2.0 with Runtime Library
// Exception, (c) 2022 Apple Inc. and the Swift project authors); XCTAssertEqual is `expectEqual`.

import AsyncAlgorithms

enum ChannelBody {
    static func run() async throws {
        let sents = (1...10)
        let expected = Set(sents)

        // Given: an AsyncChannel
        let sut = AsyncChannel<Int>()

        // When: sending elements from tasks in a group
        Task {
            await withTaskGroup(of: Void.self) { group in
                for sent in sents {
                    group.addTask {
                        await sut.send(sent)
                    }
                }
            }
        }

        // When: receiving those elements from tasks in a group
        let collected = await withTaskGroup(of: Int.self, returning: Set<Int>.self) { group in
            for _ in sents {
                group.addTask {
                    var iterator = sut.makeAsyncIterator()
                    let received = await iterator.next()
                    return received!
                }
            }

            var collected = Set<Int>()
            for await element in group {
                collected.update(with: element)
            }
            return collected
        }

        // Then: all elements are sent and received
        try expectEqual(collected, expected)
    }
}
