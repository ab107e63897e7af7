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

    // MARK: - Candidates

    nonisolated extension MockDispatchable {
        /// A choice of ``WorkQueue/choices(_:until:into:)``: where a queued item waits, and its place
        /// in the order, without its closure (so that listing choices retains nothing).
        // joined: fileprivate
        nonisolated struct Candidate {
            let due: Int64
            let sequence: Int
            let slot: Int
            let isOffload: Bool
            /// See ``Identity``.
            let identity: UInt64
            /// What it is, the same in every run (see ``CandidateKey``).
            let key: CandidateKey
            /// The step of its run that queued it, for a Swift task's job (see
            /// ``CandidateList/orderTasks()``).
            var step = 0
            let needsMainActor: Bool
            /// A Swift task's job: only the async explorer's own steps may take it.
            let isTask: Bool
            /// Bounded as a task's job when it waits behind a timer (see ``Job/stallsAsTask``).
            let stallsAsTask: Bool
            /// A Swift task's job of a step that queued its jobs out of order: only these move (see
            /// ``CandidateList/orderTasks()``).
            var isDisordered = false

            @inline(__always)
            func runsBefore(_ other: Candidate) -> Bool {
                WorkQueue.runsBefore(due, sequence, other.due, other.sequence)
            }
        }

        /// The choices of one step, in run order: the offload lane's due items, copied in one
        /// move, the main lane's head placed among them when it is due too, then the few items that
        /// fall due at the next timer; in one buffer kept from step to step, so that a step
        /// allocates nothing.
        ///
        /// Every read of the list at a choice point (the policy's pick, the record of what it
        /// offered, the reordering of a step's jobs) is a loop over that buffer's memory: in a debug
        /// build — what tests run in — a generic call of the standard library (an iterator, an
        /// array's `append` of a candidate, a closure per item) costs ten to a hundred times the
        /// loop's own work.
        // joined: fileprivate
        nonisolated struct CandidateList: RandomAccessCollection {
            /// The candidates in run order, the first `count` of `items`: the due items (the main
            /// lane's head among them) before `laterStart`, the items due later after it. Items past
            /// `count` are room kept from earlier steps (emptying the array is a generic call).
            private var items: [Candidate] = []
            private(set) var count = 0
            private var laterStart = 0
            /// The earliest due time of a task's job (or wake-up) that is due, in either lane —
            /// in the main lane behind its head too, which waits while the head does — when a timer
            /// is offered (see ``stallDeadline(at:bound:)``). Set by
            /// ``WorkQueue/choices(_:until:into:)``, so that the default bound, which bounds tasks'
            /// jobs only, costs a choice point no scan of the candidates.
            var taskDue: Int64?
            /// What ``orderTasks()`` works in, kept from step to step. In a box, so that a copy of
            /// the list (a choice point reads one) retains one reference for it; only the thread
            /// holding the mock's lock uses it.
            private let scratch = ScratchBox()

            var startIndex: Int { 0 }
            var endIndex: Int { count }
            /// Stated, not `Collection`'s: a debug build runs that one as a generic call.
            var isEmpty: Bool { count == 0 }

            @inline(__always)
            subscript(index: Int) -> Candidate { items[index] }

            /// The index of the first candidate with the greatest `rank`.
            @inline(__always)
            func indexOfGreatest(_ rank: (Candidate) -> UInt64) -> Int {
                items.withUnsafeBufferPointer { [count] buffer in
                    guard var item = buffer.baseAddress, count > 0 else { return 0 }
                    let end = item + count
                    var best = 0
                    var bestRank = rank(item.pointee)
                    var index = 1
                    item += 1
                    while item < end {
                        let value = rank(item.pointee)
                        if value > bestRank {
                            best = index
                            bestRank = value
                        }
                        index += 1
                        item += 1
                    }
                    return best
                }
            }

            /// Appends every candidate's key (``CandidateKey/rawValue``) to `keys`, in order.
            func appendKeys(to keys: inout [UInt64]) {
                items.withUnsafeBufferPointer { [count] buffer in
                    guard var item = buffer.baseAddress else { return }
                    let end = item + count
                    while item < end {
                        keys.append(item.pointee.key.rawValue)
                        item += 1
                    }
                }
            }

            /// Starts a step's list with the offload lane's due items.
            mutating func start(due: ArraySlice<Candidate>) {
                let dueCount = due.count
                if items.count < dueCount {
                    items.replaceSubrange(0..<items.count, with: due)
                } else if dueCount > 0 {
                    items.withUnsafeMutableBufferPointer { buffer in
                        due.withUnsafeBufferPointer {
                            buffer.baseAddress!.update(from: $0.baseAddress!, count: dueCount)
                        }
                    }
                }
                count = dueCount
                taskDue = nil
                laterStart = dueCount
            }

            /// Empties the list, keeping its buffer.
            mutating func clear() {
                count = 0
                taskDue = nil
                laterStart = 0
            }

            /// Makes room for one more candidate at the end.
            @inline(__always)
            private mutating func grow(with candidate: Candidate) {
                if count < items.count {
                    items[count] = candidate
                } else {
                    items.append(candidate)
                }
                count += 1
            }

            /// Adds the main lane's head: among the due items if it is due by `now`, else after them.
            mutating func add(head candidate: Candidate, now: Int64) {
                guard candidate.due <= now else { return addLater(candidate) }
                var low = 0
                var high = laterStart
                // Usually a hop sent by the offload item just run: after every other due item.
                if high > 0, items[high - 1].runsBefore(candidate) { low = high }
                while low < high {
                    let middle = (low + high) / 2
                    if items[middle].runsBefore(candidate) { low = middle + 1 } else { high = middle }
                }
                grow(with: candidate)
                var position = count - 1
                while position > low {
                    items[position] = items[position - 1]
                    position -= 1
                }
                items[low] = candidate
                laterStart += 1
            }

            /// Adds an item due after every due item, at its place in run order among the others.
            mutating func addLater(_ candidate: Candidate) {
                grow(with: candidate)
                var position = count - 1
                while position > laterStart, candidate.runsBefore(items[position - 1]) {
                    items[position] = items[position - 1]
                    position -= 1
                }
                items[position] = candidate
            }

            /// The earliest due time among the candidates that are due by `now` — work that could
            /// run already — when a candidate falls due after `now` (a timer that may overtake it):
            /// nil when no work would wait behind a timer. The list is in run order, due time first
            /// (``orderTasks()`` reorders only jobs due at the same time), so that is the first
            /// candidate's, read in O(1) at every choice point.
            func earliestWaiting(at now: Int64) -> Int64? {
                guard count > 1, self[count - 1].due > now else { return nil }
                let first = self[0].due
                return first <= now ? first : nil
            }

            /// The latest time a timer may fall due and still overtake the work that is due by
            /// `now` without stalling any of it longer than `bound` allows it: the earliest of each
            /// waiting item's due time plus its bound (a task's job's or a block's). Nil when no
            /// waiting item is bounded. Inclusive: a bound of 0.1 s lets a timer due exactly 0.1 s
            /// after the work overtake it.
            func stallDeadline(at now: Int64, bound: StallBound) -> Int64? {
                var deadline: Int64?
                func note(_ due: Int64, _ limit: Int64?) {
                    guard let limit else { return }
                    let latest = due > Int64.max - limit ? Int64.max : due + limit
                    if latest < deadline ?? .max { deadline = latest }
                }
                if let blocks = bound.blocks {
                    for index in 0..<count {
                        let candidate = self[index]
                        if candidate.due <= now, !candidate.stallsAsTask { note(candidate.due, blocks) }
                    }
                }
                if let taskDue, taskDue <= now { note(taskDue, bound.tasks) }
                return deadline
            }

            /// Drops the timers — candidates due after `now` — that fall due after `deadline`
            /// (see ``stallDeadline(at:bound:)``), keeping the order of the rest.
            mutating func dropTimers(after now: Int64, dueAfter deadline: Int64) {
                var kept = laterStart
                for index in laterStart..<count {
                    let candidate = items[index]
                    if candidate.due > now, candidate.due > deadline { continue }
                    items[kept] = candidate
                    kept += 1
                }
                count = kept
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
            /// queued, so it finds them with one loop over the list's memory, and moves them in
            /// place.
            mutating func orderTasks() {
                // The buffers, moved out while they are used (no copy, and no access to `self`
                // overlapping the writes to its items).
                var order = scratch.value
                scratch.value = Scratch()
                defer { scratch.value = order }
                let count = count
                items.withUnsafeMutableBufferPointer { buffer in
                    guard let items = buffer.baseAddress else { return }
                    order.places.removeAll(keepingCapacity: true)
                    var index = 0
                    while index < count {
                        if (items + index).pointee.isDisordered { order.places.append(index) }
                        index += 1
                    }
                    if order.places.count > 1 { order.placeInKeyOrder(items) }
                }
            }

            private final class ScratchBox {
                var value = Scratch()
            }

            /// What ``orderTasks()`` works in: arrays of `Int`, whose operations a debug build runs
            /// specialised.
            private nonisolated struct Scratch {
                /// The disordered jobs' places among the candidates, in the candidates' order; a job
                /// is named by its index here.
                var places: [Int] = []
                /// The jobs, one moment's (due time and step) together.
                var byMoment: [Int] = []
                /// One moment's jobs in key order.
                var byKey: [Int] = []
                /// For each job, the job whose candidate its place takes; -1 once placed.
                var source: [Int] = []

                /// Gives each moment's places its jobs in key order, moving the candidates at
                /// `items` in place.
                mutating func placeInKeyOrder(_ items: UnsafeMutablePointer<Candidate>) {
                    let count = places.count
                    @inline(__always)
                    func job(_ index: Int) -> UnsafeMutablePointer<Candidate> { items + places[index] }
                    // The jobs of one moment together, each group in the candidates' order
                    // (insertion sort, stable: a handful of jobs).
                    byMoment.removeAll(keepingCapacity: true)
                    source.removeAll(keepingCapacity: true)
                    var index = 0
                    while index < count {
                        let candidate = job(index)
                        var place = byMoment.count
                        byMoment.append(index)
                        source.append(index)
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
                    // The group's places, in the candidates' order, take its jobs in key order
                    // (keys are unique): an insertion sort, not the standard library's generic
                    // sort, which a debug build runs unspecialised.
                    var moved = false
                    var start = 0
                    while start < count {
                        let first = job(byMoment[start])
                        var end = start + 1
                        while end < count, job(byMoment[end]).pointee.due == first.pointee.due,
                            job(byMoment[end]).pointee.step == first.pointee.step
                        {
                            end += 1
                        }
                        byKey.removeAll(keepingCapacity: true)
                        var position = start
                        while position < end {
                            let member = byMoment[position]
                            let key = job(member).pointee.key
                            var place = byKey.count
                            byKey.append(member)
                            while place > 0, key < job(byKey[place - 1]).pointee.key {
                                byKey[place] = byKey[place - 1]
                                place -= 1
                            }
                            byKey[place] = member
                            position += 1
                        }
                        var offset = 0
                        while offset < byKey.count {
                            if byMoment[start + offset] != byKey[offset] {
                                source[byMoment[start + offset]] = byKey[offset]
                                moved = true
                            }
                            offset += 1
                        }
                        start = end
                    }
                    guard moved else { return }
                    // Each place takes its source's candidate: one cycle of the permutation at a
                    // time, with one candidate held aside.
                    index = 0
                    while index < count {
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
            }

            /// Drops Swift tasks' jobs, keeping the order of the rest: a stepping call made inside a
            /// job chooses among the mock's blocks, and the tasks' jobs it does not offer do not bound
            /// its timers.
            mutating func removeTasks() {
                var kept = 0
                for index in 0..<count where !items[index].isTask {
                    items[kept] = items[index]
                    kept += 1
                }
                count = kept
                laterStart = 0
                // Sleeping tasks' wake-ups are the mock's items, still offered (and bounded).
                taskDue = lazy.filter(\.stallsAsTask).map(\.due).min()
            }
        }
    }

#endif
