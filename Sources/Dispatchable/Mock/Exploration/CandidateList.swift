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
            /// ``CandidateList/orderTasks(isDisordered:)``).
            var step = 0
            let needsMainActor: Bool
            /// A Swift task's job: only the async explorer's own steps may take it.
            let isTask: Bool
            /// Bounded as a task's job when it waits behind a timer (see ``Job/stallsAsTask``).
            let stallsAsTask: Bool

            @inline(__always)
            func runsBefore(_ other: Candidate) -> Bool {
                WorkQueue.runsBefore(due, sequence, other.due, other.sequence)
            }
        }

        /// The choices of one step, in run order, listed without copying the queue: the offload
        /// lane's due items read in place, the main lane's head placed among them when it is due
        /// too, then the few items that fall due at the next timer (in a buffer kept from step to
        /// step, so that a step allocates nothing).
        // joined: fileprivate
        nonisolated struct CandidateList: RandomAccessCollection {
            /// The offload lane's due items. Released by ``clear()`` before the lane changes, so that
            /// the lane's storage is never copied.
            private var due: ArraySlice<Candidate> = []
            /// The main lane's head, when it is due: at `headPlace` among the due items.
            private var head: Candidate?
            private var headPlace = 0
            /// Where the due items (and the head among them) end.
            private var laterStart = 0
            /// The items after every due one, in run order; the first `laterCount` are this step's.
            private var later: [Candidate] = []
            private var laterCount = 0
            /// The earliest due time of a task's job (or wake-up) that is due, in either lane —
            /// in the main lane behind its head too, which waits while the head does — when a timer
            /// is offered (see ``stallDeadline(at:bound:)``). Set by
            /// ``WorkQueue/choices(_:until:into:)``, so that the default bound, which bounds tasks'
            /// jobs only, costs a choice point no scan of the candidates.
            var taskDue: Int64?

            var startIndex: Int { 0 }
            var endIndex: Int { laterStart + laterCount }
            var count: Int { laterStart + laterCount }

            @inline(__always)
            subscript(index: Int) -> Candidate {
                if index >= laterStart { return later[index - laterStart] }
                guard let head else { return due[due.startIndex + index] }
                if index == headPlace { return head }
                return due[due.startIndex + (index < headPlace ? index : index - 1)]
            }

            /// The index of the first candidate with the greatest `rank`, read in place.
            @inline(__always)
            func indexOfGreatest(_ rank: (Candidate) -> UInt64) -> Int {
                var best = -1
                var bestRank: UInt64 = 0
                var index = 0
                @inline(__always)
                func consider(_ items: UnsafeBufferPointer<Candidate>, _ range: Range<Int>) {
                    for position in range {
                        let value = rank(items[position])
                        if value > bestRank || best < 0 {
                            best = index
                            bestRank = value
                        }
                        index += 1
                    }
                }
                due.withUnsafeBufferPointer { items in
                    guard let head else { return consider(items, 0..<items.count) }
                    consider(items, 0..<headPlace)
                    withUnsafePointer(to: head) { consider(UnsafeBufferPointer(start: $0, count: 1), 0..<1) }
                    consider(items, headPlace..<items.count)
                }
                later.withUnsafeBufferPointer { consider($0, 0..<laterCount) }
                return Swift.max(best, 0)
            }

            /// Appends every candidate's key to `keys`, in order, read in place.
            func appendKeys(to keys: inout [CandidateKey]) {
                func append(_ items: UnsafeBufferPointer<Candidate>, _ range: Range<Int>) {
                    for position in range { keys.append(items[position].key) }
                }
                due.withUnsafeBufferPointer { items in
                    guard let head else { return append(items, 0..<items.count) }
                    append(items, 0..<headPlace)
                    keys.append(head.key)
                    append(items, headPlace..<items.count)
                }
                later.withUnsafeBufferPointer { append($0, 0..<laterCount) }
            }

            /// Starts a step's list with the offload lane's due items.
            mutating func start(due: ArraySlice<Candidate>) {
                self.due = due
                head = nil
                taskDue = nil
                laterStart = due.count
                laterCount = 0
            }

            /// Lets go of the lane's storage: call before the lane changes.
            mutating func clear() {
                start(due: [])
            }

            /// Adds the main lane's head: among the due items if it is due by `now`, else after them.
            mutating func add(head candidate: Candidate, now: Int64) {
                guard candidate.due <= now else { return addLater(candidate) }
                var low = due.startIndex
                var high = due.endIndex
                // Usually a hop sent by the offload item just run: after every other due item.
                if let last = due.last, last.runsBefore(candidate) { low = high }
                while low < high {
                    let middle = (low + high) / 2
                    if due[middle].runsBefore(candidate) { low = middle + 1 } else { high = middle }
                }
                head = candidate
                headPlace = low - due.startIndex
                laterStart += 1
            }

            /// Adds an item due after every due item, at its place in run order among the others.
            mutating func addLater(_ candidate: Candidate) {
                if laterCount < later.count {
                    later[laterCount] = candidate
                } else {
                    later.append(candidate)
                }
                var position = laterCount
                while position > 0, candidate.runsBefore(later[position - 1]) {
                    later[position] = later[position - 1]
                    position -= 1
                }
                later[position] = candidate
                laterCount += 1
            }

            /// The earliest due time among the candidates that are due by `now` — work that could
            /// run already — when a candidate falls due after `now` (a timer that may overtake it):
            /// nil when no work would wait behind a timer. The list is in run order, due time first
            /// (``orderTasks(isDisordered:)`` reorders only jobs due at the same time), so that is the first
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
                var kept = 0
                for index in 0..<laterCount {
                    let candidate = later[index]
                    if candidate.due > now, candidate.due > deadline { continue }
                    later[kept] = candidate
                    kept += 1
                }
                laterCount = kept
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
            /// `isDisordered` tells the jobs of steps that queued them out of order; only those move.
            /// Spelled with loops and explicit comparisons: it runs at every choice point while such
            /// a job is queued, in debug builds too, where generic sorting and tuple comparison cost
            /// most of a step.
            mutating func orderTasks(isDisordered: (Candidate) -> Bool) {
                guard let reordered = tasksInOrder(isDisordered: isDisordered) else { return }
                let due = taskDue
                clear()
                taskDue = due
                for candidate in reordered { append(candidate) }
            }

            /// The candidates with the jobs `isDisordered` tells in order (see
            /// ``orderTasks(isDisordered:)``); nil when none moves. Not mutating: a debug build
            /// copies a mutating method's `self` at every read of it.
            private func tasksInOrder(isDisordered: (Candidate) -> Bool) -> [Candidate]? {
                var tasks: [Int] = []
                for index in 0..<count {
                    let candidate = self[index]
                    if candidate.isTask, isDisordered(candidate) { tasks.append(index) }
                }
                guard tasks.count > 1 else { return nil }
                var listed: [Candidate] = []
                listed.reserveCapacity(count)
                for index in 0..<count { listed.append(self[index]) }
                /// Same moment: one step's jobs, due at the same time.
                func together(_ a: Candidate, _ b: Candidate) -> Bool { a.due == b.due && a.step == b.step }
                // The jobs of one moment together, each group in the candidates' order (insertion
                // sort, stable: a handful of jobs).
                for position in 1..<tasks.count {
                    let index = tasks[position]
                    var place = position
                    while place > 0 {
                        let before = listed[tasks[place - 1]]
                        let candidate = listed[index]
                        let isAfter =
                            before.due != candidate.due ? before.due > candidate.due : before.step > candidate.step
                        guard isAfter else { break }
                        tasks[place] = tasks[place - 1]
                        place -= 1
                    }
                    tasks[place] = index
                }
                var reordered = listed
                var moved = false
                var start = 0
                while start < tasks.count {
                    var end = start + 1
                    while end < tasks.count, together(listed[tasks[end]], listed[tasks[start]]) { end += 1 }
                    // The group's places, in the candidates' order, take its jobs in key order.
                    // In key order (keys are unique): an insertion sort, not the standard
                    // library's generic sort, which a debug build runs unspecialised.
                    var members = Array(tasks[start..<end])
                    for position in 1..<members.count {
                        let member = members[position]
                        let key = listed[member].key
                        var place = position
                        while place > 0, key < listed[members[place - 1]].key {
                            members[place] = members[place - 1]
                            place -= 1
                        }
                        members[place] = member
                    }
                    for offset in 0..<members.count where tasks[start + offset] != members[offset] {
                        reordered[tasks[start + offset]] = listed[members[offset]]
                        moved = true
                    }
                    start = end
                }
                return moved ? reordered : nil
            }

            /// Adds `candidate` after every candidate listed, whatever its place in run order.
            private mutating func append(_ candidate: Candidate) {
                if laterCount < later.count {
                    later[laterCount] = candidate
                } else {
                    later.append(candidate)
                }
                laterCount += 1
            }

            /// Drops Swift tasks' jobs, keeping the order of the rest: a stepping call made inside a
            /// job chooses among the mock's blocks, and the tasks' jobs it does not offer do not bound
            /// its timers.
            mutating func removeTasks() {
                let kept = filter { !$0.isTask }
                clear()
                for candidate in kept { addLater(candidate) }
                // Sleeping tasks' wake-ups are the mock's items, still offered (and bounded).
                taskDue = kept.lazy.filter(\.stallsAsTask).map(\.due).min()
            }
        }
    }

#endif
