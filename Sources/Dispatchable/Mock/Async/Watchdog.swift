#if DEBUG
    import Foundation

    // MARK: - The watchdog's thread

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// The one thread that looks at every async exploration's run (``RunWatch``) every
        /// ``Limits/watchdogInterval``: one for the process, not one per exploration, so that an
        /// exploration starts and ends without waking a thread (docs/performance.md, "Set-up"). It
        /// runs while explorations are watched, and ends once none has been for
        /// ``Limits/parkedThreadLife``.
        // joined: fileprivate
        nonisolated enum Watchdog {
            private nonisolated struct Watched {
                let watch: RunWatch
                let answer: @Sendable (MockDispatchableError) -> Void
            }

            private nonisolated struct State {
                var watched: [Watched] = []
                var isRunning = false
            }

            private static let state = Locked(State())

            /// Looks at `watch`'s runs from now on, until ``unwatch(_:)``; `answer` takes the error
            /// of an exploration given up.
            static func watch(_ watch: RunWatch, answering answer: @escaping @Sendable (MockDispatchableError) -> Void)
            {
                let starts = state.withLock { state in
                    state.watched.append(Watched(watch: watch, answer: answer))
                    defer { state.isRunning = true }
                    return !state.isRunning
                }
                if starts { ParkedThreads.run(named: "MockDispatchable watchdog") { lookEveryInterval() } }
            }

            /// Stops looking at `watch`: its exploration is over.
            static func unwatch(_ watch: RunWatch) {
                state.withLock { state in state.watched.removeAll { $0.watch === watch } }
            }

            private static func look(at watched: [Watched]) {
                for each in watched where each.watch.look(answering: each.answer) { unwatch(each.watch) }
            }

            private static func lookEveryInterval() {
                var idleSince = ContinuousClock.now
                while true {
                    Thread.sleep(forTimeInterval: Limits.watchdogInterval)
                    let now = ContinuousClock.now
                    let watched: [Watched]? = state.withLock { state in
                        guard state.watched.isEmpty else { return state.watched }
                        if idleSince.duration(to: now) < .seconds(Limits.parkedThreadLife) { return [] }
                        state.isRunning = false
                        return nil
                    }
                    guard let watched else { return }
                    if !watched.isEmpty { idleSince = now }
                    #if canImport(ObjectiveC)
                        autoreleasepool { look(at: watched) }
                    #else
                        look(at: watched)
                    #endif
                }
            }
        }
    }

#endif
