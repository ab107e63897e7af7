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

    // MARK: - Work lane

    nonisolated extension MockDispatchable {
        /// One lane's queued work, split at the clock: the items already due, in (due time,
        /// scheduling order), and a binary min-heap of the timers not due yet. Exploration reads
        /// the choices a step offers straight off it — every due item, and the next timer — with
        /// no scan of the queue, and ordinary manual mode takes the first item in O(1), or
        /// O(log n) from the heap.
        ///
        /// The work waits in slots, so the heap sifts 24-byte keys and the due list holds
        /// candidates, and large queues stay cache-friendly. The due list holds exactly the live
        /// due items (removal, by binary search, is exact); removing a timer frees its slot at
        /// once and leaves its key behind, recognised as stale by its sequence number and dropped
        /// when it reaches the top, or all at once when stale keys outnumber live ones.
        ///
        /// Items queued due at once go to the due list, later ones to the heap. Under exploration
        /// the lane is split at the clock (``splitAtClock()``): from then on every item in the due
        /// list is due by the lane's clock and every timer in the heap after it, as
        /// ``promote(to:)`` moves timers over when the clock passes them. Ordinary manual mode
        /// only takes the first item, the earlier of the two structures' first, so its timers
        /// never move (moving them would cost more per scattered timer).
        // joined: fileprivate
        nonisolated struct WorkLane {
            private typealias Key = TimerHeap.Key

            /// Whether this lane is the offload lane.
            let isOffloadLane: Bool

            init(isOffloadLane: Bool) { self.isOffloadLane = isOffloadLane }

            private var slots: [Work?] = []
            /// What each slot holds, beside the work: its sequence number (or -1), which tells live
            /// keys from stale ones without touching the work and its closure, and what exploration
            /// reads of it.
            private var meta: [SlotMeta] = []

            private nonisolated struct SlotMeta {
                var sequence: Int
                /// See ``Identity``.
                var identity: UInt64
                /// What it is, the same in every run (see ``CandidateKey``).
                var key: CandidateKey
                /// The step of its run that queued it (a Swift task's job).
                var step: Int
                /// Sent by offload work: such main-lane work may be overtaken by a later timer under
                /// exploration (its sender may have been slow).
                var sentByOffload: Bool
                var needsMainActor: Bool
                var isTask: Bool
                /// See ``Job/stallsAsTask``.
                var stallsAsTask: Bool
                /// In the due list (else a timer in the heap).
                var isDue: Bool
                /// A Swift task's job of a step that queued its jobs out of order (see
                /// ``WorkQueue/disorderedTaskCount``).
                var isDisordered = false
            }

            /// The free slots, a stack: its first `slotCount - count` entries; as long as `slots`,
            /// so that freeing a slot writes in place (no append or removal, each a call of the
            /// standard library's).
            private var freeSlots: [Int] = []
            /// `slots.count`: every slot holds a queued item (``count`` of them) or is free.
            private var slotCount = 0
            /// The items due by the lane's clock.
            private var due = DueList()
            /// The timers not due yet, some stale.
            private var timers = TimerHeap()
            /// The lane's clock: the queue's `now`.
            private var now: Int64 = 0
            /// Whether due items leave the heap for the due list (under exploration).
            private var splits = false
            /// Items queued (stale keys not counted).
            private(set) var count = 0
            /// Items queued marked as jobs of a disordered step (``markDisordered(slot:sequence:)``).
            private(set) var disorderedCount = 0

            /// Adds `work` (due at the clock or later); returns the slot it waits in. `task`: the job
            /// when `work` is a Swift task's (``WorkQueue`` always gives it), read without a look at
            /// `work.job` (docs/performance.md, "Facts, not payloads or closures").
            mutating func insert(_ work: Work, task: TaskJob?) -> Int {
                let isDue = work.due <= now
                // What exploration reads of the job, in one place.
                var slotMeta = SlotMeta(
                    sequence: work.sequence, identity: work.identity, key: .item(work.sequence), step: 0,
                    sentByOffload: Self.isOffload(work.scheduledFrom), needsMainActor: work.needsMainActor,
                    isTask: false, stallsAsTask: false, isDue: isDue)
                if let task {
                    slotMeta.key = task.key
                    slotMeta.step = task.step
                    slotMeta.isTask = true
                    slotMeta.stallsAsTask = true
                } else if case .wake = work.job {
                    slotMeta.stallsAsTask = true
                }
                // The work stored as given and its slot set in place, not copied to a local first.
                // The slots in use and the free ones counted, not read off the arrays
                // (docs/performance.md, "Counts kept").
                let slot: Int
                let free = slotCount - count
                if free > 0 {
                    slot = freeSlots[free - 1]
                    slots[slot] = work
                    meta[slot] = slotMeta
                } else {
                    slot = slotCount
                    slots.append(work)
                    meta.append(slotMeta)
                    freeSlots.append(slot)  // its place on the free list, for when it is freed
                    slotCount += 1
                }
                slots[slot]?.slot = slot
                count += 1
                let key = Key(due: work.due, sequence: work.sequence, slot: slot)
                if isDue {
                    // Due now, and the newest: its place is the end of the due list.
                    appendDue(key)
                } else {
                    timers.push(key)
                }
                return slot
            }

            /// Empties the lane and sets its clock to zero, keeping its storage: a fresh lane that
            /// need not grow again (an exploration's next run).
            mutating func removeAll() {
                // A run that ended idle left every slot empty and free: they stay as they are (a
                // lane's slot numbers say nothing of order). Emptying the array of work would
                // destroy each slot's optional in turn, the costliest part of ending a run.
                if count > 0 {
                    slots.removeAll(keepingCapacity: true)
                    slotCount = 0
                    meta.removeAll(keepingCapacity: true)
                    freeSlots.removeAll(keepingCapacity: true)
                }
                due.removeAll()
                timers.removeAll()
                now = 0
                splits = false
                count = 0
                disorderedCount = 0
            }

            /// An empty lane, its clock at zero, with room for what this one's run used: a lane
            /// that need not grow again, when this one's storage cannot be taken. Each array keeps
            /// its capacity up to twice the most items queued at once in this run, so that runs
            /// peaking a little higher do not regrow, and one large run does not size every later one.
            func emptiedCopy() -> WorkLane {
                var lane = WorkLane(isOffloadLane: isOffloadLane)
                let most = slots.count  // slots are reused, never removed: the most queued at once
                func room(_ capacity: Int) -> Int { Swift.min(capacity, 2 * most) }
                lane.slots.reserveCapacity(room(slots.capacity))
                lane.meta.reserveCapacity(room(meta.capacity))
                lane.freeSlots.reserveCapacity(room(freeSlots.capacity))
                lane.due.reserveCapacity(room(due.capacity))
                lane.timers.reserveCapacity(room(timers.capacity))
                return lane
            }

            /// Whether `thread` is the offload thread: a pattern, not the derived `==`
            /// (docs/performance.md, "Concrete calls").
            @inline(__always)
            private static func isOffload(_ thread: DispatchThread?) -> Bool {
                if case .offload? = thread { return true }
                return false
            }

            /// The work in `slot`, if it is still the item with `sequence`.
            func work(inSlot slot: Int, sequence: Int) -> Work? {
                guard meta.indices.contains(slot), meta[slot].sequence == sequence else { return nil }
                return slots[slot]
            }

            /// Removes the item with `sequence` from `slot`; nil if it is no longer queued.
            @discardableResult
            mutating func remove(slot: Int, sequence: Int) -> Work? {
                guard slot >= 0, slot < meta.count else { return nil }
                let slotMeta = meta[slot]
                guard slotMeta.sequence == sequence, let work = slots[slot].take() else { return nil }
                meta[slot].sequence = -1
                freeSlots[slotCount - count] = slot
                count -= 1
                if slotMeta.isDisordered { disorderedCount -= 1 }
                if slotMeta.isDue {
                    due.remove(
                        due: work.due, sequence: work.sequence, sentByOffload: slotMeta.sentByOffload,
                        stallsAsTask: slotMeta.stallsAsTask)
                } else if timers.count > 64, timers.count > 2 * (count - (due.items.count - due.start)) {
                    // Stale keys far from the top (work cancelled long before it is due, or never
                    // due) would otherwise pile up: drop them once they outnumber the live ones.
                    let meta = meta
                    timers.keepOnly { meta[$0.slot].sequence == $0.sequence }
                }
                return work
            }

            /// From now on, keeps every due item in the due list: merges in, in run order, the timers
            /// the clock has passed.
            @inline(__always)
            mutating func splitAtClock() {
                if !splits { split() }
            }

            private mutating func split() {
                splits = true
                var passed: [Key] = []
                while let key = takeTimerDueByNow() { passed.append(key) }
                guard !passed.isEmpty else { return }
                let waiting = due.takeForMerge()
                var next = 0
                for item in waiting {
                    while next < passed.count,
                        passed[next].precedes(Key(due: item.due, sequence: item.sequence, slot: 0))
                    {
                        appendDue(passed[next])
                        next += 1
                    }
                    due.putBack(item)
                }
                for key in passed[next...] { appendDue(key) }
            }

            /// Moves the clock to `time`, and (once split) the timers due by then into the due list.
            @inline(__always)
            mutating func promote(to time: Int64) {
                now = time
                if splits { promoteTimers() }
            }

            private mutating func promoteTimers() {
                while let key = takeTimerDueByNow() { appendDue(key) }
            }

            /// Takes the first timer out of the heap if the clock has reached it, marked due.
            private mutating func takeTimerDueByNow() -> Key? {
                guard dropStaleTop() > 0, timers.keys[0].due <= now else { return nil }
                let top = timers.keys[0]
                timers.removeTop()
                meta[top.slot].isDue = true
                return top
            }

            /// The first item, due or not.
            @inline(__always)
            mutating func firstCandidate() -> Candidate? {
                guard due.start < due.items.count else { return firstTimer() }
                // Not split, a timer the clock has passed may come first. Keys below the heap's top
                // sort after it, so when the top (live or stale) does not, no timer does.
                if !splits, let top = topTimer,
                    WorkQueue.runsBefore(top.due, top.sequence, due.items[due.start].due, due.items[due.start].sequence)
                {
                    return firstOfBoth()
                }
                return due.items[due.start]
            }

            private mutating func firstOfBoth() -> Candidate {
                let first = due.items[due.start]
                if dropStaleTop() > 0,
                    WorkQueue.runsBefore(timers.keys[0].due, timers.keys[0].sequence, first.due, first.sequence)
                {
                    return Self.candidate(timers.keys[0], meta[timers.keys[0].slot], isOffload: isOffloadLane)
                }
                return first
            }

            // The reads below run at every choice point, from the queue's mutating methods. They
            // are `mutating` although they change nothing (docs/performance.md, "Mutating reads").

            /// Starts `choices` with every due item, in (due time, scheduling order): copied from the
            /// due list's memory in one move, with no slice of it made (a slice retains the array).
            mutating func startChoices(_ choices: inout CandidateList) {
                let start = due.start
                let dueCount = due.items.count - start
                due.items.withUnsafeBufferPointer {
                    choices.start(due: $0.baseAddress.map { $0 + start }, count: dueCount)
                }
            }

            /// Whether every due item was sent by offload work.
            var dueItemsAreFromOffload: Bool { mutating get { due.notFromOffload == 0 } }

            /// The due time of the first due item that stalls as a task's (see
            /// ``Job/stallsAsTask``), if any: the due list is in run order, so the earliest.
            var earliestDueTask: Int64? {
                mutating get { due.earliestTask }
            }

            /// The first item not due yet (never-due items included), dropping stale keys on the way.
            mutating func firstTimer() -> Candidate? {
                guard dropStaleTop() > 0 else { return nil }
                return Self.candidate(timers.keys[0], meta[timers.keys[0].slot], isOffload: isOffloadLane)
            }

            /// When the first item not due yet falls due; ``Nanoseconds/never`` if there is none.
            mutating func nextTimerDue() -> Int64 {
                dropStaleTop() > 0 ? timers.keys[0].due : Nanoseconds.never
            }

            /// The heap's top key, live or stale. Read at every choice point by count and index, not
            /// `first` (docs/performance.md, "Index loops"), and a `mutating get` ("Mutating reads").
            private var topTimer: Key? {
                mutating get { timers.count > 0 ? timers.keys[0] : nil }
            }

            /// Drops the stale keys at the heap's top; how many keys are left.
            @inline(__always)
            @discardableResult
            private mutating func dropStaleTop() -> Int {
                // First, outside the loop: a release build makes the heap's array unique before a
                // loop that may change it, and a lane with no timers holds the shared empty array,
                // which is never unique — a copy at every choice point, for nothing.
                guard timers.count > 0 else { return 0 }
                // `timers.count`, not `first`: at every choice point (docs/performance.md, "Index loops").
                while timers.count > 0, meta[timers.keys[0].slot].sequence != timers.keys[0].sequence {
                    timers.removeTop()
                }
                return timers.count
            }

            /// Inserts every item not due yet that falls due exactly at `time`, in run order: the
            /// heap's top few, found without visiting the rest.
            mutating func insertTimers(dueAt time: Int64, to candidates: inout CandidateList) {
                insertTimers(dueAt: time, from: 0, to: &candidates)
            }

            /// The subtree at `index`: a heap, so nothing below a key due after `time` is due at it.
            private mutating func insertTimers(dueAt time: Int64, from index: Int, to candidates: inout CandidateList) {
                guard index < timers.count, timers.keys[index].due == time else { return }
                let key = timers.keys[index]
                let slot = meta[key.slot]
                if slot.sequence == key.sequence {
                    candidates.addLater(Self.candidate(key, slot, isOffload: isOffloadLane))
                }
                insertTimers(dueAt: time, from: 2 * index + 1, to: &candidates)
                insertTimers(dueAt: time, from: 2 * index + 2, to: &candidates)
            }

            /// Every queued item, in no particular order.
            var all: [Work] {
                due.items[due.start...].compactMap { slots[$0.slot] }
                    + timers.keys.compactMap { meta[$0.slot].sequence == $0.sequence ? slots[$0.slot] : nil }
            }

            /// The candidate `key` names. Static, and given the slot's `meta`, as mutating methods
            /// call it (docs/performance.md, "Mutating reads").
            private static func candidate(_ key: Key, _ meta: SlotMeta, isOffload: Bool) -> Candidate {
                Candidate(
                    due: key.due, sequence: key.sequence, slot: key.slot, isOffload: isOffload,
                    identity: meta.identity, key: meta.key, step: meta.step, needsMainActor: meta.needsMainActor,
                    isTask: meta.isTask, stallsAsTask: meta.stallsAsTask, isDisordered: meta.isDisordered)
            }

            /// Marks the item with `sequence` in `slot` as a job of a disordered step, where the
            /// choices read it: its slot, and its place in the due list if it is due (found from the
            /// end, where the step that queued it just put it). Nothing if it is not queued, or was
            /// marked already.
            mutating func markDisordered(slot: Int, sequence: Int) {
                guard slot >= 0, slot < meta.count, meta[slot].sequence == sequence, !meta[slot].isDisordered else {
                    return
                }
                meta[slot].isDisordered = true
                disorderedCount += 1
                guard meta[slot].isDue else { return }
                due.markDisordered(sequence: sequence)
            }

            private mutating func appendDue(_ key: Key) {
                // One read of the slot's facts (docs/performance.md, "Copies read once").
                let slotMeta = meta[key.slot]
                due.append(
                    Self.candidate(key, slotMeta, isOffload: isOffloadLane), sentByOffload: slotMeta.sentByOffload)
            }
        }
    }

#endif
