#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Actor jobs

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// A default actor's processing job, as the runtime makes it (`ProcessOutOfLineJob`, enqueued
        /// through `swift_task_enqueueGlobal`): a job of kind `DefaultActorSeparate` whose word after
        /// the job header is the actor it drains. The runtime makes one when the actor is first
        /// scheduled, and — on Apple's systems, where priority escalation is built in — another, a
        /// "stealer", when a job of higher priority reaches the actor while it is still scheduled.
        /// A stealer drains the same actor as the job before it, whichever runs first; the other
        /// finds the actor taken or idle, and ends. So a run holds a stealer beside the actor's
        /// pending job and runs it right after that job, in the same step: it is never a choice
        /// point of its own (the schedules are the ones Linux, which has no stealers, offers), and
        /// never drains the actor outside the run.
        // joined: fileprivate
        nonisolated enum ActorJobs {
            /// `JobKind::DefaultActorSeparate`, the low byte of the job's flags.
            private static let processingKind: UInt32 = 193
            /// The job header's flags and the processing job's actor, as byte offsets (64-bit).
            private static let flagsOffset = 4 * MemoryLayout<UInt>.size
            private static let actorOffset = 8 * MemoryLayout<UInt>.size

            /// The address of the actor `job` drains, if it is an actor's processing job.
            static func actor(drainedBy job: UnownedJob) -> UInt? {
                guard MemoryLayout<UInt>.size == 8 else { return nil }
                let header = unsafeBitCast(job, to: UnsafeRawPointer.self)
                guard header.load(fromByteOffset: flagsOffset, as: UInt32.self) & 0xFF == processingKind else {
                    return nil
                }
                let actor = header.load(fromByteOffset: actorOffset, as: UInt.self)
                return actor == 0 ? nil : actor
            }

            /// The processing jobs of a run's actors: whether one of each actor's is queued in the run
            /// (a second is a stealer), and the stealers held for it. A list, not a dictionary: a run
            /// has few actors, read at every actor job (docs/performance.md, "Lists and counts, not
            /// hashing").
            struct Pending {
                private struct Entry {
                    let actor: UInt
                    var isQueued: Bool
                    var stealers: [UnownedJob]
                }
                private var entries: [Entry] = []

                /// Notes `job`, which drains `actor`: true if it is a stealer (a job of the actor is
                /// already queued), now held; false if it is to be queued, now counted.
                mutating func arrives(_ job: UnownedJob, draining actor: UInt) -> Bool {
                    guard let index = entries.firstIndex(where: { $0.actor == actor }) else {
                        entries.append(Entry(actor: actor, isQueued: true, stealers: []))
                        return false
                    }
                    if entries[index].isQueued {
                        entries[index].stealers.append(job)
                        return true
                    }
                    entries[index].isQueued = true
                    return false
                }

                /// Whether a job draining `actor` is queued in the run (a stealer for it is the run's).
                func isQueued(_ actor: UInt) -> Bool { entries.contains { $0.actor == actor && $0.isQueued } }

                /// Notes that the queued job draining `actor` runs now: the stealers held for it, to
                /// run right after it.
                mutating func runs(draining actor: UInt) -> [UnownedJob] {
                    guard let index = entries.firstIndex(where: { $0.actor == actor }) else { return [] }
                    entries[index].isQueued = false
                    defer { entries[index].stealers = [] }
                    return entries[index].stealers
                }

                /// Every stealer still held, once the run is over.
                mutating func takeAll() -> [UnownedJob] {
                    defer { entries = [] }
                    return entries.flatMap(\.stealers)
                }
            }
        }
    }

#endif
