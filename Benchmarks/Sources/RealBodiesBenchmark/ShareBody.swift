// swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/TestShare.swift:
// TestShare.test_share_delivers_elements_to_multiple_consumers, as RealWorld/Tests/AsyncAlgorithmsCorpus
// ports it (Apache License v2.0 with Runtime Library Exception, (c) 2022 Apple Inc. and the Swift
// project authors); XCTAssertEqual is `expectEqual`.

import AsyncAlgorithms

enum ShareBody {
    static func run() async throws {
        let source = [1, 2, 3, 4, 5]
        let shared = source.async.share()
        let gate1 = Gate()
        let gate2 = Gate()

        async let consumer1 = Task.detached {
            var results = [Int]()
            var iterator = shared.makeAsyncIterator()
            gate1.open()
            await gate2.enter()
            while let value = await iterator.next(isolation: nil) {
                results.append(value)
            }
            return results
        }

        async let consumer2 = Task.detached {
            var results = [Int]()
            var iterator = shared.makeAsyncIterator()
            gate2.open()
            await gate1.enter()
            while let value = await iterator.next(isolation: nil) {
                results.append(value)
            }
            return results
        }
        let results1 = await consumer1.value
        let results2 = await consumer2.value

        try expectEqual(results1, [1, 2, 3, 4, 5])
        try expectEqual(results2, [1, 2, 3, 4, 5])
    }
}

/// swift-async-algorithms 1.1.4, Tests/AsyncAlgorithmsTests/Support/Gate.swift, with the package's
/// internal `ManagedCriticalState` (which a release build cannot reach with `@testable import`)
/// replaced by `LockedValue`: the same lock, released before the continuation is resumed.
struct Gate: Sendable {
    enum State {
        case closed
        case open
        case pending(UnsafeContinuation<Void, Never>)
    }

    let state = LockedValue(State.closed)

    func open() {
        state.mutate { state -> UnsafeContinuation<Void, Never>? in
            switch state {
            case .closed:
                state = .open
                return nil
            case .open:
                return nil
            case .pending(let continuation):
                state = .closed
                return continuation
            }
        }?.resume()
    }

    func enter() async {
        var other: UnsafeContinuation<Void, Never>?
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            state.mutate { state -> UnsafeContinuation<Void, Never>? in
                switch state {
                case .closed:
                    state = .pending(continuation)
                    return nil
                case .open:
                    state = .closed
                    return continuation
                case .pending(let existing):
                    other = existing
                    state = .pending(continuation)
                    return nil
                }
            }?.resume()
        }
        other?.resume()
    }
}
