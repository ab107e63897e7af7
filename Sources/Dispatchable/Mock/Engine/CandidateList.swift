#if DEBUG
    import Dispatch
    import Foundation
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    // MARK: - The candidate list

    nonisolated extension MockDispatchable {

        /// The choices of one step, in run order: the offload lane's due items, copied in one
        /// move, the main lane's head placed among them when it is due too, then the few items that
        /// fall due at the next timer; in memory kept from step to step (and run to run, see
        /// ``RunStorage``), so that a step allocates nothing.
        ///
        /// Every read of the list at a choice point (the policy's pick, the record of what it
        /// offered, the reordering of a step's jobs) is a loop over that memory through a pointer,
        /// whose subscript is inlined (docs/performance.md, "Pointers, not stored references").
        ///
        /// A choice point reads the list it has just built as ``Offered``: its memory and count,
        /// never after the list changes again. Copies of the list itself share its memory.
        // joined: fileprivate
        nonisolated struct CandidateList {
            /// The candidates in run order, the first `count` of the storage's: the due items (the
            /// main lane's head among them) before `laterStart`, the items due later after it.
            private var storage = Storage(capacity: 16) {
                didSet { (items, integers, capacity) = (storage.items, storage.integers, storage.capacity) }
            }
            /// The storage's pointers and capacity, copied beside it: read several times at every
            /// choice point, with no retain of the storage (docs/performance.md, "Pointers, not
            /// stored references").
            private var items: UnsafeMutablePointer<Candidate>
            private var integers: UnsafeMutablePointer<Int>
            private var capacity: Int
            private(set) var count = 0
            private var laterStart = 0
            /// The earliest due time of a task's job (or wake-up) that is due, in either lane —
            /// in the main lane behind its head too, which waits while the head does — when a timer
            /// is offered (see ``stallDeadline(at:bound:)``). Set by
            /// ``WorkQueue/choices(_:until:into:)``, so that the default bound, which bounds tasks'
            /// jobs only, costs a choice point no scan of the candidates.
            var taskDue: Int64?

            /// The list's memory: room for `capacity` candidates, and for four arrays of as many
            /// integers that ``orderTasks()`` works in. Its pointers are constants, read with no
            /// exclusivity check; the list grows by replacing it.
            private final class Storage {
                let items: UnsafeMutablePointer<Candidate>
                let integers: UnsafeMutablePointer<Int>
                let capacity: Int

                init(capacity: Int) {
                    self.capacity = capacity
                    items = .allocate(capacity: capacity)
                    integers = .allocate(capacity: 4 * capacity)
                }

                deinit {
                    items.deallocate()
                    integers.deallocate()
                }
            }

            init() {
                (items, integers, capacity) = (storage.items, storage.integers, storage.capacity)
            }

            /// Room for `needed` candidates, keeping the first `count`.
            @inline(__always)
            private mutating func reserve(_ needed: Int) {
                guard needed > capacity else { return }
                let larger = Storage(capacity: Swift.max(needed, 2 * capacity))
                larger.items.initialize(from: items, count: count)
                storage = larger
            }

            /// The list as its choice point reads it: the candidates' memory and their count, which
            /// own nothing (see ``Offered``). A `mutating get`, read from mutating methods
            /// (docs/performance.md, "Mutating reads").
            var offered: Offered { mutating get { Offered(items: items, count: count) } }

            /// What one choice point offers, read in place: the list's candidates, in run order, as
            /// the policy's pick, the record of what was offered and a report read them.
            ///
            /// Two words that own nothing: handing them on copies no reference, where a copy of the
            /// list would retain its storage, or copy it whole (docs/performance.md, "Pointers, not
            /// stored references"). Valid while the list is not changed, and kept alive: a choice
            /// point reads it between building its list and clearing it.
            // joined: fileprivate
            nonisolated struct Offered: RandomAccessCollection {
                private let items: UnsafeMutablePointer<Candidate>
                let count: Int

                init(items: UnsafeMutablePointer<Candidate>, count: Int) {
                    self.items = items
                    self.count = count
                }

                var startIndex: Int { 0 }
                var endIndex: Int { count }
                /// Stated, not `Collection`'s generic one (docs/performance.md, "Concrete calls").
                var isEmpty: Bool { count == 0 }

                @inline(__always)
                subscript(index: Int) -> Candidate { items[index] }

                /// The index of the first candidate with the greatest `rank`.
                @inline(__always)
                func indexOfGreatest(_ rank: (Candidate) -> UInt64) -> Int {
                    let items = items
                    guard count > 0 else { return 0 }
                    var best = 0
                    var bestRank = rank(items[0])
                    var index = 1
                    while index < count {
                        let value = rank(items[index])
                        if value > bestRank {
                            best = index
                            bestRank = value
                        }
                        index += 1
                    }
                    return best
                }

                /// Appends every candidate's key (``CandidateKey/rawValue``) to `keys`, in order.
                func appendKeys(to keys: inout [UInt64]) {
                    let items = items
                    var index = 0
                    while index < count {
                        keys.append(items[index].key.rawValue)
                        index += 1
                    }
                }
            }

            /// Starts a step's list with the offload lane's due items: `dueCount` of them at `due`.
            mutating func start(due: UnsafePointer<Candidate>?, count dueCount: Int) {
                count = 0
                reserve(dueCount)
                if dueCount > 0, let due { items.update(from: due, count: dueCount) }
                count = dueCount
                taskDue = nil
                laterStart = dueCount
            }

            /// Empties the list, keeping its memory.
            mutating func clear() {
                count = 0
                taskDue = nil
                laterStart = 0
            }

            /// Adds the main lane's head: among the due items if it is due by `now`, else after them.
            @inline(__always)
            mutating func add(head candidate: Candidate, now: Int64) {
                guard candidate.due <= now else { return addLater(candidate) }
                reserve(count + 1)
                let items = items
                var low = 0
                var high = laterStart
                // Usually a hop sent by the offload item just run: after every other due item.
                if high > 0, items[high - 1].runsBefore(candidate) { low = high }
                while low < high {
                    let middle = (low + high) / 2
                    if items[middle].runsBefore(candidate) { low = middle + 1 } else { high = middle }
                }
                var position = count
                while position > low {
                    items[position] = items[position - 1]
                    position -= 1
                }
                items[low] = candidate
                count += 1
                laterStart += 1
            }

            /// Adds an item due after every due item, at its place in run order among the others.
            @inline(__always)
            mutating func addLater(_ candidate: Candidate) {
                reserve(count + 1)
                let items = items
                var position = count
                while position > laterStart, candidate.runsBefore(items[position - 1]) {
                    items[position] = items[position - 1]
                    position -= 1
                }
                items[position] = candidate
                count += 1
            }

            /// The earliest due time among the candidates that are due by `now` — work that could
            /// run already — when a candidate falls due after `now` (a timer that may overtake it):
            /// nil when no work would wait behind a timer. The list is in run order, due time first
            /// (``orderTasks()`` reorders only jobs due at the same time), so that is the first
            /// candidate's, read in O(1) at every choice point.
            ///
            /// `mutating` although it changes nothing, as is ``stallDeadline(at:bound:)``: the run
            /// record's mutating methods call both (docs/performance.md, "Mutating reads").
            mutating func earliestWaiting(at now: Int64) -> Int64? {
                let items = items
                guard count > 1, items[count - 1].due > now else { return nil }
                let first = items[0].due
                return first <= now ? first : nil
            }

            /// The latest time a timer may fall due and still overtake the work that is due by
            /// `now` without stalling any of it longer than `bound` allows it: the earliest of each
            /// waiting item's due time plus its bound (a task's job's or a block's). Nil when no
            /// waiting item is bounded. Inclusive: a bound of 0.1 s lets a timer due exactly 0.1 s
            /// after the work overtake it.
            mutating func stallDeadline(at now: Int64, bound: StallBound) -> Int64? {
                var deadline: Int64?
                func note(_ due: Int64, _ limit: Int64?) {
                    guard let limit else { return }
                    let latest = due > Int64.max - limit ? Int64.max : due + limit
                    if latest < deadline ?? .max { deadline = latest }
                }
                if let blocks = bound.blocks {
                    let items = items
                    var index = 0
                    while index < count {
                        if items[index].due <= now, !items[index].stallsAsTask { note(items[index].due, blocks) }
                        index += 1
                    }
                }
                if let taskDue, taskDue <= now { note(taskDue, bound.tasks) }
                return deadline
            }

            /// Drops the timers — candidates due after `now` — that fall due after `deadline`
            /// (see ``stallDeadline(at:bound:)``), keeping the order of the rest. Returns whether it
            /// dropped any.
            @discardableResult
            mutating func dropTimers(after now: Int64, dueAfter deadline: Int64) -> Bool {
                let items = items
                var kept = laterStart
                var index = laterStart
                while index < count {
                    let candidate = items[index]
                    index += 1
                    if candidate.due > now, candidate.due > deadline { continue }
                    items[kept] = candidate
                    kept += 1
                }
                defer { count = kept }
                return kept < count
            }

            /// Offers the Swift tasks' jobs that became runnable in the same step (and fall due at
            /// the same time) in the order of what they are — their ``CandidateKey``s, which `order`
            /// gives with the step that enqueued them — each in one of the places those jobs had
            /// among the candidates; nothing else moves.
            ///
            /// Within one step, the order in which code enqueues jobs may follow heap addresses (it
            /// resumes the continuations a `Dictionary` holds in its iteration order) and differ
            /// from run to run of the same schedule. A step's jobs are one moment of the run, so
            /// their order among themselves is the explorer's to fix: by what they are, the same in
            /// every run. Earlier steps' jobs still come first, so the first choice is still the job
            /// that became runnable first, like a one-thread executor's; the main lane's order is
            /// the main queue's, never changed (only its head is offered).
            ///
            /// Only the jobs of steps that queued them out of order move: the queue marks them
            /// (``Candidate/isDisordered``). It runs at every choice point while such a job is
            /// queued, so it finds them with one loop over the list, and moves them in place.
            mutating func orderTasks() {
                let items = items
                let capacity = capacity
                // The disordered jobs' places among the candidates, in the candidates' order; a job
                // is named by its index here.
                let places = integers
                var jobs = 0
                var index = 0
                while index < count {
                    if items[index].isDisordered {
                        places[jobs] = index
                        jobs += 1
                    }
                    index += 1
                }
                guard jobs > 1 else { return }
                // The jobs, one moment's (due time and step) together, each moment's in the
                // candidates' order (an insertion sort, stable: a handful of jobs).
                let byMoment = places + capacity
                // One moment's jobs in key order.
                let byKey = places + 2 * capacity
                // For each job, the job whose candidate its place takes; -1 once placed.
                let source = places + 3 * capacity
                @inline(__always)
                func job(_ index: Int) -> UnsafeMutablePointer<Candidate> { items + places[index] }
                index = 0
                while index < jobs {
                    let candidate = job(index)
                    source[index] = index
                    var place = index
                    while place > 0 {
                        let before = job(byMoment[place - 1])
                        let isAfter =
                            before.pointee.due != candidate.pointee.due
                            ? before.pointee.due > candidate.pointee.due
                            : before.pointee.step > candidate.pointee.step
                        guard isAfter else { break }
                        byMoment[place] = byMoment[place - 1]
                        place -= 1
                    }
                    byMoment[place] = index
                    index += 1
                }
                // The group's places, in the candidates' order, take its jobs in key order (keys
                // are unique): an insertion sort, not the standard library's generic sort
                // (docs/performance.md, "Concrete calls").
                var moved = false
                var start = 0
                while start < jobs {
                    let first = job(byMoment[start])
                    var end = start + 1
                    while end < jobs, job(byMoment[end]).pointee.due == first.pointee.due,
                        job(byMoment[end]).pointee.step == first.pointee.step
                    {
                        end += 1
                    }
                    var sorted = 0
                    while start + sorted < end {
                        let member = byMoment[start + sorted]
                        let key = job(member).pointee.key
                        var place = sorted
                        while place > 0, key < job(byKey[place - 1]).pointee.key {
                            byKey[place] = byKey[place - 1]
                            place -= 1
                        }
                        byKey[place] = member
                        sorted += 1
                    }
                    var offset = 0
                    while offset < sorted {
                        if byMoment[start + offset] != byKey[offset] {
                            source[byMoment[start + offset]] = byKey[offset]
                            moved = true
                        }
                        offset += 1
                    }
                    start = end
                }
                guard moved else { return }
                // Each place takes its source's candidate: one cycle of the permutation at a time,
                // with one candidate held aside.
                index = 0
                while index < jobs {
                    if source[index] >= 0, source[index] != index {
                        let held = job(index).pointee
                        var place = index
                        while true {
                            let from = source[place]
                            source[place] = -1
                            if from == index {
                                job(place).pointee = held
                                break
                            }
                            job(place).pointee = job(from).pointee
                            place = from
                        }
                    }
                    index += 1
                }
            }

            /// Drops Swift tasks' jobs, keeping the order of the rest: a stepping call made inside a
            /// job chooses among the mock's blocks, and the tasks' jobs it does not offer do not bound
            /// its timers.
            mutating func removeTasks() {
                let items = items
                var kept = 0
                var index = 0
                while index < count {
                    if !items[index].isTask {
                        items[kept] = items[index]
                        kept += 1
                    }
                    index += 1
                }
                count = kept
                laterStart = 0
                // Sleeping tasks' wake-ups are the mock's items, still offered (and bounded).
                taskDue = offered.lazy.filter(\.stallsAsTask).map(\.due).min()
            }
        }
    }

#endif
