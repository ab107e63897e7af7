#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Clock

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    nonisolated extension MockDispatchable {
        /// A `Clock` on the mock's virtual time, for code that injects `any Clock<Duration>` rather
        /// than calling `Task.sleep`.
        ///
        /// ```swift
        /// struct Retrier {
        ///     let clock: any Clock<Duration>           // GCD().clock in the app
        ///
        ///     func run(_ attempt: () async throws -> Data) async throws -> Data {
        ///         do { return try await attempt() } catch {
        ///             try await clock.sleep(for: .seconds(2))
        ///             return try await attempt()
        ///         }
        ///     }
        /// }
        ///
        /// let mock = MockDispatchable(mode: .manual)
        /// let download = Task { try await Retrier(clock: mock.clock).run(flakyDownload) }
        /// try await mock.advance(by: 2, timeout: 1)    // the retry: two virtual seconds, no real ones
        /// ```
        ///
        /// Its ``TestClock/now`` is ``now``, as a ``TestClock/Instant``, and its
        /// ``TestClock/sleep(until:tolerance:)`` is a timer of the mock, the same kind of item as
        /// ``sleep(for:)``'s wake-up: part of the main-thread lane, needing no main actor, shown in
        /// the timeline as `⏰ woke after(2)`.
        ///
        /// - **Manual mode**: the test wakes the sleeper by reaching its deadline —
        ///   ``advance(by:fileID:line:)``, ``runUntilIdle(maxSteps:fileID:line:)``, ``runNext(fileID:line:)``,
        ///   or their `async` twins, which first wait until the sleep has been queued. Sleepers wake
        ///   in deadline order. A deadline that is not after ``now`` returns at once, with no item
        ///   queued (no suspension).
        /// - **Immediate mode**: every sleep returns at once; virtual time does not move.
        /// - **Exploration**: a sleep's wake-up is a timer the explorer may fire before due
        ///   background work, as with `after`: a timeout racing a response is explored. It is the
        ///   mock's own item, so it is explored under every capture and on every runtime — where a
        ///   bare `Task.sleep` is refused with ``MockDispatchableError/Kind/unsupported`` (the public
        ///   capture on Apple's 26-series systems) — and a deadline read from ``TestClock/now`` in
        ///   one task and slept on in another is exact, with no rounding.
        ///
        /// Cancelling a sleeping task takes its wake-up out of the queue and throws
        /// `CancellationError` at once. A deadline `GCD.neverDelay` (about 31 years) or more away
        /// is never due: the task sleeps until it is cancelled. Tolerance is ignored: virtual time
        /// is exact, to the nanosecond.
        var clock: TestClock { TestClock(mock: self) }

        /// The mock's ``MockDispatchable/clock``: a `Clock` whose time is the mock's virtual time and
        /// whose sleeps are timers of the mock. Stands in for `ContinuousClock` or `SuspendingClock`
        /// (or ``GCD/clock``) in code that takes `any Clock<Duration>`.
        ///
        /// ```swift
        /// let poller = StatusPoller(clock: mock.clock, dispatch: mock)
        /// ```
        ///
        /// Every copy reads and schedules on the same mock.
        nonisolated struct TestClock: Clock {
            /// A point in the mock's virtual time: how long after the mock was made.
            ///
            /// ```swift
            /// let deadline = mock.clock.now.advanced(by: .seconds(5))
            /// #expect(deadline.offset == .seconds(5))
            /// ```
            nonisolated struct Instant: InstantProtocol {
                /// Virtual time since the mock was made: ``MockDispatchable/now`` as a `Duration`.
                var offset: Duration

                /// The instant `offset` after the mock was made.
                init(offset: Duration) {
                    self.offset = offset
                }

                func advanced(by duration: Duration) -> Instant {
                    Instant(offset: offset + duration)
                }

                func duration(to other: Instant) -> Duration {
                    other.offset - offset
                }

                static func < (lhs: Instant, rhs: Instant) -> Bool {
                    lhs.offset < rhs.offset
                }

                // The arithmetic `ContinuousClock.Instant` has, for code written against it.

                static func + (lhs: Instant, rhs: Duration) -> Instant { lhs.advanced(by: rhs) }

                static func - (lhs: Instant, rhs: Duration) -> Instant { lhs.advanced(by: .zero - rhs) }

                static func - (lhs: Instant, rhs: Instant) -> Duration { rhs.duration(to: lhs) }

                static func += (lhs: inout Instant, rhs: Duration) { lhs = lhs + rhs }

                static func -= (lhs: inout Instant, rhs: Duration) { lhs = lhs - rhs }

                /// The virtual time this instant names, in whole nanoseconds, rounded up so that a
                /// sleep is never early: zero for instants before the mock was made,
                /// ``Nanoseconds/never`` for those past the end of virtual time.
                // joined: fileprivate
                var nanoseconds: Int64 {
                    let (seconds, attoseconds) = offset.components
                    guard seconds >= 0, attoseconds >= 0 else { return 0 }
                    guard seconds < Int64.max / 1_000_000_000 - 1 else { return Nanoseconds.never }
                    return seconds * 1_000_000_000 + (attoseconds + 999_999_999) / 1_000_000_000
                }
            }

            // joined: private
            let mock: MockDispatchable

            /// A clock on `mock`'s virtual time; the same as `mock.clock`.
            init(mock: MockDispatchable) {
                self.mock = mock
            }

            /// The mock's virtual time, ``MockDispatchable/now``, to the nanosecond.
            var now: Instant {
                Instant(offset: .nanoseconds(mock.core.withLock { $0.queue.now }))
            }

            /// One nanosecond: virtual time counts whole nanoseconds, like `DispatchTime`.
            var minimumResolution: Duration { .nanoseconds(1) }

            /// Suspends until the mock's virtual time reaches `deadline`: a timer of the mock, woken
            /// by the stepping call (or the explorer) that reaches it. Returns at once, with no item
            /// queued, when the deadline is not after ``now`` or the mock is in immediate mode.
            ///
            /// - Parameter tolerance: Ignored: virtual time is exact.
            /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps;
            ///   its wake-up is taken out of the queue.
            nonisolated(nonsending) func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
                try await mock.sleep(untilVirtualTime: deadline.nanoseconds)
            }
        }
    }

#endif
