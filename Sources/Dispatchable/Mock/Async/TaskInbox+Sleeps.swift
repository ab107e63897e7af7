#if DEBUG
    import Foundation

    // MARK: - How a run's sleeps are read: when their jobs started, the real time they ran in

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// When the job running now started, on both clocks a sleep may use.
        var jobStarted: (continuous: ContinuousClock.Instant, suspending: SuspendingClock.Instant)? {
            let started = state.withLock { state in state.started }
            guard let started else { return nil }
            return (epochs.continuous(started.continuous), epochs.suspending(started.suspending))
        }

        /// The reading of the next sleep of the job running now: the one an earlier run of the
        /// exploration gave the same sleep of the same job (its task and job number, the same in
        /// every run that made the same choices before it) when `fits` it — what this run
        /// measured allows it; else `inferred`, remembered. A sleep is read off real time (see
        /// ``SleepDeadline``), and a machine under load widens what a run measures: the reading
        /// given once stays, so the run's choice points do not change with the load.
        func sleepReading(
            fits: (MockDispatchable.SleepReadings.Reading) -> Bool,
            inferred: () -> MockDispatchable.SleepReadings.Reading
        ) -> MockDispatchable.SleepReadings.Reading {
            let key: MockDispatchable.SleepReadings.Key? = state.withLock { state in
                guard let job = state.running else { return nil }
                state.running?.sleeps += 1
                return MockDispatchable.SleepReadings.Key(job: job.key, sleep: job.sleeps + 1)
            }
            guard let key else { return inferred() }
            let reading = sleepReadings.reading(for: key, fits: fits, inferred: inferred)
            // Inexact, and not kept: the run goes on to its end (a run stopped midway would leave
            // its tasks waiting for good, and the test function of a trait with them), and is
            // run again; what it did is not kept.
            if reading.inexact != nil, !sleepReadings.acceptsInexact {
                state.withLock { state in state.readInexactly = true }
            }
            return reading
        }

        /// Whether a sleep of the run was read inexactly off the real clock, not to be kept: the run
        /// is run again once it has ended.
        var readInexactly: Bool { state.withLock { state in state.readInexactly } }

        /// The run's virtual time now.
        var virtualNow: TimeInterval { mock.now }

        /// The real time in which the run's latest jobs ran, latest first (see `State.spans`).
        var jobSpans: [Span] {
            state.withLock { state in
                state.spans.reversed().map { span in
                    Span(
                        virtual: span.virtual,
                        start: (epochs.continuous(span.start.continuous), epochs.suspending(span.start.suspending)),
                        end: (epochs.continuous(span.end.continuous), epochs.suspending(span.end.suspending)))
                }
            }
        }
    }

#endif
