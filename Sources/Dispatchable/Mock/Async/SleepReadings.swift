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

    // MARK: - The readings of sleeps an exploration keeps

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable {
        /// The readings an exploration's runs gave their sleeps, by the job that slept (see
        /// ``TaskInbox/sleepReading(fits:inferred:)``): one per exploration, shared by its runs.
        // joined: fileprivate
        nonisolated final class SleepReadings: Sendable {
            struct Key: Hashable {
                /// The job that slept: its task and job number.
                let job: CandidateKey
                /// Which of the job's sleeps, from 1.
                let sleep: Int
            }

            /// How a sleep was read: the duration its deadline was taken for, in nanoseconds, at
            /// which virtual time (the sleeper's own, or an earlier one of its run).
            struct Reading: Equatable {
                let duration: Int64
                let origin: TimeInterval
                /// Why what the run measured does not make the reading exact (the real time in which
                /// the deadline may have been read was too wide: a thread stalled on a loaded
                /// machine); nil for an exact one.
                var inexact: String? = nil
            }

            private struct State {
                var known: [Key: Reading] = [:]
                /// Whether the run under way keeps an inexact reading (its schedule's last attempt).
                var acceptsInexact = false
                /// Why a reading of the run under way was inexact, if one was.
                var inexact: String?
            }

            private let readings = Locked(State())

            /// The reading remembered for `key` if it `fits` what this run measured; else
            /// `inferred`'s, remembered from now on when it is exact, or when the run's attempt
            /// ``acceptsInexact``. An inexact one that is not accepted is noted: the run is run again
            /// once it has ended (see ``TaskInbox/sleepReading(fits:inferred:)``).
            func reading(for key: Key, fits: (Reading) -> Bool, inferred: () -> Reading) -> Reading {
                if let known = readings.withLock({ $0.known[key] }), fits(known) { return known }
                let reading = inferred()
                readings.withLock { readings in
                    if let why = reading.inexact {
                        if readings.inexact == nil { readings.inexact = why }
                        guard readings.acceptsInexact else { return }
                    }
                    var kept = reading
                    kept.inexact = nil  // kept: later runs read it as the runs' own
                    readings.known[key] = kept
                }
                return reading
            }

            /// Begins an attempt of a run: `accepting`, the last one a schedule gets, keeps an
            /// inexact reading as if it were exact (its inexactness did not pass in attempt after
            /// attempt, so it is the body's — a job that computes before it sleeps — and later runs
            /// read the same).
            func beginAttempt(accepting: Bool) {
                readings.withLock { readings in
                    readings.acceptsInexact = accepting
                    readings.inexact = nil
                }
            }

            /// Why a sleep of the attempt that just ended was read inexactly, if one was.
            var inexact: String? { readings.withLock { $0.inexact } }

            /// Whether the attempt under way keeps inexact readings (see ``beginAttempt(accepting:)``).
            var acceptsInexact: Bool { readings.withLock { $0.acceptsInexact } }
        }
    }

#endif
