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

    // MARK: - Public values

    nonisolated extension MockDispatchable {
        /// Which queued work a call is about, by the lane it runs in: a kind names a thread, not a
        /// method, so `.offload` covers `offload(after:)` and `.main` covers `after`.
        nonisolated enum WorkKind: Sendable, Equatable, CustomStringConvertible {
            /// Work of any kind.
            case any
            /// Work sent with `offload` or `offload(after:)`.
            case offload
            /// Main-thread work: `main`, `after`, and sleep wake-ups.
            case main

            var description: String {
                switch self {
                case .any: return "work"
                case .offload: return "offload"
                case .main: return "main-thread"
                }
            }
        }

        /// A queued item, as ``MockDispatchable/pendingWork`` lists it.
        nonisolated struct PendingWork: Sendable, Equatable, CustomStringConvertible {
            /// Its position in scheduling order, starting at 1.
            let sequence: Int
            /// The thread it will run on.
            let thread: DispatchThread
            /// When it is due, in virtual seconds; `.infinity` if never.
            let dueTime: TimeInterval
            /// When it was scheduled, in virtual seconds.
            let scheduledAt: TimeInterval
            /// The logical thread that scheduled it; nil for the test itself.
            let scheduledFrom: DispatchThread?
            /// True for a sleeping task's wake-up rather than a block of work.
            let isSleep: Bool
            /// Under async exploration, the Swift task whose job this is (`task 2`, `task 1 on the
            /// main actor`); nil for the mock's own blocks.
            var task: String? = nil

            /// `offload #2`, `after(0.5) #3`, `after(5) wake-up #4`, `task 2 #5`.
            var name: String { "\(task ?? "\(thread)")\(isSleep ? " wake-up" : "") #\(sequence)" }

            /// Where it came from: `scheduled at t=0.000s from the test`; for a sleeping task's wake-up,
            /// `a sleep begun at t=0.000s`; for a Swift task's job, `enqueued at t=0.000s` (the logical
            /// thread a task's job ran on says nothing a reader can use).
            var origin: String {
                let at = "at t=\(SecondsText.measured(scheduledAt))"
                if isSleep { return "a sleep begun \(at)" }
                if task != nil { return "enqueued \(at)" }
                return "scheduled \(at) from " + (scheduledFrom.map { "\($0)" } ?? "the test")
            }

            var description: String {
                let what =
                    task.map { "\($0)\(isSleep ? " wake-up" : "") job" }
                    ?? (isSleep ? "\(thread) wake-up of a sleeping task" : "\(thread) work")
                let due = dueTime.isFinite ? "due at t=\(SecondsText.measured(dueTime))" : "never due"
                return "#\(sequence) \(what), \(due), \(origin)"
            }
        }

        /// One entry of the ``Recorder``.
        nonisolated struct Event: Sendable, Equatable {
            /// What happened.
            nonisolated enum Kind: UInt8, Sendable {
                /// A logical thread was entered.
                case enter
                /// A logical thread was left.
                case exit
                /// A checkpoint from `mark(_:)`.
                case mark
                /// Work was queued (manual mode, or main-actor work immediate mode could not run).
                case enqueue
                /// Queued work was cancelled before it ran.
                case cancel
                /// A sleeping task was resumed.
                case wake

                /// Renamed ``enqueue``: in this library a "schedule" is an exploration's
                /// replayable sequence of choices (``MockDispatchableError/schedule``).
                @available(*, deprecated, renamed: "enqueue")
                static var schedule: Kind { .enqueue }
            }

            /// When, in virtual seconds.
            var time: TimeInterval
            /// The checkpoint label of a `.mark`.
            var label: String?
            /// The thread entered, left, queued or cancelled; for a mark, the current thread.
            var thread: DispatchThread?
            /// What happened.
            var kind: Kind
        }

        /// What a ``MockDispatchable`` ran, where and when.
        nonisolated struct Recorder: Sendable {
            // joined: fileprivate
            let core: Core

            /// True when the innermost thread the calling OS thread has entered is `.main` or
            /// `.after`, or when it has entered none (the test itself runs on the main thread).
            var isMainThread: Bool {
                let driver = Driver.current
                return core.withLock { $0.frames.innermost(of: driver)?.isMain ?? true }
            }

            /// The logical threads the calling OS thread is inside right now, innermost last.
            var threadStack: [DispatchThread] {
                let driver = Driver.current
                return core.withLock { $0.frames.stack(of: driver) }
            }

            /// Every thread entered so far, by any OS thread, in order.
            var enteredThreads: [DispatchThread] { core.withLock { $0.log.enteredThreads } }

            /// Every recorded event, in order.
            var events: [Event] { core.withLock { $0.log.events } }

            /// The checkpoint labels passed to `mark(_:)`, in order.
            var marks: [String] { core.withLock { $0.log.marks } }

            /// A picture of what ran where: one lane per thread kind, one row per event, nesting
            /// drawn with `┌ │ └`, checkpoints as `◆`, lanes divided by `┆`. In manual mode each
            /// row shows virtual time.
            ///
            /// ```
            /// MockDispatchable timeline — immediate mode, 5 events
            ///         # ┆ test    ┆ main         ┆ offload      ┆ after
            ///         1 ┆         ┆              ┆ ┌ enter      ┆
            ///         2 ┆         ┆ ┌ enter      ┆ │            ┆
            ///         3 ┆         ┆ │ ◆ done     ┆ │            ┆
            ///         4 ┆         ┆ └ exit       ┆ │            ┆
            ///         5 ┆         ┆              ┆ └ exit       ┆
            /// ```
            ///
            /// (Lanes are 25 characters wide; shortened here.) Queued work is numbered as
            /// ``MockDispatchable/pendingWork`` numbers it: `+ queued offload #2`, then `┌ #2`.
            var timeline: String { core.withLock { $0.snapshot }.render(limit: .max) }
        }

        /// How ``explore(schedules:seed:strategy:maximumStall:fileID:line:_:)`` picks its schedules:
        /// the library's ``Exploration/Strategy`` (public there, so that DispatchableTesting's traits
        /// can take one).
        typealias ExplorationStrategy = Exploration.Strategy

        /// One of `count` disjoint slices of the schedules
        /// ``MockDispatchable/exploreAll(limit:maximumStall:fileID:line:_:)`` runs: the library's
        /// ``Exploration/Shard``.
        typealias ExplorationShard = Exploration.Shard

        /// What an exploration ran.
        nonisolated struct ExplorationReport: Sendable, Equatable, CustomStringConvertible {
            /// How many times the body ran (minimising a failure not included).
            let schedulesRun: Int
            /// How many distinct choice sequences those runs took.
            let distinctSchedules: Int
            /// True when every schedule the body allows has run: only ``MockDispatchable/exploreAll(limit:maximumStall:fileID:line:_:)``
            /// within its limit can know. For a shard: every schedule of its slice.
            let isExhaustive: Bool
            /// The slice of the schedules this run covered, when ``MockDispatchable/exploreAll(limit:maximumStall:fileID:line:_:)``
            /// ran one shard of several; nil for the whole space.
            var shard: ExplorationShard? = nil
            /// What breaks when a task's job is slower than the default stall bound lets it be: found
            /// past the bound after an exploration under it passed (see ``SlowWorkFailure``); nil
            /// when nothing was, or when `maximumStall:` was given.
            var slowWorkFailure: SlowWorkFailure? = nil

            var description: String {
                (shard.map { "shard \($0.index) of \($0.count): " } ?? "")
                    + "\(schedulesRun) schedule\(schedulesRun == 1 ? "" : "s") run, \(distinctSchedules) distinct"
                    + (isExhaustive
                        ? (shard == nil ? ", every schedule covered" : ", every schedule of the shard covered") : "")
                    + (slowWorkFailure == nil ? "" : "; fails if a task's job is slow (see slowWorkFailure)")
            }
        }
    }

    /// A misuse of ``MockDispatchable``, or a failing schedule found by exploration: thrown, so
    /// that the test framework reports it as a failure, never a crash. Its description explains
    /// the problem and ends with the timeline. Nothing queued is lost when one is thrown.
    nonisolated struct MockDispatchableError: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        nonisolated enum Kind: Sendable, Equatable {
            /// A stepping call found nothing it could run.
            case noPendingWork
            /// `advance(by:)` got a negative, NaN or infinite amount, or one past the end of
            /// virtual time.
            case invalidAdvance
            /// An argument out of range (a negative or NaN timeout, a negative `maxSteps` or
            /// `count`, fewer than one schedule, a PCT depth below 1), or a schedule string that
            /// is not one. The message names the argument.
            case invalidArgument
            /// `runUntilIdle()` or `advance(by:)` ran its step limit and work was still due.
            case stepLimitExceeded
            /// `assertNoPendingWork()` found queued work.
            case pendingWork
            /// Main-actor work was to run, but the caller is not on the main queue; or an
            /// exploration of a `@MainActor` body was called off the main queue, its isolation
            /// bypassed (Swift 5-mode code, an Objective-C callback, an `unsafeBitCast`), and ran
            /// no schedule.
            case mainActorRequired
            /// Work was not queued, or a background-thread item did not finish, in time.
            case timedOut
            /// A body under exploration threw; ``MockDispatchableError/schedule`` replays it.
            case scheduleFailed
            /// A body under exploration made different choices when its earlier ones were the same,
            /// never reached a replayed schedule's choice points, or failed once in a way that
            /// did not recur ("not reproducible"); or, under async exploration, work of the run
            /// was resumed from outside it (a continuation resumed by real GCD or a real thread).
            case nondeterministicBody
            /// Async exploration: nothing could run, no timer was pending, and a task of the run
            /// was still suspended. The message names the waiting tasks; ``MockDispatchableError/schedule``
            /// replays it.
            case deadlock
            /// Async exploration needs something this toolchain or system lacks; the message says what.
            case unsupported
        }

        /// What went wrong.
        let kind: Kind
        /// The explanation, without the timeline.
        let message: String
        /// Where the failing call was made.
        let fileID: String
        /// Where the failing call was made.
        let line: UInt
        /// The failing schedule, for ``MockDispatchable/replay(_:maximumStall:fileID:line:_:)``; nil outside
        /// exploration.
        let schedule: String?
        /// The recorder's events when the error was thrown, drawn only if someone reads them:
        /// copying the log is cheap (its chunks are shared), drawing it is not.
        private let snapshot: MockDispatchable.TimelineRenderer?
        /// Whether the failing schedule's body failed by an issue the test recorded (a failed
        /// `#expect`, `XCTAssert`), not by an error it threw: DispatchableTesting's report says which.
        // joined: fileprivate
        let failedOnRecordedIssue: Bool

        // joined: fileprivate
        init(
            kind: Kind, message: String, snapshot: MockDispatchable.TimelineRenderer?, fileID: StaticString, line: UInt,
            schedule: String? = nil, failedOnRecordedIssue: Bool = false
        ) {
            self.kind = kind
            self.message = message
            self.snapshot = snapshot
            self.fileID = "\(fileID)"
            self.line = line
            self.schedule = schedule
            self.failedOnRecordedIssue = failedOnRecordedIssue
        }

        /// The mock's timeline when the error was thrown (for a failing schedule: its run's),
        /// its last 60 events.
        var timeline: String { snapshot?.render(limit: 60) ?? "" }
        var description: String {
            "MockDispatchable: \(message)\n  (at \(fileID):\(line))\n\n\(timeline)"
        }
    }

    nonisolated extension MockDispatchableError: CustomReflectable {
        /// What reflection shows of the error — its kind, message, schedule and place — and not the
        /// mock's timeline it keeps. Swift Testing reflects a thrown error into the result of
        /// `#expect(throws:)`: walking the timeline of a mock that ran 50,000 items took 10 s, on
        /// the main actor in a `@MainActor` test.
        var customMirror: Mirror {
            Mirror(
                self,
                children: [
                    "kind": kind, "message": message, "schedule": schedule as Any, "fileID": fileID, "line": line,
                ],
                displayStyle: .struct)
        }
    }

    nonisolated extension Exploration.Shard {
        /// The whole space: one shard of one.
        static let whole = Exploration.Shard(1, of: 1)
    }

#endif
