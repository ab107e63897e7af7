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
        /// A block of work, and where it belongs.
        // joined: fileprivate
        nonisolated enum Job {
            case offload(@Sendable () -> Void)
            case main(@MainActor @Sendable () -> Void)
            /// A sleeping task's wake-up: in the main-thread lane, but needs no main actor.
            case wake(@Sendable () -> Void)
            /// A job of a Swift task, under async exploration; see ``TaskJob``.
            case task(TaskJob)

            var needsMainActor: Bool {
                switch self {
                case .main: return true
                case .task(let job): return job.isMainActor
                case .offload, .wake: return false
                }
            }

            var isOffload: Bool {
                switch self {
                case .offload: return true
                case .task(let job): return !job.isMainActor
                case .main, .wake: return false
                }
            }

            var isTask: Bool {
                if case .task = self { return true }
                return false
            }

            /// Whether a stall of it is a task's (see ``StallBound``): a Swift task's job, or a
            /// sleeping task's wake-up, which the task waits on just as much. The mock's blocks are
            /// background or main-thread work, which may take as long as it takes.
            var stallsAsTask: Bool {
                switch self {
                case .task, .wake: return true
                case .offload, .main: return false
                }
            }
        }

        /// A job of a Swift task that an async exploration captured: the main actor's jobs wait in
        /// the main-thread lane, every other job (nonisolated code, actors) is concurrent, like
        /// offload work. Only the explorer runs them; see `AsyncRun`. A class, so that `Job` stays
        /// as small as a closure: every queued item of every mode carries one.
        // joined: fileprivate
        nonisolated final class TaskJob: Sendable {
            /// Runs the job (on the driving thread, isolated as the job needs).
            let run: @Sendable () -> Void
            /// `task 2`, `task 1 on the main actor`: the task's ordinal in its run.
            let name: String
            let isMainActor: Bool
            /// A sleeping task's wake-up (`Task.sleep`).
            let isWakeUp: Bool
            /// What the job is, the same in every run that made the same choices before it (see
            /// ``CandidateKey``).
            let key: CandidateKey
            /// The step of the run that enqueued it: jobs that became runnable in the same step are
            /// offered in the order of their ``key``, not in the order they were enqueued.
            let step: Int

            /// Runs the job on the real executors, outside any run: the main queue for a main-actor
            /// job, a global queue for any other (a run given up hands its jobs over this way).
            func runOnRealExecutor() {
                if isMainActor {
                    DispatchQueue.main.async { self.run() }
                } else {
                    DispatchQueue.global().async { self.run() }
                }
            }

            init(
                run: @escaping @Sendable () -> Void, name: String, isMainActor: Bool, isWakeUp: Bool,
                key: CandidateKey, step: Int
            ) {
                self.run = run
                self.name = name
                self.isMainActor = isMainActor
                self.isWakeUp = isWakeUp
                self.key = key
                self.step = step
            }
        }

        /// What a candidate of a choice point is, in terms that do not depend on the order in which
        /// the run's code enqueued it: a task's job by the task's number in its run and how many
        /// jobs of that task came before it, an actor's own job by how many came before it, and
        /// a block of the mock by its item number. Run twice with the same choices, a
        /// deterministic body offers the same keys at each choice point, whatever order it
        /// enqueued them in (continuations resumed in a `Dictionary`'s order, which follows heap
        /// addresses); exploration orders, replays and compares choice points by them.
        // joined: fileprivate
        nonisolated struct CandidateKey: Hashable, Comparable, CustomStringConvertible {
            let rawValue: UInt64

            private static let taskFlag: UInt64 = 1 << 63
            private static let actorFlag: UInt64 = 1 << 62

            /// Job `number` (from 1) of task `task` (from 1) of the run.
            static func job(_ number: Int, ofTask task: Int) -> CandidateKey {
                CandidateKey(
                    rawValue: taskFlag | UInt64(truncatingIfNeeded: min(task, 1 << 30)) << 32
                        | UInt64(truncatingIfNeeded: min(number, 1 << 31)))
            }

            /// Actor job `number` (from 1) of the run.
            static func actorJob(_ number: Int) -> CandidateKey {
                CandidateKey(rawValue: actorFlag | UInt64(truncatingIfNeeded: number))
            }

            /// The mock's item `sequence`.
            static func item(_ sequence: Int) -> CandidateKey {
                CandidateKey(rawValue: UInt64(truncatingIfNeeded: max(sequence, 0)))
            }

            /// Tasks' jobs first, by task and then job; then actors' jobs; then the mock's items.
            static func < (lhs: CandidateKey, rhs: CandidateKey) -> Bool {
                let (left, right) = (lhs.kind, rhs.kind)
                return left != right ? left < right : lhs.rawValue < rhs.rawValue
            }

            private var kind: Int {
                rawValue & Self.taskFlag != 0 ? 0 : rawValue & Self.actorFlag != 0 ? 1 : 2
            }

            /// `task 3's job 2`, `actor job 4`, `item #5`.
            var description: String {
                if rawValue & Self.taskFlag != 0 {
                    return "task \((rawValue >> 32) & 0x3FFF_FFFF)'s job \(rawValue & 0xFFFF_FFFF)"
                }
                if rawValue & Self.actorFlag != 0 { return "actor job \(rawValue & ~Self.actorFlag)" }
                return "item #\(rawValue)"
            }
        }

        /// A queued job with its place in the order.
        // joined: fileprivate
        nonisolated struct Work {
            let sequence: Int
            /// Virtual nanoseconds; ``Nanoseconds/never`` if never due.
            let due: Int64
            let scheduledAt: Int64
            let thread: DispatchThread
            let scheduledFrom: DispatchThread?
            /// Names it across runs of an explored body; see ``Identity``.
            let identity: UInt64
            let job: Job
            /// Where it waits in its lane's heap.
            var slot = 0

            var needsMainActor: Bool { job.needsMainActor }

            /// What it is, the same in every run (see ``CandidateKey``): a task's job by its task and
            /// number, a block by its item number.
            var key: CandidateKey {
                if case .task(let taskJob) = job { return taskJob.key }
                return .item(sequence)
            }

            /// The step of its run that queued it, for a Swift task's job; 0 for anything else.
            var step: Int {
                if case .task(let taskJob) = job { return taskJob.step }
                return 0
            }

            /// Due time, then scheduling order: the order manual mode runs work in.
            @inline(__always)
            func runsBefore(_ other: Work) -> Bool {
                WorkQueue.runsBefore(due, sequence, other.due, other.sequence)
            }

            var pending: MockDispatchable.PendingWork {
                var isSleep = false
                var task: String?
                switch job {
                case .wake: isSleep = true
                case .task(let taskJob):
                    isSleep = taskJob.isWakeUp
                    task = taskJob.name
                case .main, .offload: break
                }
                return MockDispatchable.PendingWork(
                    sequence: sequence, thread: thread, dueTime: Nanoseconds.seconds(due),
                    scheduledAt: Nanoseconds.seconds(scheduledAt), scheduledFrom: scheduledFrom, isSleep: isSleep,
                    task: task)
            }
        }

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
                var listed: [Candidate] = []
                listed.reserveCapacity(count)
                for index in 0..<count {
                    let candidate = self[index]
                    if candidate.isTask, isDisordered(candidate) { tasks.append(index) }
                    listed.append(candidate)
                }
                guard tasks.count > 1 else { return nil }
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
                    var members = Array(tasks[start..<end])
                    members.sort { listed[$0].key < listed[$1].key }
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

        /// Names one queued item so that it can be cancelled, with no allocation per item: its lane,
        /// the slot it waits in, and its sequence number, which tells it apart from a later item
        /// reusing the slot.
        // joined: fileprivate
        nonisolated struct Handle: Sendable {
            let isOffload: Bool
            let slot: Int
            let sequence: Int
        }

        /// Queues, virtual time and cancellation: the one place that knows what may run next. It
        /// decides nothing under exploration: it lists the candidates, and a ``Chooser`` picks.
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
            /// The queued Swift tasks' jobs of steps that enqueued them in another order than what
            /// they are, by sequence: only these are ever reordered (see
            /// ``CandidateList/orderTasks(isDisordered:)``). Empty in every other run, so that choice
            /// points cost nothing more.
            private(set) var disorderedTasks: Set<Int> = []
            /// The step that enqueued the latest Swift task's job, that job's key, the sequences of
            /// the step's tasks' jobs (storage kept from step to step), and whether it enqueued them
            /// out of order.
            private var latestStep = -1
            private var latestKey = CandidateKey.item(0)
            private var latestSequences: [Int] = []
            private var latestIsDisordered = false

            @inline(__always)
            mutating func enqueue(
                _ job: Job, on thread: DispatchThread, after delay: TimeInterval, from: DispatchThread?,
                identity: UInt64
            )
                -> Handle
            {
                let due = Nanoseconds.delay(delay).map { Nanoseconds.adding($0, to: now) } ?? Nanoseconds.never
                return enqueue(job, on: thread, dueAt: due, from: from, identity: identity)
            }

            /// Queues `job` due at virtual time `due`: ``now`` or later, or ``Nanoseconds/never``.
            mutating func enqueue(
                _ job: Job, on thread: DispatchThread, dueAt due: Int64, from: DispatchThread?, identity: UInt64
            ) -> Handle {
                let sequence = nextSequence
                nextSequence += 1
                let work = Work(
                    sequence: sequence, due: due, scheduledAt: now, thread: thread, scheduledFrom: from,
                    identity: identity, job: job)
                let isOffload = job.isOffload
                if case .task(let taskJob) = job {
                    taskCount += 1
                    note(taskJob, sequence: sequence)
                }
                let slot = isOffload ? offloads.insert(work) : mains.insert(work)
                return Handle(isOffload: isOffload, slot: slot, sequence: sequence)
            }

            /// Notes the step and key of a Swift task's job just queued as `sequence`: a step whose
            /// jobs' keys do not rise in the order they were queued is disordered.
            private mutating func note(_ job: TaskJob, sequence: Int) {
                guard job.step == latestStep else {
                    latestStep = job.step
                    latestKey = job.key
                    latestSequences.removeAll(keepingCapacity: true)
                    latestSequences.append(sequence)
                    latestIsDisordered = false
                    return
                }
                latestSequences.append(sequence)
                if latestIsDisordered {
                    disorderedTasks.insert(sequence)
                } else if job.key < latestKey {
                    latestIsDisordered = true
                    disorderedTasks.formUnion(latestSequences)
                }
                latestKey = job.key
            }

            /// Back to a fresh queue — nothing queued, the clock at zero — keeping the lanes'
            /// storage: an exploration's next run reuses it instead of growing it again.
            mutating func removeAll() {
                now = 0
                nextSequence = 1
                taskCount = 0
                disorderedTasks = []
                latestStep = -1
                latestKey = .item(0)
                latestSequences.removeAll(keepingCapacity: true)
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
                if removed?.job.isTask == true {
                    taskCount -= 1
                    if !disorderedTasks.isEmpty { disorderedTasks.remove(handle.sequence) }
                }
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
                var head: Candidate?
                if kind != .offload, let first = mains.firstCandidate(), first.due <= limit,
                    first.due != Nanoseconds.never
                {
                    head = first
                }
                if kind == .main {
                    choices.clear()
                    if let head { choices.addLater(head) }
                    return
                }
                choices.start(due: offloads.dueCandidates)
                let offloadTimer = offloads.nextTimerDue()
                var timer = offloadTimer
                var mainTimer = Nanoseconds.never
                if kind == .any {
                    mainTimer = mains.nextTimerDue()
                    if mainTimer < timer { timer = mainTimer }
                    if !mains.dueItemsAreFromOffload { timer = Nanoseconds.never }  // the main lane is never late
                }
                if timer <= limit, timer != Nanoseconds.never {
                    if offloadTimer == timer { offloads.insertTimers(dueAt: timer, to: &choices) }
                    // When the head is the timer itself, it is offered below, as the head.
                    if mainTimer == timer, head.map({ $0.due <= now }) ?? true, let main = mains.firstTimer() {
                        choices.addLater(main)
                    }
                }
                if let head { choices.add(head: head, now: now) }
                // Tasks' jobs behind a due head wait with it (only the head is offered).
                if timer <= limit, timer != Nanoseconds.never {
                    var due = offloads.earliestDueTask
                    if kind == .any, let main = mains.earliestDueTask, main < due ?? .max { due = main }
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
                if candidate.isTask {
                    taskCount -= 1
                    if !disorderedTasks.isEmpty { disorderedTasks.remove(candidate.sequence) }
                }
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
            /// rather than as a tuple comparison, which measured 5–10 % slower in the heap's sift.
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
