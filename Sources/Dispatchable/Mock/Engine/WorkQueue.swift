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

    // MARK: - Work queue

    nonisolated extension MockDispatchable {

        /// Queues, virtual time and cancellation: the one place that knows what may run next. It
        /// decides nothing under exploration: it lists the candidates, and a ``RunRecord`` picks.
        ///
        /// Two lanes, each a heap in (due time, scheduling order). Offload work is concurrent, so
        /// under exploration any due offload item may run next; the main-thread lane is serial, so
        /// only its head may. Manual mode always takes the first item of both lanes together.
        // joined: fileprivate
        nonisolated struct WorkQueue {
            private(set) var now: Int64 = 0
            private var nextSequence = 1
            private var offloads = WorkLane(isOffloadLane: true)
            private var mains = WorkLane(isOffloadLane: false)
            /// How many queued items are Swift tasks' jobs (async exploration only).
            private(set) var taskCount = 0
            /// How many queued Swift tasks' jobs are of steps that enqueued them in another order than
            /// what they are (each is marked so in its lane, ``Candidate/isDisordered``, which counts
            /// them): only these are ever reordered (see ``CandidateList/orderTasks()``). Zero in every
            /// other run, so that choice points cost nothing more. Counts, not a set, as it changes at
            /// every dequeue while it is not empty (docs/performance.md, "Lists and counts, not
            /// hashing"); a `mutating get` ("Mutating reads").
            var disorderedTaskCount: Int {
                mutating get { offloads.disorderedCount + mains.disorderedCount }
            }
            /// The step that enqueued the latest Swift task's job, that job's key, the handles of
            /// the step's tasks' jobs (storage kept from step to step), and whether it enqueued them
            /// out of order.
            private var latestStep = -1
            private var latestKey = CandidateKey.item(0)
            private var latestHandles: [Handle] = []
            /// How many of `latestHandles` are the latest step's: steps change at nearly every job,
            /// and emptying an array is a generic call (docs/performance.md, "Concrete calls").
            private var latestHandleCount = 0
            private var latestIsDisordered = false

            @inline(__always)
            mutating func enqueue(
                _ job: Job, on thread: DispatchThread, after delay: TimeInterval, from: DispatchThread?,
                identity: UInt64
            )
                -> Handle
            {
                enqueue(job, on: thread, dueAt: Self.due(after: delay, now: now), from: from, identity: identity)
            }

            /// Queues a Swift task's job `task`: a main-actor job in the main lane, any other in the
            /// offload lane. What the queue reads of the job it reads off `task`, not off the `Job`
            /// enum (docs/performance.md, "Facts, not payloads or closures").
            mutating func enqueue(
                task: TaskJob, on thread: DispatchThread, after delay: TimeInterval, from: DispatchThread?,
                identity: UInt64
            ) -> Handle {
                enqueue(task: task, on: thread, dueAt: Self.due(after: delay, now: now), from: from, identity: identity)
            }

            private mutating func enqueue(
                task: TaskJob, on thread: DispatchThread, dueAt due: Int64, from: DispatchThread?, identity: UInt64
            ) -> Handle {
                let handle = place(
                    .task(task), on: thread, dueAt: due, from: from, identity: identity, isOffload: !task.isMainActor,
                    task: task)
                taskCount += 1
                note(task, handle)
                return handle
            }

            /// Virtual nanoseconds from now to `delay` seconds later; ``Nanoseconds/never`` for a delay
            /// never due.
            @inline(__always)
            private static func due(after delay: TimeInterval, now: Int64) -> Int64 {
                // `if let`, not `Optional.map` (docs/performance.md, "Concrete calls").
                guard let nanoseconds = Nanoseconds.delay(delay) else { return Nanoseconds.never }
                return Nanoseconds.adding(nanoseconds, to: now)
            }

            /// Queues `job` due at virtual time `due`: ``now`` or later, or ``Nanoseconds/never``.
            mutating func enqueue(
                _ job: Job, on thread: DispatchThread, dueAt due: Int64, from: DispatchThread?, identity: UInt64
            ) -> Handle {
                if case .task(let taskJob) = job {
                    return enqueue(task: taskJob, on: thread, dueAt: due, from: from, identity: identity)
                }
                return place(job, on: thread, dueAt: due, from: from, identity: identity, isOffload: job.isOffload)
            }

            /// Puts `job` in its lane with the next sequence number; its handle.
            @inline(__always)
            private mutating func place(
                _ job: Job, on thread: DispatchThread, dueAt due: Int64, from: DispatchThread?, identity: UInt64,
                isOffload: Bool, task: TaskJob? = nil
            ) -> Handle {
                let sequence = nextSequence
                nextSequence += 1
                // `if let`, not `Optional.map` (docs/performance.md, "Concrete calls").
                let needsMainActor: Bool
                if let task { needsMainActor = task.isMainActor } else { needsMainActor = job.needsMainActor }
                let work = Work(
                    sequence: sequence, due: due, scheduledAt: now, thread: thread, scheduledFrom: from,
                    identity: identity, job: job, needsMainActor: needsMainActor)
                let slot = isOffload ? offloads.insert(work, task: task) : mains.insert(work, task: task)
                return Handle(isOffload: isOffload, slot: slot, sequence: sequence)
            }

            /// Notes the step and key of a Swift task's job just queued (`handle`): a step whose
            /// jobs' keys do not rise in the order they were queued is disordered, and its jobs are
            /// marked so in their lanes, where the choices read them.
            private mutating func note(_ job: TaskJob, _ handle: Handle) {
                guard job.step == latestStep else {
                    latestStep = job.step
                    latestKey = job.key
                    latestHandleCount = 0
                    noteLatest(handle)
                    latestIsDisordered = false
                    return
                }
                noteLatest(handle)
                if latestIsDisordered {
                    markDisordered(handle)
                } else if job.key < latestKey {
                    latestIsDisordered = true
                    var index = 0
                    while index < latestHandleCount {
                        markDisordered(latestHandles[index])
                        index += 1
                    }
                }
                latestKey = job.key
            }

            private mutating func noteLatest(_ handle: Handle) {
                if latestHandleCount < latestHandles.count {
                    latestHandles[latestHandleCount] = handle
                } else {
                    latestHandles.append(handle)
                }
                latestHandleCount += 1
            }

            private mutating func markDisordered(_ handle: Handle) {
                if handle.isOffload {
                    offloads.markDisordered(slot: handle.slot, sequence: handle.sequence)
                } else {
                    mains.markDisordered(slot: handle.slot, sequence: handle.sequence)
                }
            }

            /// Back to a fresh queue — nothing queued, the clock at zero — keeping the lanes'
            /// storage: an exploration's next run reuses it instead of growing it again.
            mutating func removeAll() {
                now = 0
                nextSequence = 1
                taskCount = 0
                latestStep = -1
                latestKey = .item(0)
                latestHandleCount = 0
                latestIsDisordered = false
                offloads.removeAll()
                mains.removeAll()
            }

            /// A fresh queue with room for as much as this one's lanes hold: for the next run of
            /// an exploration when this one's storage cannot be taken (see ``removeAll()``).
            func emptiedCopy() -> WorkQueue {
                var queue = WorkQueue()
                queue.offloads = offloads.emptiedCopy()
                queue.mains = mains.emptiedCopy()
                return queue
            }

            /// Cancels the item behind `handle`; its thread if it was still queued.
            mutating func cancel(_ handle: Handle) -> DispatchThread? {
                let removed =
                    handle.isOffload
                    ? offloads.remove(slot: handle.slot, sequence: handle.sequence)
                    : mains.remove(slot: handle.slot, sequence: handle.sequence)
                if removed?.job.isTask == true { taskCount -= 1 }
                return removed?.thread
            }

            func count(_ kind: MockDispatchable.WorkKind) -> Int {
                switch kind {
                case .any: return offloads.count + mains.count
                case .offload: return offloads.count
                case .main: return mains.count
                }
            }

            /// The first item of `kind` in (due time, scheduling order), if it is due by `limit`.
            mutating func firstDue(_ kind: MockDispatchable.WorkKind, until limit: Int64) -> Candidate? {
                var best: Candidate?
                if kind != .main { best = offloads.firstCandidate() }
                if kind != .offload, let head = mains.firstCandidate(), best.map({ head.runsBefore($0) }) ?? true {
                    best = head
                }
                guard let best, best.due <= limit, best.due != Nanoseconds.never else { return nil }
                return best
            }

            /// Every item that may legally run next, first choice (ordinary manual mode's) first.
            ///
            /// - Every offload item that is due: offload work is concurrent, and may be slow.
            /// - The main lane's head, if it is due by `limit` (reaching it may advance time).
            /// - The earliest timer — the first instant after `now` at which an item of either lane
            ///   falls due, within `limit` — if the main lane is not late for it: every main-lane
            ///   item already due was sent by offload work (whose sender may still have been
            ///   running when the timer fired). Offered there: every offload item due at that
            ///   instant, and the first main-lane item due at it.
            ///
            /// `.offload` offers the offload lane's due items and its earliest timer; `.main` the
            /// head alone.
            mutating func choices(
                _ kind: MockDispatchable.WorkKind, until limit: Int64, into choices: inout CandidateList
            ) {
                splitLanesAtClock()
                // Read once, as flags: each comparison of kinds would be a call
                // (docs/performance.md, "Copies read once").
                let isMain: Bool
                let isAny: Bool
                switch kind {
                case .main: (isMain, isAny) = (true, false)
                case .offload: (isMain, isAny) = (false, false)
                case .any: (isMain, isAny) = (false, true)
                }
                var head: Candidate?
                if isMain || isAny, let first = mains.firstCandidate(), first.due <= limit,
                    first.due != Nanoseconds.never
                {
                    head = first
                }
                if isMain {
                    choices.clear()
                    if let head { choices.addLater(head) }
                    return
                }
                offloads.startChoices(&choices)
                let offloadTimer = offloads.nextTimerDue()
                var timer = offloadTimer
                var mainTimer = Nanoseconds.never
                if isAny {
                    mainTimer = mains.nextTimerDue()
                    if mainTimer < timer { timer = mainTimer }
                    if !mains.dueItemsAreFromOffload { timer = Nanoseconds.never }  // the main lane is never late
                }
                if timer <= limit, timer != Nanoseconds.never {
                    if offloadTimer == timer { offloads.insertTimers(dueAt: timer, to: &choices) }
                    // When the head is the timer itself, it is offered below, as the head.
                    var headIsDue = true
                    if let head { headIsDue = head.due <= now }
                    if mainTimer == timer, headIsDue, let main = mains.firstTimer() {
                        choices.addLater(main)
                    }
                }
                if let head { choices.add(head: head, now: now) }
                // Tasks' jobs behind a due head wait with it (only the head is offered).
                if timer <= limit, timer != Nanoseconds.never {
                    var due = offloads.earliestDueTask
                    if isAny, let main = mains.earliestDueTask, main < due ?? .max { due = main }
                    choices.taskDue = due
                }
            }

            /// Removes `work`, found by ``firstDue(_:until:)`` or ``choices(_:until:into:)``, and moves
            /// the clock to its due time.
            mutating func dequeue(_ candidate: Candidate) -> Work {
                let work =
                    candidate.isOffload
                    ? offloads.remove(slot: candidate.slot, sequence: candidate.sequence)!
                    : mains.remove(slot: candidate.slot, sequence: candidate.sequence)!
                if candidate.isTask { taskCount -= 1 }
                moveClock(to: work.due)
                return work
            }

            /// Removes every Swift task's job still queued (an async run is over) and returns them in
            /// the order manual mode would have run them.
            mutating func removeTasks() -> [TaskJob] {
                guard taskCount > 0 else { return [] }
                let tasks = (offloads.all + mains.all).filter { $0.job.isTask }.sorted { $0.runsBefore($1) }
                return tasks.compactMap { work in
                    _ = cancel(Handle(isOffload: work.job.isOffload, slot: work.slot, sequence: work.sequence))
                    guard case .task(let job) = work.job else { return nil }
                    return job
                }
            }

            /// Keeps each lane's due items apart from its timers, so that ``choices(_:until:into:)``
            /// reads them in place: exploration's layout, kept for the queue's life.
            mutating func splitLanesAtClock() {
                offloads.splitAtClock()
                mains.splitAtClock()
            }

            mutating func moveClock(to time: Int64) {
                guard time > now else { return }
                now = time
                offloads.promote(to: time)
                mains.promote(to: time)
            }

            mutating func hasRunnable(_ kind: MockDispatchable.WorkKind, until limit: Int64) -> Bool {
                firstDue(kind, until: limit) != nil
            }

            func hasDue(by limit: Int64) -> Bool {
                (offloads.all + mains.all).contains { Self.isDue($0, by: limit) }
            }

            var neverDueCount: Int {
                (offloads.all + mains.all).filter { $0.due == Nanoseconds.never }.count
            }

            var pendingWork: [MockDispatchable.PendingWork] { firstPending(.max) }

            /// The first `count` items of ``pendingWork``, without describing the rest.
            func firstPending(_ count: Int) -> [MockDispatchable.PendingWork] {
                (offloads.all + mains.all).sorted { $0.runsBefore($1) }.prefix(count).map(\.pending)
            }

            /// The queued work a candidate of ``choices(_:until:into:)`` names.
            func work(for candidate: Candidate) -> Work {
                candidate.isOffload
                    ? offloads.work(inSlot: candidate.slot, sequence: candidate.sequence)!
                    : mains.work(inSlot: candidate.slot, sequence: candidate.sequence)!
            }

            /// The one order queued work runs in: due time, then scheduling order. Spelled out
            /// rather than as a tuple comparison, which is slower in the heap's sift.
            @inline(__always)
            static func runsBefore(_ due: Int64, _ sequence: Int, _ otherDue: Int64, _ otherSequence: Int) -> Bool {
                due < otherDue || (due == otherDue && sequence < otherSequence)
            }

            @inline(__always)
            private static func isDue(_ work: Work, by limit: Int64) -> Bool {
                work.due <= limit && work.due != Nanoseconds.never
            }
        }
    }

#endif
