import Foundation
import Testing

@testable import Dispatchable

/// The reference: a plain array, searched and sorted on every query. Obviously right, O(n²).
struct ReferenceScheduler {
    struct Item: Equatable {
        let sequence: Int
        let isOffload: Bool
        let due: Int64?  // nil: never due
    }

    var now: Int64 = 0
    var items: [Item] = []
    var nextSequence = 1

    mutating func schedule(isOffload: Bool, delay: TimeInterval) -> Int {
        let due: Int64? = delay.isNaN || delay >= GCD.neverDelay ? nil : now + Int64((max(delay, 0) * 1e9).rounded())
        items.append(Item(sequence: nextSequence, isOffload: isOffload, due: due))
        nextSequence += 1
        return nextSequence - 1
    }

    mutating func cancel(_ sequence: Int) { items.removeAll { $0.sequence == sequence } }

    /// In run order: due time, then scheduling order; never-due items last.
    var pending: [Item] { items.sorted { ($0.due ?? .max, $0.sequence) < ($1.due ?? .max, $1.sequence) } }

    /// Takes the first item of the kind (nil: any) due by `limit`, moving `now` to its due time.
    mutating func takeNext(offload: Bool?, until limit: Int64) -> Item? {
        guard let item = pending.first(where: { offload == nil || $0.isOffload == offload }),
            let due = item.due, due <= limit
        else { return nil }
        cancel(item.sequence)
        now = max(now, due)
        return item
    }
}

/// 100,000 random operations — scheduling every kind of work with ordinary and bad delays,
/// cancelling, scheduling from inside running work, and every stepping call — on the mock and on
/// the reference, comparing what ran, in which order, at which virtual time, and what is pending.
@MainActor
@Suite("Work queue against a reference model")
struct WorkQueueModelTests {
    static let operations =
        ProcessInfo.processInfo.environment["DISPATCHABLE_MODEL_OPERATIONS"].flatMap(Int.init) ?? 100_000

    nonisolated static let delays: [TimeInterval] = [
        0, 0, 0.1, 0.2, 0.3, 0.1 + 0.2, 1 - 0.7 + 0.01, 1e-9, 0.5, 1, 2.5, -1, -.infinity, .nan, .infinity,
        GCD.neverDelay, 1e300,
    ]

    /// What a block scheduled by the test does when it runs: records itself, and schedules its
    /// children.
    @MainActor
    final class World {
        var mock = MockDispatchable(mode: .manual)
        var reference = ReferenceScheduler()
        var generator: SplitMix
        var ran: [(sequence: Int, at: TimeInterval)] = []
        var referenceRan: [(sequence: Int, at: Int64)] = []
        /// How many entries of `ran` have been compared.
        var compared = 0
        var children: [Int: [(kind: Int, delay: TimeInterval)]] = [:]
        var tokens: [Int: DelayedWork] = [:]

        init(seed: UInt64) { generator = SplitMix(seed: seed) }

        var nextSequence = 1

        /// Schedules on both; kinds: 0 main, 1 offload, 2 after, 3 offload(after:).
        func schedule(kind: Int, delay: TimeInterval) {
            _ = reference.schedule(isOffload: kind == 1 || kind == 3, delay: kind < 2 ? 0 : delay)
            scheduleOnMock(kind: kind, delay: delay, depth: 0)
        }

        /// Schedules on the mock, deciding (once) which children the block will schedule.
        func scheduleOnMock(kind: Int, delay: TimeInterval, depth: Int) {
            let sequence = nextSequence
            nextSequence += 1
            if depth < 2, generator.next(below: 3) == 0 {
                children[sequence] = (0..<generator.next(below: 3)).map { _ in
                    (generator.next(below: 4), WorkQueueModelTests.delays.randomElement(using: &generator)!)
                }
            }
            let run: @Sendable () -> Void = { [self] in
                MainActor.assumeIsolated { ranWork(sequence, depth: depth) }
            }
            switch kind {
            case 0: mock.main(run)
            case 1: mock.offload(run)
            case 2: tokens[sequence] = mock.after(delay, run)
            default: tokens[sequence] = mock.offload(after: delay, run)
            }
        }

        func ranWork(_ sequence: Int, depth: Int) {
            ran.append((sequence, mock.now))
            tokens[sequence] = nil  // only queued work is worth cancelling
            for child in children[sequence] ?? [] {
                scheduleOnMock(kind: child.kind, delay: child.delay, depth: depth + 1)
            }
        }

        /// Runs the reference's side of a stepping call: the same item, the same children.
        func referenceTake(offload: Bool?, until limit: Int64) -> Bool {
            guard let item = reference.takeNext(offload: offload, until: limit) else { return false }
            referenceRan.append((item.sequence, reference.now))
            for child in children[item.sequence] ?? [] {
                _ = reference.schedule(
                    isOffload: child.kind == 1 || child.kind == 3, delay: child.kind < 2 ? 0 : child.delay)
            }
            return true
        }
    }

    /// Gives the main actor back every thousand operations: in one stretch, 50,000 of them held it
    /// for 16 s beside the rest of the suite (a thread dump taken while a parallel test's
    /// `MainActor.run {}` waited), and every other test that needed it waited as long.
    @Test(arguments: [1, 2] as [UInt64])
    func mockMatchesTheReferenceOverRandomOperations(seed: UInt64) async throws {
        let world = World(seed: seed)
        let operations = Self.operations / 2
        for operation in 0..<operations {
            if operation % 1_000 == 999 { await Task.yield() }
            let pendingCount = world.reference.items.count
            let choice = world.generator.next(below: pendingCount > 40 ? 8 : 20)  // crowded: run or cancel
            let context = "seed \(seed), operation \(operation), choice \(choice)"
            switch choice {
            case 0..<4:
                try step(world, offload: [nil, true, false][choice % 3], context: context)
            case 4:
                let seconds = [0, 0.1, 0.3, 1, 1e-9, 2.5][world.generator.next(below: 6)]
                try world.mock.advance(by: seconds)
                let target = world.reference.now + Int64((seconds * 1e9).rounded())
                while world.referenceTake(offload: nil, until: target) {}
                world.reference.now = max(world.reference.now, target)
            case 5:
                try world.mock.runUntilIdle()
                while world.referenceTake(offload: nil, until: .max) {}
            case 6, 7:
                if let sequence = world.tokens.keys.randomElement(using: &world.generator) {
                    world.tokens.removeValue(forKey: sequence)?.cancel()
                    world.reference.cancel(sequence)
                }
            default:
                let delay = Self.delays.randomElement(using: &world.generator)!
                world.schedule(kind: world.generator.next(below: 4), delay: delay)
            }
            try compare(world, context: context)
        }
        #expect(world.ran.count > operations / 10, "the operations ran a fair share of work")
    }

    private func step(_ world: World, offload: Bool?, context: String) throws {
        let expected = world.referenceTake(offload: offload, until: .max)
        do {
            switch offload {
            case nil: try world.mock.runNext()
            case true?: try world.mock.runNextOffload()
            case false?: try world.mock.runNextMain()
            }
            #expect(expected, "the mock ran work the reference did not: \(context)")
        } catch let error as MockDispatchableError where error.kind == .noPendingWork {
            #expect(!expected, "the reference ran work the mock did not: \(context)")
        }
    }

    /// Compares what ran since the last comparison, the clock, and everything pending.
    private func compare(_ world: World, context: String) throws {
        try #require(world.ran.count == world.referenceRan.count, "how much ran: \(context)")
        for index in world.compared..<world.ran.count {
            try #require(world.ran[index].sequence == world.referenceRan[index].sequence, "what ran: \(context)")
            try #require(world.ran[index].at == Double(world.referenceRan[index].at) / 1e9, "when: \(context)")
        }
        world.compared = world.ran.count
        try #require(world.mock.now == Double(world.reference.now) / 1e9, "now: \(context)")
        let pending = world.mock.pendingWork
        let expected = world.reference.pending
        try #require(pending.map(\.sequence) == expected.map(\.sequence), "what is pending, in order: \(context)")
        try #require(
            pending.map(\.dueTime) == expected.map { $0.due.map { Double($0) / 1e9 } ?? .infinity },
            "pending due times: \(context)")
    }
}

/// SplitMix64, so that a seed means the same operations everywhere.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

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
                let offered = list.offered
                guard !offered.isEmpty else { continue }
                let candidate = offered[random.next(below: offered.count)]
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
                    let listed = list.offered.map(\.sequence)
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
        let listed = list.offered.map(\.sequence)
        #expect(listed == [1, 2, 4, 5])
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
        let listed = list.offered.map(\.sequence)
        #expect(listed == [3, 2, 4, 1])
    }

    @Test func cancelledTimersAreNeverListed() {
        var queue = WorkQueue()
        let cancelled = queue.enqueue(.offload {}, on: .offload, after: 0.1, from: nil, identity: 0)
        _ = queue.enqueue(.offload {}, on: .offload, after: 0.1, from: nil, identity: 0)
        _ = queue.cancel(cancelled)
        var list = MockDispatchable.CandidateList()
        queue.choices(.offload, until: Int64.max, into: &list)
        let listedBefore = list.offered.map(\.sequence)
        #expect(listedBefore == [2])
        queue.moveClock(to: 100_000_000)
        list.clear()
        queue.choices(.offload, until: Int64.max, into: &list)
        let listedAfter = list.offered.map(\.sequence)
        #expect(listedAfter == [2])
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
        let listed = list.offered.map(\.sequence)
        #expect(listed == [1, 3, 4])
    }
}
