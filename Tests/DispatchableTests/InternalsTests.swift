import Foundation
import Testing

@testable import Dispatchable

@Suite("Internal helpers")
struct InternalsTests {
    @Test func lockedSerialisesConcurrentMutation() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func delayedWorkCallsItsCancelActionOnce() {
        let calls = Locked(0)
        let token = DelayedWork { calls.withLock { $0 += 1 } }
        #expect(!token.isCancelled)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in token.cancel() }
        #expect(calls.withLock { $0 } == 1)
        #expect(token.isCancelled)
    }

    @Test func heapPopsInDueTimeThenSequenceOrder() {
        var heap = MockDispatchable.Heap()
        var generator = SystemRandomNumberGenerator()
        var expected: [(TimeInterval, Int)] = []
        for sequence in 1...5000 {
            let due = TimeInterval(Int.random(in: 0..<200, using: &generator))
            expected.append((due, sequence))
            heap.insert(
                .init(sequence: sequence, due: due, thread: .main, scheduledAt: 0, scheduledFrom: nil, job: .main {}))
        }
        expected.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        var popped: [(TimeInterval, Int)] = []
        while let item = heap.popMin() { popped.append((item.due, item.sequence)) }
        #expect(popped.map(\.1) == expected.map(\.1))
        #expect(heap.count == 0)
    }

    @Test func queueIsFirstInFirstOutAcrossCompaction() {
        var queue = MockDispatchable.Queue()
        var next = 0
        var popped: [Int] = []
        for round in 0..<50 {
            for _ in 0..<(round % 7 + 3) {
                next += 1
                queue.append(
                    .init(
                        sequence: next, due: 0, thread: .offload, scheduledAt: 0, scheduledFrom: nil, job: .offload {}))
            }
            for _ in 0..<(round % 5 + 1) { if let item = queue.popFirst() { popped.append(item.sequence) } }
        }
        while let item = queue.popFirst() { popped.append(item.sequence) }
        #expect(popped == Array(1...next))
    }

    @Test func dispatchThreadDescriptions() {
        #expect(DispatchThread.main.description == "main")
        #expect(DispatchThread.offload.description == "offload")
        #expect(DispatchThread.after(0.5).description == "after(0.5)")
        #expect(DispatchThread.after(2).description == "after(2)")
        #expect(DispatchThread.after(.nan).description == "after(nan)")
        #expect(DispatchThread.after(-.infinity).description == "after(-inf)")
        #expect(DispatchThread.after(1).isMain && DispatchThread.main.isMain && !DispatchThread.offload.isMain)
    }
}
