#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Explorer

    nonisolated extension MockDispatchable {
        /// Runs one exploration: the body under each schedule, the failure minimised and reported.
        /// It runs on the thread that calls it: the main actor's for the synchronous forms and the
        /// executor-factory capture, a thread of its own for the public capture.
        ///
        /// It is the driver loop (``drive(_:limit:shard:)``) and one run (``run(_:)``); a failing
        /// run goes to the ``Minimiser``, and the ``FailureReport`` words what was found. How a run
        /// is made — a synchronous call, or an async run's tasks — is its ``RunLayer``'s business.
        // joined: fileprivate
        nonisolated struct Explorer {
            /// What the exploration is to do, and where it was called.
            let plan: ExplorationPlan
            let body: (MockDispatchable) throws -> Void
            /// What the layer that makes the runs adds: endings of its own, a budget, cancellation.
            let layer: any RunLayer
            /// What one run leaves for the next to reuse.
            let storage = RunStorage()
            /// The choices of the run under way, for a crash report.
            var trail: CrashTrail
            /// Whether the whole exploration runs in one synchronous call on the main actor (the
            /// synchronous forms): then how long it held it is measured (see ``MainActorHold``).
            private(set) var holdsMainActor = false
            /// Whether an issue a test framework records during a run fails it, as a throw does
            /// (``MockDispatchable/failsRunsOnIssues``, read where the exploration was called).
            var failsOnIssues = MockDispatchable.failsRunsOnIssues
            /// The stall bound every run's run record applies (see ``StallBound``).
            var stallBound = StallBound.standard
            /// The words of what this explorer throws; they name the stall bound it applies.
            var report: FailureReport
            /// Whether the test's issues in the run a report shows are reported as they are: not
            /// while searching past the stall bound (see ``searchPastTheStallBound(after:)``).
            var reportsIssues = true
            /// The run the last failure this explorer threw shows (see `failure(_:number:)`).
            let shown = ShownRun()

            init(
                _ plan: ExplorationPlan, layer: any RunLayer = SynchronousRunLayer(),
                body: @escaping (MockDispatchable) throws -> Void
            ) {
                self.plan = plan
                self.layer = layer
                self.body = body
                trail = CrashTrail(caller: plan.caller, fileID: plan.fileID, line: plan.line)
                report = FailureReport(caller: plan.caller, fileID: plan.fileID, line: plan.line)
            }

            var caller: ExplorationPlan.Caller { report.caller }
            var place: String { "\(plan.fileID):\(plan.line)" }

            /// The run a failure report shows, once the explorer has thrown one: what a search past
            /// the stall bound reads of the failure it found.
            nonisolated final class ShownRun {
                var outcome: Outcome?
            }

            /// An explorer of a synchronous body, on the main actor as the body is.
            ///
            /// `@MainActor` is the compiler's word, which Swift 5-mode code, an Objective-C callback
            /// or an `unsafeBitCast` can bypass and call this on a background thread: there it throws
            /// ``MockDispatchableError/Kind/mainActorRequired`` before any run, where running the
            /// body would race the main actor (or trap in `MainActor.assumeIsolated`, and take every
            /// test of the process with it). ``DispatchThread/isOnMainQueue`` is the check, true in
            /// every context that is on the main actor (on Linux, Swift Testing runs the main queue on
            /// a thread that is not the main thread).
            ///
            /// The body is then called as a plain function, with no check at each run: that is what
            /// `MainActor.assumeIsolated` does once its check has passed (its own code casts the
            /// closure just so; a main-actor function has the same representation as any other).
            /// The check made here holds for every run: an explorer is not `Sendable`, so this one
            /// stays in the main actor's region, and it calls its body only within its own
            /// synchronous calls. Checking again at each run would cost an allocation per run.
            @MainActor
            init(_ plan: ExplorationPlan, mainActorBody body: @escaping @MainActor (MockDispatchable) throws -> Void)
                throws
            {
                try Self.requireMainQueue(for: plan)
                typealias Unisolated = (MockDispatchable) throws -> Void
                self.init(plan, body: unsafeBitCast(body, to: Unisolated.self))
                holdsMainActor = true
            }

            /// Throws ``MockDispatchableError/Kind/mainActorRequired``, saying what to do, unless the
            /// caller is on the main queue: the check of every exploration of a `@MainActor` body.
            static func requireMainQueue(for plan: ExplorationPlan) throws {
                guard !DispatchThread.isOnMainQueue else { return }
                throw FailureReport.refusal(
                    .mainActorRequired, MockDispatchable.mainActorAdvice(exploring: "\(plan.caller)"), plan.fileID,
                    plan.line)
            }

            /// Runs the body under `runRecord`: once, or again while a run reads real time
            /// inexactly (a `Task.sleep` on a loaded machine; see ``RunLayer/inexactReading``), up to
            /// ``Limits/inexactReadingAttempts`` runs, pausing between them to let a loaded machine's
            /// preemption pass; the last keeps its reading. Only the kept run's
            /// outcome counts: a run read inexactly is not the schedule's, whatever it did. Throws
            /// only what ends the exploration at once: a run that needs what the runtime does not
            /// give (``MockDispatchableError/Kind/unsupported``), or `CancellationError` once the
            /// awaiting task is cancelled.
            func run(_ runRecord: consuming RunRecord) throws -> Outcome {
                guard layer.readsRealTime else { return try runOnce(runRecord) }
                var attempt = 1
                while true {
                    let isLast = attempt >= Limits.inexactReadingAttempts
                    layer.beginAttempt(accepting: isLast)
                    let outcome = try runOnce(copy runRecord)
                    guard let inexact = layer.inexactReading else { return outcome }
                    if isLast {
                        storage.noteInexactReading(inexact, caller: "\(caller)", at: place)
                        return outcome
                    }
                    attempt += 1
                    Thread.sleep(forTimeInterval: Limits.inexactReadingPause(beforeAttempt: attempt))
                }
            }

            /// Runs the body once under `runRecord` (see ``run(_:)``).
            private func runOnce(_ runRecord: consuming RunRecord) throws -> Outcome {
                if layer.isCancelled { throw CancellationError() }
                // Issues fail the run; those of the run a report shows are reported as they are too
                // (not those of a search past the stall bound, whose finding is a warning).
                let issues = failsOnIssues ? RunIssues(reporting: reportsIssues && runRecord.isReported) : nil
                var mock = MockDispatchable(mode: .manual)
                mock.adoptStorage(storage)
                runRecord.trail = trail.notes
                runRecord.stallBound = stallBound
                mock.install(runRecord)  // moved in: the run's record is the mock's until it ends
                trail.begin()
                var ending = Ending.passed
                var unsupported: MockDispatchableError?
                do {
                    // Bound only when there is something to bind or to hide: binding a task-local
                    // allocates, at every run.
                    if issues == nil, MockDispatchable.runIssues == nil {
                        try body(mock)
                    } else {
                        try MockDispatchable.$runIssues.withValue(issues) { try body(mock) }
                    }
                } catch let error as MockDispatchableError where error.kind == .unsupported {
                    unsupported = error
                } catch {
                    ending = layer.ending(of: error) ?? .failed(Failure(thrown: error))
                }
                trail.end()
                if case .passed = ending, let failure = Failure(recorded: issues?.recorded ?? []) {
                    ending = .failed(failure)
                }
                // A mock kept after its run is an ordinary manual-mode mock from now on.
                var recorded = mock.uninstallRunRecord() ?? RunRecord()
                storage.candidates = recorded.candidates  // for the next run (this one is done with it)
                recorded.finish()
                // A script the body left is a mismatch, whatever the body did (work from outside
                // the run says more).
                if let mismatch = recorded.mismatch {
                    switch ending {
                    case .escaped, .mismatch: break
                    case .passed, .failed, .runaway: ending = .mismatch(mismatch)
                    }
                }
                if let unsupported {
                    throw MockDispatchableError(
                        kind: .unsupported, message: "\(caller): \(unsupported.message)", snapshot: mock.snapshot,
                        fileID: plan.fileID, line: plan.line)
                }
                let snapshot: TimelineRenderer?
                if case .passed = ending { snapshot = nil } else { snapshot = mock.snapshot }
                // A mock the body let go of is about to go: the next run reuses its queues' and its
                // log's storage (its timeline, if a report needs it, is in the snapshot above). One
                // the body kept lives on, perhaps only through the work it left queued.
                let isGoing = isKnownUniquelyReferenced(&mock)
                let leftQueued = mock.passStorage(to: storage, isGoing: isGoing)
                if !isGoing, leftQueued, let alive = storage.outlived.note(mock) {
                    OutlivedMocks.warn(alive, caller: "\(caller)", at: place)
                }
                if recorded.heldBackTimers { storage.heldBackTimers = true }
                return Outcome(
                    choices: recorded.made, orders: recorded.orders, movedEarlier: recorded.movedEarlier,
                    deviations: recorded.deviations, ending: ending, snapshot: snapshot,
                    stall: recorded.longestStall, taskStall: recorded.longestTaskStall, offers: recorded.offers)
            }

            /// This explorer with the stall bound every run applies: the plan's `maximumStall`, else the
            /// environment variable's, else the default (see ``StallBound``); throws
            /// `.invalidArgument` for a bad one, before the body runs.
            func bounded() throws -> Explorer {
                let variable = EnvironmentVariables.value(of: EnvironmentVariables.maximumStall)
                var bounded = self
                switch StallBound.resolved(plan.maximumStall, environment: variable) {
                case .success(let resolved):
                    bounded.stallBound = resolved.bound
                    bounded.report.maximumStall = resolved.seconds
                case .failure(let problem): try check(problem.message)
                }
                return bounded
            }

            /// Throws `.invalidArgument` for one of the ``Rules``' answers, with an empty timeline:
            /// nothing has run yet.
            func check(_ problem: String?) throws {
                guard let problem else { return }
                throw report.invalidArgument(problem)
            }

            /// A 64-bit FNV-1a fingerprint of a choice sequence, for counting distinct schedules:
            /// cheaper than hashing the array into a set, and a collision among even a million
            /// schedules has odds of about 1 in 3·10⁷.
            private static func fingerprint(_ choices: [Choice]) -> UInt64 {
                var hash = FNV1a()
                // Indexed: every run is fingerprinted (docs/performance.md, "Index loops").
                var index = 0
                while index < choices.count {
                    hash.add(choices[index].taken)
                    hash.add(choices[index].offered)
                    index += 1
                }
                return hash.value ^ UInt64(bitPattern: Int64(choices.count))
            }

            /// The one driver loop every strategy runs behind: begins runs until the strategy has
            /// none left or `limit` of them have counted, runs each, lets the strategy learn from it,
            /// and throws at the first counted run that fails — minimised and confirmed, or as it
            /// is for a run that keeps its words (a replay).
            func drive(
                _ strategy: inout some Scheduler, limit: Int, shard: ExplorationShard? = nil
            ) throws -> MockDispatchable.ExplorationReport {
                let started = DispatchTime.now().uptimeNanoseconds
                defer {
                    if holdsMainActor { MainActorHold.note(since: started, caller: "\(caller)", at: place) }
                }
                var counted = 0
                var seen = FingerprintSet()
                func summary(isExhaustive: Bool) -> MockDispatchable.ExplorationReport {
                    .init(
                        schedulesRun: counted, distinctSchedules: strategy.mayRepeat ? seen.count : counted,
                        isExhaustive: isExhaustive, shard: shard)
                }
                // The run before, for an async body: what its choice points offered.
                var previous: (choices: [Choice], offers: OfferedCandidates)?
                while let planned = strategy.beginRun() {
                    if planned.isCounted, counted >= limit { return summary(isExhaustive: false) }
                    let outcome = try run(planned.runRecord(reusing: storage.candidates.take()))
                    try checkDeterminism(of: outcome, after: previous)
                    if let offers = outcome.offers { previous = (outcome.choices, offers) }
                    let isRepeat = strategy.mayRepeat && !seen.insert(Self.fingerprint(outcome.choices))
                    if let mismatch = strategy.endRun(outcome.choices, isRepeat: isRepeat) {
                        throw report.nondeterministic(mismatch, outcome)
                    }
                    guard planned.isCounted else { continue }
                    counted += 1
                    if outcome.failure != nil {
                        try checkOnRealTime(outcome, number: counted)
                        if planned.keeping == .words { throw report.failed(outcome, number: counted, found: outcome) }
                        throw try failure(outcome, number: counted)
                    }
                }
                return summary(isExhaustive: strategy.isExhaustive)
            }

            /// Throws `.nondeterministicBody` for a run that shows the body is not deterministic: it
            /// says so itself (``Outcome/mismatch``), or its choice points offered other candidates
            /// than those of the run before, after the same choices (``OfferedCandidates``).
            private func checkDeterminism(
                of outcome: Outcome, after previous: (choices: [Choice], offers: OfferedCandidates)?
            ) throws {
                // Where this run, after the same choices as the run before, offered other candidates.
                var difference: OfferedCandidates.Difference?
                if let previous, let offers = outcome.offers, outcome.ending.isEvidence {
                    difference = OfferedCandidates.difference(
                        outcome.choices, offers, from: previous.choices, previous.offers)
                }
                if let mismatch = outcome.mismatch {
                    let changes = difference.map { " Beside the run before, after the same choices: \($0.changes)." }
                    throw report.nondeterministic(mismatch + (changes ?? ""), outcome)
                }
                if let difference {
                    throw report.nondeterministic(
                        difference.words + " A body must build its objects afresh on every run, and must not "
                            + "depend on randomness, real time or state shared across runs.", outcome)
                }
            }

            /// Throws `.unsupported` when `failing` fails on virtual time only: run again with each move
            /// of its clock first waited in real time (the first ``Limits/realTimePacing`` of it), the
            /// body passes, or takes another path. Then the body reads a real clock across a sleep
            /// (`Date()`, `ContinuousClock.now`), which a sleep on virtual time leaves where it was: a
            /// false alarm, not an order of the body's work, and no schedule of it can be judged. Only
            /// for a run that failed after its clock moved; a run that fails again is the failure it is.
            func checkOnRealTime(_ failing: Outcome, number: Int) throws {
                guard case .failed = failing.ending, let reached = failing.snapshot?.now, reached > 0 else { return }
                var paced = RunRecord(script: failing.choices, strict: true)
                paced.pacesRealTime = Limits.realTimePacing
                let again = try run(paced)
                switch again.ending {
                case .passed: throw report.failsOnVirtualTimeOnly(failing, number: number, tookAnotherPath: false)
                case .mismatch: throw report.failsOnVirtualTimeOnly(failing, number: number, tookAnotherPath: true)
                case .failed, .escaped, .runaway: return
                }
            }

            /// The error for schedule `number`, which failed: minimised and confirmed, except a run
            /// that ran away (``Ending/runaway(_:)``), reported at once.
            private func failure(_ found: Outcome, number: Int) throws -> MockDispatchableError {
                if case .runaway = found.ending { return report.runaway(found, number: number) }
                let minimiser = Minimiser(
                    budget: MinimisingBudget(steps: layer.minimisingSteps, counted: { [layer] in layer.stepsRun }),
                    running: { try run($0) })
                let (minimised, unproven) = try minimiser.minimise(found)
                guard let confirmed = try minimiser.confirm(minimised, unproven: unproven, found: found) else {
                    return report.notReproducible(found, number: number)
                }
                shown.outcome = confirmed.outcome
                return report.failed(confirmed.outcome, number: number, found: found, unproven: confirmed.unproven)
            }
        }
    }

#endif
