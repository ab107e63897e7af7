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
                /// Work handed to the threads, not yet taken, oldest first.
                var handed: [@Sendable () -> Void] = []
                /// Threads parked, waiting for work.
                var parked = 0
                /// Threads started, not yet parked.
                var starting = 0
            }

            /// Guarded by `condition`. So that no work waits for good, `parked + starting` is at least
            /// `handed.count` whenever the lock is free: a thread is started when it would not be.
            private nonisolated(unsafe) static var state = State()
            /// Guards `state`; parked threads wait on it.
            private static let condition = NSCondition()

            /// Runs `work` on a parked thread, or on a new one (with an 8 MiB stack, as a run's deep
            /// recursion of nested work may need) if none is parked; the thread is named `name` while
            /// it runs it.
            static func run(named name: String, _ work: @escaping @Sendable () -> Void) {
                condition.lock()
                state.handed.append {
                    Thread.current.name = name
                    work()
                }
                let starts = state.parked + state.starting < state.handed.count
                if starts { state.starting += 1 } else { condition.signal() }
                condition.unlock()
                guard starts else { return }
                // The thread's block captures nothing: a thread keeps its block for as long as it lives.
                let thread = Thread { serve() }
                thread.stackSize = 8 << 20
                thread.start()
            }

            /// Runs the work handed to this thread, parked in between, until it has been parked for
            /// ``Limits/parkedThreadLife`` with nothing handed.
            private static func serve() {
                condition.lock()
                state.starting -= 1
                while true {
                    state.parked += 1
                    let deadline = Date(timeIntervalSinceNow: Limits.parkedThreadLife)
                    while state.handed.isEmpty, condition.wait(until: deadline) {}
                    state.parked -= 1
                    guard !state.handed.isEmpty else { break }
                    var work: (@Sendable () -> Void)? = state.handed.removeFirst()
                    condition.unlock()
                    runReleasing(&work)
                    condition.lock()
                }
                condition.unlock()
            }

            /// Runs `work` and lets go of it before returning: a parked thread keeps nothing of the
            /// exploration it ran (its body, its mock) alive.
            private static func runReleasing(_ work: inout (@Sendable () -> Void)?) {
                guard let current = work.take() else { return }
                #if canImport(ObjectiveC)
                    autoreleasepool { current() }
                #else
                    current()
                #endif
            }
        }
    }

#endif
