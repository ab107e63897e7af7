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

    // MARK: - Waiting for work from outside a run

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// The first task of the run resumed from outside it.
        struct Escape {
            let task: String
            /// Whether it was resumed on the main queue: it had hopped to the main actor.
            let fromMainQueue: Bool
            /// The label of the dispatch queue it was resumed on, if any: an actor's executor
            /// that bridges a queue runs the actor's jobs there.
            let queue: String?
            /// Whether it is a block queued in the run's mock from outside the run (code the run
            /// started, running elsewhere, calling `offload` or `performOffloaded`), not a job of
            /// one of its tasks.
            var isBlock = false

            /// ` on the dispatch queue "database"`, or nothing. libdispatch names a thread it does not
            /// own (an event loop's, a `Thread`'s) by its default overcommit root queue, as it does its
            /// own global threads that run no queue, and its global queues by their root queues: said
            /// so, rather than as a queue of the user's.
            var onQueue: String {
                guard let queue else { return "" }
                if queue == Self.threadOfNoQueue {
                    return " (dispatch calls it \"\(queue)\": a thread of no queue of its own — a real thread, an "
                        + "event loop's or a Thread's — or of dispatch's global pool)"
                }
                if queue.hasPrefix("com.apple.root.") { return " on one of dispatch's global queues (\"\(queue)\")" }
                return " on the dispatch queue \"\(queue)\""
            }

            /// What `dispatch_queue_get_label(NULL)` answers on a thread libdispatch does not own.
            static let threadOfNoQueue = "com.apple.root.default-qos.overcommit"
        }

        /// Waits up to `seconds` for the real queues that work which left the run may wait on —
        /// dispatch's global queues and the runtime's global executor, at every priority — to
        /// run what is queued on them now, then up to ``Limits/arrivalGrace`` for a job from
        /// outside the driving thread; true if one came. On a busy machine those queues can be
        /// seconds behind (other tests' jobs hold their threads), and a wait in seconds alone
        /// then reads late work as none.
        func waitForRealQueues(seconds: TimeInterval) -> Bool {
            let ran = DispatchGroup()
            let classes: [DispatchQoS.QoSClass] = [.background, .utility, .default, .userInitiated]
            let priorities: [TaskPriority] = [.background, .utility, .medium, .high]
            for (qos, priority) in zip(classes, priorities) {
                ran.enter()
                ran.enter()
                DispatchQueue.global(qos: qos).async {
                    ran.leave()
                    // Made on a thread that drives no run, by a task no run registered: it goes
                    // to the real global executor, behind what is queued there.
                    Task.detached(priority: priority) { ran.leave() }
                }
            }
            guard ran.wait(timeout: .now() + seconds) == .success else { return waitForArrival(seconds: 0) }
            return waitForArrival(seconds: MockDispatchable.Limits.arrivalGrace)
        }

        /// Waits up to `seconds` for the main queue to run what is queued on it now, then for a job
        /// from outside the driving thread; true if one came. Not for a run driven on the main queue.
        func waitForMainQueue(seconds: TimeInterval) -> Bool {
            let ran = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { ran.signal() }
            _ = ran.wait(timeout: .now() + seconds)
            return waitForArrival(seconds: 0)
        }
    }

#endif
