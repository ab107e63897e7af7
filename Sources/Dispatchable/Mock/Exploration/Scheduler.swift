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

    // MARK: - The scheduler seam

    nonisolated extension MockDispatchable {
        /// How an exploration chooses its schedules: the one seam for a strategy (shuttle's
        /// `Scheduler`, loom's `Path`). Each strategy (``Exploration/Strategy`` names the public
        /// ones) is one file in `Strategies/`, a type that conforms; an exploration is one driver
        /// loop over it (``Explorer``):
        ///
        /// ```
        /// while let run = scheduler.beginRun() {        // 1. begin a run: a script, then a policy
        ///     let choices = run the body, picking with run.policy past the script
        ///     scheduler.endRun(choices, isRepeat: …)     // 3. learn from the finished run
        /// }
        /// ```
        ///
        /// Step 2, picking among the runnable items at each choice point past the script, is the
        /// ``ChoicePolicy`` the run was begun with: a small value that the run's ``RunRecord``
        /// holds, so that a strategy's own state (its levels, its cursor) is never copied into a
        /// run. The driver owns everything else — the limit, counting, failures, minimisation and
        /// the report — so a strategy only decides which schedules to run.
        // joined: fileprivate
        nonisolated protocol Scheduler {
            /// Begins the next run: how it chooses, or nil when the strategy has no run left.
            mutating func beginRun() -> RunPlan?

            /// Learns from the run ``beginRun()`` planned last: the choices it made, and whether an
            /// earlier run made the same (only when ``mayRepeat``). Returns why the run is not the
            /// schedule it was planned as, when it is not: the body is not deterministic.
            mutating func endRun(_ choices: [Choice], isRepeat: Bool) -> String?

            /// Whether two runs may make the same choices: then the driver keeps a fingerprint of
            /// each to count distinct schedules, and tells ``endRun(_:isRepeat:)`` of repeats.
            var mayRepeat: Bool { get }

            /// Whether every schedule has run, once ``beginRun()`` has returned nil.
            var isExhaustive: Bool { get }
        }

        /// How one run chooses: the choices of `script` first (checked against what the body
        /// offers when `isStrict`), then `policy`'s.
        // joined: fileprivate
        nonisolated struct RunPlan {
            var script: [Choice] = []
            var isStrict = false
            var policy: any ChoicePolicy = FirstChoice()
            /// Whether the run is one of the exploration's schedules — counted against its limit, its
            /// failure reported — or only finds the way to some (a shard's discovery run).
            var isCounted = true
            /// What the run keeps beyond its choices: ``RunRecord/Keeping/words`` for a run whose
            /// failure is reported as it is, without minimising (a replay).
            var keeping = RunRecord.Keeping.choices

            /// The run's record, listing its candidates in `candidates` if given (see
            /// ``RunRecord/init(script:strict:then:keeping:reusing:)``).
            func runRecord(reusing candidates: CandidateList? = nil) -> RunRecord {
                RunRecord(script: script, strict: isStrict, then: policy, keeping: keeping, reusing: candidates)
            }
        }
    }

#endif
