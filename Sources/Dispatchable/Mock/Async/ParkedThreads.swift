#if DEBUG
    import Foundation

    // MARK: - Parked threads

    nonisolated extension MockDispatchable {
        /// The threads explorations run their explorer and watchdog on: parked between explorations
        /// rather than started for each, since starting a thread costs a tenth of a short
        /// exploration's set-up (docs/performance.md, "Set-up"). A thread parked for
        /// ``Limits/parkedThreadLife`` with nothing to run ends; one whose work never returns (a
        /// run the watchdog gave up) is never parked again, and another is started in its place.
        // joined: fileprivate
        nonisolated enum ParkedThreads {
            private nonisolated struct State {
                /// Work handed to a parked thread, not yet taken.
                var handed: [@Sendable () -> Void] = []
                /// Threads parked, waiting for work: each takes at most one item of `handed`.
                var parked = 0
            }

            private nonisolated(unsafe) static var state = State()
            /// Guards `state`; parked threads wait on it.
            private static let condition = NSCondition()

            /// Runs `work` on a parked thread, or on a new one (with an 8 MiB stack, as a run's
            /// deep recursion of nested work may need) if none is parked; the thread is named `name`
            /// while it runs it.
            static func run(named name: String, _ work: @escaping @Sendable () -> Void) {
                let named: @Sendable () -> Void = {
                    Thread.current.name = name
                    work()
                }
                condition.lock()
                if state.parked > state.handed.count {
                    state.handed.append(named)
                    condition.signal()
                    condition.unlock()
                    return
                }
                condition.unlock()
                let thread = Thread { serve(first: named) }
                thread.stackSize = 8 << 20
                thread.start()
            }

            /// Runs `first`, then whatever is handed to this thread while it is parked, until it has
            /// been parked for ``Limits/parkedThreadLife`` with nothing handed.
            private static func serve(first: @escaping @Sendable () -> Void) {
                var next: (@Sendable () -> Void)? = first
                while let work = next {
                    work()
                    next = nil
                    condition.lock()
                    state.parked += 1
                    let deadline = Date(timeIntervalSinceNow: Limits.parkedThreadLife)
                    while state.handed.isEmpty, condition.wait(until: deadline) {}
                    state.parked -= 1
                    if !state.handed.isEmpty { next = state.handed.removeFirst() }
                    condition.unlock()
                }
            }
        }
    }

#endif
