import Foundation
import Testing

@testable import Dispatchable

/// The queue keeps each lane split at the clock (due items in order, timers in a heap) so that
/// exploration lists a step's choices without scanning the queue. These tests hold that listing to
/// the rule it implements, written out plainly over every queued item.
@Suite("Work queue choices against the rule, recomputed from scratch")
struct WorkQueueChoicesTests {
    typealias WorkQueue = MockDispatchable.WorkQueue
    typealias Candidate = MockDispatchable.Candidate

    /// A queued item as the rule sees it.
    struct Item {
        let sequence: Int
        let isOffload: Bool
        let due: Int64
        let sentByOffload: Bool
        let handle: MockDispatchable.Handle
    }

    /// The choices rule of `WorkQueue.choices`, as its documentation states it, over all items.
    static func expectedChoices(
        _ items: [Item], now: Int64, kind: MockDispatchable.WorkKind, limit: Int64
    ) -> [Int] {
        let never = Int64.max
        func runsBefore(_ a: Item, _ b: Item) -> Bool { (a.due, a.sequence) < (b.due, b.sequence) }
        let mains = items.filter { !$0.isOffload }.sorted(by: runsBefore)
        let offloads = items.filter(\.isOffload)
        var head: Item?
        if kind != .offload, let first = mains.first, first.due <= limit, first.due != never { head = first }
        if kind == .main { return head.map { [$0.sequence] } ?? [] }
        var chosen = offloads.filter { $0.due <= now }
        let offloadTimer = offloads.filter { $0.due > now && $0.due != never }.map(\.due).min() ?? never
        var timer = offloadTimer
        var mainTimer: Item?
        if kind == .any {
            mainTimer = mains.first { $0.due > now && $0.due != never }
            if let main = mainTimer, main.due < timer { timer = main.due }
            if mains.contains(where: { $0.due <= now && !$0.sentByOffload }) { timer = never }
        }
        if timer <= limit, timer != never {
            if offloadTimer == timer { chosen += offloads.filter { $0.due == timer } }
            if let main = mainTimer, main.due == timer, head.map({ $0.due <= now }) ?? true { chosen.append(main) }
        }
        if let head { chosen.append(head) }
        return chosen.sorted(by: runsBefore).map(\.sequence)
    }

    /// 10,000 random operations per seed — queueing on both lanes from the test and from offload
    /// work, with delays that collide, cancelling, taking any offered choice, moving the clock,
    /// now and then emptying the queue for reuse — comparing every kind of listing, at
    /// several limits, with the rule.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func choicesFollowTheRuleOverRandomOperations(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        var queue = WorkQueue()
        var items: [Item] = []
        var list = MockDispatchable.CandidateList()
        let delays: [TimeInterval] = [0, 0, 0, 0.1, 0.1, 0.2, 0.5, 1, .infinity]
        for operation in 0..<10_000 {
            let context = "seed \(seed), operation \(operation)"
            if operation % 2_500 == 2_499 {
                // Emptied for reuse, as exploration's next run gets it: a fresh queue again.
                queue.removeAll()
                items = []
                #expect(queue.now == 0 && queue.count(.any) == 0, "\(context)")
            }
            switch random.next(below: items.count > 30 ? 4 : 10) {
            case 0, 1:
                // Take one of the offered choices, as exploration does.
                queue.choices(.any, until: Int64.max, into: &list)
                guard !list.isEmpty else { continue }
                let candidate = list[random.next(below: list.count)]
                list.clear()
                _ = queue.dequeue(candidate)
                items.removeAll { $0.sequence == candidate.sequence }
            case 2:
                guard !items.isEmpty else { continue }
                _ = queue.cancel(items.remove(at: random.next(below: items.count)).handle)
            case 3:
                queue.moveClock(to: queue.now + Int64(random.next(below: 4)) * 100_000_000)
            default:
                let isOffload = random.next(below: 2) == 0
                let from: DispatchThread? = [nil, .offload, .main][random.next(below: 3)]
                let delay = delays[random.next(below: delays.count)]
                let job: MockDispatchable.Job = isOffload ? .offload {} : .main {}
                let handle = queue.enqueue(
                    job, on: isOffload ? .offload : .main, after: delay, from: from, identity: 0)
                let due = delay.isFinite ? queue.now + Int64((delay * 1e9).rounded()) : Int64.max
                items.append(
                    Item(
                        sequence: handle.sequence, isOffload: isOffload, due: due,
                        sentByOffload: from == .offload, handle: handle))
            }
            for kind in [MockDispatchable.WorkKind.any, .offload, .main] {
                for limit in [queue.now, queue.now + 200_000_000, Int64.max] {
                    queue.choices(kind, until: limit, into: &list)
                    let listed = list.map(\.sequence)
                    list.clear()
                    let expected = Self.expectedChoices(items, now: queue.now, kind: kind, limit: limit)
                    #expect(listed == expected, "\(context), \(kind) until \(limit)")
                    if listed != expected { return }
                }
            }
            #expect(queue.count(.any) == items.count, "\(context)")
        }
    }

    @Test func aDueItemTakenFromTheMiddleLeavesTheOthersInOrder() {
        var queue = WorkQueue()
        let handles = (0..<5).map { _ in
            queue.enqueue(.offload {}, on: .offload, after: 0, from: nil, identity: 0)
        }
        _ = queue.cancel(handles[2])
        var list = MockDispatchable.CandidateList()
        queue.choices(.offload, until: Int64.max, into: &list)
        #expect(list.map(\.sequence) == [1, 2, 4, 5])
    }

    @Test func timersFallingDueJoinTheDueItemsInRunOrder() {
        var queue = WorkQueue()
        _ = queue.enqueue(.offload {}, on: .offload, after: 0.2, from: nil, identity: 0)  // 1
        _ = queue.enqueue(.offload {}, on: .offload, after: 0.1, from: nil, identity: 0)  // 2
        _ = queue.enqueue(.offload {}, on: .offload, after: 0, from: nil, identity: 0)  // 3
        _ = queue.enqueue(.offload {}, on: .offload, after: 0.1, from: nil, identity: 0)  // 4
        queue.moveClock(to: 200_000_000)
        var list = MockDispatchable.CandidateList()
        queue.choices(.offload, until: Int64.max, into: &list)
        #expect(list.map(\.sequence) == [3, 2, 4, 1])
    }

    @Test func cancelledTimersAreNeverListed() {
        var queue = WorkQueue()
        let cancelled = queue.enqueue(.offload {}, on: .offload, after: 0.1, from: nil, identity: 0)
        _ = queue.enqueue(.offload {}, on: .offload, after: 0.1, from: nil, identity: 0)
        _ = queue.cancel(cancelled)
        var list = MockDispatchable.CandidateList()
        queue.choices(.offload, until: Int64.max, into: &list)
        #expect(list.map(\.sequence) == [2])
        queue.moveClock(to: 100_000_000)
        list.clear()
        queue.choices(.offload, until: Int64.max, into: &list)
        #expect(list.map(\.sequence) == [2])
    }

    /// Ordinary manual mode leaves timers in the heap when the clock passes them; the first
    /// listing under exploration merges them with the items queued due at once.
    @Test func timersThePlainClockPassedAreMergedInRunOrderWhenExplorationStarts() {
        var queue = WorkQueue()
        _ = queue.enqueue(.offload {}, on: .offload, after: 0.1, from: nil, identity: 0)  // 1, due 0.1
        _ = queue.enqueue(.main {}, on: .main, after: 0, from: nil, identity: 0)  // 2, due 0
        let taken = queue.firstDue(.any, until: Int64.max)
        #expect(taken?.sequence == 2)
        if let taken { _ = queue.dequeue(taken) }
        queue.moveClock(to: 300_000_000)
        _ = queue.enqueue(.offload {}, on: .offload, after: 0, from: nil, identity: 0)  // 3, due 0.3
        _ = queue.enqueue(.offload {}, on: .offload, after: 0.2, from: nil, identity: 0)  // 4, due 0.5
        #expect(queue.firstDue(.offload, until: Int64.max)?.sequence == 1)
        var list = MockDispatchable.CandidateList()
        queue.choices(.offload, until: Int64.max, into: &list)
        #expect(list.map(\.sequence) == [1, 3, 4])
    }
}
