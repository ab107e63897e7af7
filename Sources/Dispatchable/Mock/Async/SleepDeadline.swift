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
    #if os(Linux) && compiler(>=6.3) && !compiler(>=6.4)
        @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
    #endif

    // MARK: - Where a sleep falls on the virtual clock

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// Where a sleep of a run falls on its virtual clock: the delay of a deadline read off a real
        /// clock. Both captures use it: the executor factory's for every sleep, the public one for
        /// the sleeps the runtime brings its hooks (see ``SleepHooks``).
        // joined: fileprivate
        nonisolated enum SleepDeadline {
            /// A sleep's delay in virtual seconds, from its deadline on the real clock; nil (never due)
            /// past what virtual time holds.
            ///
            /// The deadline is the moment some job of the run read the clock plus the duration it
            /// asked for. Usually that job is the one sleeping, and read the clock just before it
            /// slept: the duration is the roundest — whole seconds, then tenths, hundredths, … down to
            /// nanoseconds — from the time left now to that plus ``slack(_:)`` (a millisecond and a
            /// hundredth), and never more than the time since the job started. However long the job
            /// ran before it slept, `.milliseconds(1)` is found as 1 ms, the same under any load, as
            /// long as reading the clock and handing over the sleep took less than the slack. A
            /// deadline taken in an earlier
            /// job (`let deadline = .now + .seconds(5)`, slept on by a child task) is placed from the
            /// earlier stretch of real time in which virtual time held one value, when the duration
            /// measured from there is a hundred times rounder: `.seconds(5)` after the virtual time
            /// at which it was read, exactly, not 4.9966 s after the sleeper started.
            ///
            /// The runs of one exploration keep the reading an earlier run gave the same sleep — its
            /// duration, from which virtual time — while what they measure allows it (see
            /// ``SleepReadings``): a run whose sleeper was held up under load, which alone might have
            /// read the deadline as 2.49 s after its own start instead of 2.5 s after the body's,
            /// sleeps as the others did.
            static func delay<C: Clock>(until instant: C.Instant, clock: C) -> TimeInterval? {
                let shortest = clock.now.duration(to: instant)
                guard let inbox = DrivingThread.inbox, let started = inbox.jobStarted,
                    let (high, ends) = elapsed(until: instant, since: started, spans: inbox.jobSpans)
                else {
                    guard let low = nanoseconds(shortest) else { return nil }
                    return Double(Swift.max(0, low)) / 1e9
                }
                guard let low = nanoseconds(shortest), let high = nanoseconds(high) else { return nil }
                let low0 = Swift.max(0, low)
                let now = inbox.virtualNow
                // Where the deadline may have been read: in the job that sleeps, or in an earlier
                // stretch of real time in which virtual time held one value (latest first), and the
                // durations that would have taken it to the deadline from there.
                var windows = [(virtual: now, low: low0, high: Swift.max(low0, high))]
                for (virtual, from, to) in ends {
                    guard let low = nanoseconds(from), let high = nanoseconds(to), high >= 0 else { continue }
                    windows.append((virtual, Swift.max(0, low), high))
                }
                let reading = inbox.sleepReading(
                    fits: { reading in
                        windows.contains {
                            $0.virtual == reading.origin && $0.low <= reading.duration && reading.duration <= $0.high
                        }
                    },
                    inferred: {
                        // From the job that sleeps: within a millisecond (and a hundredth) of the
                        // shortest, so that a job that ran long before it slept does not lengthen its
                        // sleep to a rounder duration (`.milliseconds(1)` after 10 ms of work read as
                        // 10 ms, only when the machine was slow: a schedule that changed with the load).
                        let upper = Swift.min(Swift.max(0, high), low0 + Self.slack(low0))
                        var best = roundestWithStep(from: low0, to: Swift.max(low0, upper))
                        var origin = now
                        // Exact when the clock was read and the sleep handed over within the slack
                        // (the whole job took less), or, for a deadline read in earlier jobs, when they
                        // ran within the slack: a stalled thread widens either, and a wider stretch holds
                        // rounder durations than the one asked for.
                        // The sleeping job may have read the clock anywhere from its start to the
                        // hand-over: when the roundest duration of that whole stretch is another, the
                        // reading depends on where (a thread stalled in between, or a job that
                        // computed before it slept).
                        let sleeperWidth = Swift.max(0, high) - low0
                        var inexact: String? =
                            low < 0 && high > 0
                            ? "its hand-over took longer than the sleep itself (it reads as 0)"
                            : roundestWithStep(from: low0, to: Swift.max(low0, high)).value != best.value
                                ? "its job ran \(SecondsText.measured(Double(sleeperWidth) / 1e9)) of real time before it "
                                    + "handed the sleep over, in which the clock may have been read for "
                                    + "\(SecondsText.measured(Double(best.value) / 1e9)) or a rounder duration" : nil
                        let own = best
                        // A stretch of real time this wide holds a multiple of every step up to it:
                        // a reading from the sleeping job no rounder than that is no evidence.
                        let ownWidth = Swift.max(low0, upper) - low0
                        for window in windows.dropFirst() {
                            let candidate = roundestWithStep(from: window.low, to: window.high)
                            let elsewhere =
                                candidate.value + Int64(((window.virtual - now) * 1e9).rounded()) != own.value
                            if candidate.step >= best.step * 100 {
                                // A whole millisecond read in the sleeping job itself, beside a
                                // rounder duration from an earlier job that falls elsewhere: which
                                // job read the clock is then a coincidence of real time, not a fact.
                                if own.step >= 1_000_000, elsewhere {
                                    inexact =
                                        "it reads as \(SecondsText.measured(Double(own.value) / 1e9)) from its own job "
                                        + "and as \(SecondsText.measured(Double(candidate.value) / 1e9)) from an earlier "
                                        + "one, by a coincidence of real time"
                                    best = candidate
                                    origin = window.virtual
                                    continue
                                }
                                best = candidate
                                origin = window.virtual
                                // Exact unless the jobs ran long enough for a rounder duration than
                                // either end of their time holds, within the slack, to fit in.
                                let width = window.high - window.low
                                let slack = Self.slack(candidate.value)
                                let ends = Swift.max(
                                    roundestWithStep(from: window.low, to: Swift.min(window.high, window.low + slack))
                                        .step,
                                    roundestWithStep(from: Swift.max(window.low, window.high - slack), to: window.high)
                                        .step)
                                inexact =
                                    candidate.step > ends
                                    ? "its deadline was read in jobs that ran "
                                        + "\(SecondsText.measured(Double(width) / 1e9)) of real time, in which "
                                        + "\(SecondsText.measured(Double(candidate.value) / 1e9)) fits only by their length"
                                    : nil
                            } else if origin == now, elsewhere, candidate.step > own.step, own.step >= 1_000_000,
                                own.step <= ownWidth
                            {
                                // The sleeping job ran long enough before it handed its sleep over
                                // (it computed, or its thread was preempted) for its own reading to
                                // be round by width alone, beside a rounder one from an earlier job:
                                // the earlier one, and inexact, so that the run is run again.
                                inexact =
                                    "it reads as \(SecondsText.measured(Double(own.value) / 1e9)) from its own job, "
                                    + "whose \(SecondsText.measured(Double(ownWidth) / 1e9)) of real time holds a duration "
                                    + "that round anywhere, and as \(SecondsText.measured(Double(candidate.value) / 1e9)) "
                                    + "from an earlier one"
                                best = candidate
                                origin = window.virtual
                            }
                        }
                        return SleepReadings.Reading(duration: best.value, origin: origin, inexact: inexact)
                    })
                let duration = Double(reading.duration) / 1e9
                return Swift.max(0, reading.origin == now ? duration : duration + (reading.origin - now))
            }

            /// The real durations from the sleeping job's start to `instant`, and from each earlier
            /// span of jobs at one virtual time (its virtual time, from its end, from its start); nil
            /// for clocks other than `ContinuousClock` and `SuspendingClock`.
            private static func elapsed<Instant: InstantProtocol>(
                until instant: Instant,
                since started: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant),
                spans: [TaskInbox.Span]
            ) -> (Instant.Duration, [(TimeInterval, Instant.Duration, Instant.Duration)])? {
                func measured<Real: InstantProtocol>(
                    _ deadline: Real, _ real: KeyPath<TaskInbox.Span.Instants, Real>, _ start: Real
                )
                    -> (Instant.Duration, [(TimeInterval, Instant.Duration, Instant.Duration)])?
                {
                    guard let high = start.duration(to: deadline) as? Instant.Duration else { return nil }
                    var windows: [(TimeInterval, Instant.Duration, Instant.Duration)] = []
                    for span in spans {
                        // The sleeping job's own span ends where that job began.
                        let end = Swift.min(span.end[keyPath: real], start)
                        let begin = span.start[keyPath: real]
                        if begin < end,
                            let from = end.duration(to: deadline) as? Instant.Duration,
                            let to = begin.duration(to: deadline) as? Instant.Duration
                        {
                            windows.append((span.virtual, from, to))
                        }
                    }
                    return (high, windows)
                }
                if let deadline = instant as? ContinuousClock.Instant {
                    return measured(deadline, \.continuous, started.continuous)
                }
                if let deadline = instant as? SuspendingClock.Instant {
                    return measured(deadline, \.suspending, started.suspending)
                }
                return nil
            }

            /// How much longer than its shortest reading a sleep's duration may be (the real time
            /// between the sleeper reading the clock and the runtime handing its job to the run):
            /// a millisecond, and a hundredth of the sleep.
            static func slack(_ nanoseconds: Int64) -> Int64 { 1_000_000 + nanoseconds / 100 }

            /// The multiple of the largest power of ten (nanoseconds, at most a second) in
            /// `low...high`, and that power of ten.
            static func roundestWithStep(from low: Int64, to high: Int64) -> (value: Int64, step: Int64) {
                var step: Int64 = 1_000_000_000
                while step > 1 {
                    let multiple = (low / step + (low % step == 0 ? 0 : 1)) * step
                    if multiple <= high { return (multiple, step) }
                    step /= 10
                }
                return (low, 1)
            }

            /// Whole nanoseconds of a `Duration`; 0 for other duration types; nil beyond ~290 years.
            private static func nanoseconds<D: DurationProtocol>(_ duration: D) -> Int64? {
                guard let duration = duration as? Swift.Duration else { return 0 }
                let (seconds, attoseconds) = duration.components
                guard seconds < 9_000_000_000 else { return nil }
                return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            }
        }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// Real time in which jobs of the run ran at one virtual time, on both real clocks: where a
        /// deadline read off a real clock in an earlier job is placed (see ``SleepDeadline``).
        struct Span {
            typealias Instants = (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)
            let virtual: TimeInterval
            let start: Instants
            let end: Instants
        }
    }

#endif
