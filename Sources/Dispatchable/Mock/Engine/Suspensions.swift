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

    // MARK: - Suspensions

    nonisolated extension MockDispatchable {
        /// Tests suspended until work is queued (`waitForPendingWork` and the `async` stepping
        /// calls). The enqueue that satisfies one takes it out, and the caller resumes it after
        /// unlocking.
        // joined: fileprivate
        nonisolated struct Suspensions {
            nonisolated enum Condition: CustomStringConvertible {
                /// At least `count` items of the kind are queued.
                case queued(MockDispatchable.WorkKind, count: Int)
                /// Some item is due by this virtual time.
                case due(by: Int64)

                var description: String {
                    switch self {
                    case .queued(let kind, let count): return "\(count) queued \(kind) item\(count == 1 ? "" : "s")"
                    case .due(let time): return "work due by t=\(SecondsText.measured(Nanoseconds.seconds(time)))"
                    }
                }
            }

            private nonisolated struct Waiter {
                let condition: Condition
                let continuation: CheckedContinuation<Void, any Error>
                var timer: Task<Void, Never>?
            }

            /// A wait's place: reserved before it suspends (so that a cancellation arriving first
            /// is not lost), then waiting.
            private nonisolated enum Slot {
                case reserved
                case cancelled
                case waiting(Waiter)
            }

            /// What ``add(_:_:_:holdsNow:)`` made of a wait.
            nonisolated enum Admission {
                case waiting, satisfied, cancelled
            }

            private var slots: [Int: Slot] = [:]
            private var nextID = 0
            private var waitingCount = 0

            var isEmpty: Bool { waitingCount == 0 }

            func holds(_ condition: Condition, in queue: WorkQueue) -> Bool {
                switch condition {
                case .queued(let kind, let count): return queue.count(kind) >= count
                case .due(let time): return queue.hasDue(by: time)
                }
            }

            /// What has arrived so far, for a timeout's message.
            func progress(of condition: Condition, in queue: WorkQueue) -> String {
                switch condition {
                case .queued(let kind, _): return "\(queue.count(kind)) arrived"
                case .due: return "\(queue.count(.any)) item(s) are queued, none due by then"
                }
            }

            /// A place for a wait that is about to suspend.
            mutating func reserve() -> Int {
                nextID += 1
                slots[nextID] = .reserved
                return nextID
            }

            mutating func add(
                _ id: Int, _ condition: Condition, _ continuation: CheckedContinuation<Void, any Error>, holdsNow: Bool
            ) -> Admission {
                guard case .reserved? = slots.removeValue(forKey: id) else { return .cancelled }
                if holdsNow { return .satisfied }
                slots[id] = .waiting(Waiter(condition: condition, continuation: continuation))
                waitingCount += 1
                return .waiting
            }

            /// Keeps the timeout timer; false when the waiter was satisfied or cancelled meanwhile.
            mutating func setTimer(_ timer: Task<Void, Never>, for id: Int) -> Bool {
                guard case .waiting(var waiter)? = slots[id] else { return false }
                waiter.timer = timer
                slots[id] = .waiting(waiter)
                return true
            }

            /// Takes out a waiting wait (its timeout passed); nil if it is no longer waiting.
            mutating func remove(_ id: Int) -> CheckedContinuation<Void, any Error>? {
                guard case .waiting(let waiter)? = slots[id] else { return nil }
                slots[id] = nil
                waitingCount -= 1
                return waiter.continuation
            }

            /// The caller's task was cancelled: the wait to resume with an error, if it is waiting;
            /// a reserved one is marked, so that it does not suspend at all.
            mutating func cancel(_ id: Int) -> Resumption? {
                switch slots[id] {
                case .reserved?:
                    slots[id] = .cancelled
                    return nil
                case .waiting(let waiter)?:
                    slots[id] = nil
                    waitingCount -= 1
                    return Resumption(continuation: waiter.continuation, timer: waiter.timer)
                case .cancelled?, nil:
                    return nil
                }
            }

            mutating func takeSatisfied(by queue: WorkQueue) -> [Resumption] {
                var ready: [Resumption] = []
                for (id, slot) in slots {
                    guard case .waiting(let waiter) = slot, holds(waiter.condition, in: queue) else { continue }
                    slots[id] = nil
                    waitingCount -= 1
                    ready.append(Resumption(continuation: waiter.continuation, timer: waiter.timer))
                }
                return ready
            }
        }

        /// Resumes a satisfied waiter, after the lock is released.
        // joined: fileprivate
        nonisolated struct Resumption {
            let continuation: CheckedContinuation<Void, any Error>
            let timer: Task<Void, Never>?

            func resume(throwing error: (any Error)? = nil) {
                timer?.cancel()
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

#endif
