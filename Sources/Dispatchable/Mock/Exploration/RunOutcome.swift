#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Run outcome

    nonisolated extension MockDispatchable.Explorer {
        /// What one run of the body chose, and how it ended.
        nonisolated struct Outcome {
            let choices: [MockDispatchable.Choice]
            let orders: [MockDispatchable.Order]
            /// Each of `orders` moved one choice point earlier (see ``RunRecord/movedEarlier``).
            let movedEarlier: [MockDispatchable.Order?]
            let deviations: [MockDispatchable.Deviation]
            let ending: Ending
            /// The run's timeline, kept for a run that did not pass.
            let snapshot: MockDispatchable.TimelineRenderer?
            /// The run's longest stall: work that could run, waiting behind a timer.
            let stall: MockDispatchable.Stall
            /// The run's longest stall of a task's job (see ``RunRecord/longestTaskStall``).
            var taskStall = MockDispatchable.Stall()
            /// What each choice point offered, for an async run (see ``OfferedCandidates``).
            var offers: MockDispatchable.OfferedCandidates?

            /// How many choices differ from ordinary manual mode's.
            var deviationCount: Int { MockDispatchable.ScheduleText.deviations(in: choices) }

            /// How the body failed, for a run that failed (a runaway's included); nil for one that
            /// passed or was not deterministic.
            var failure: Failure? {
                switch ending {
                case .failed(let failure), .runaway(let failure): failure
                case .passed, .mismatch, .escaped: nil
                }
            }

            /// Why the run shows the body is not deterministic, if it does.
            var mismatch: String? {
                switch ending {
                case .mismatch(let words), .escaped(let words): words
                case .passed, .failed, .runaway: nil
                }
            }
        }

        /// How a run ended: one of these, each with what the driver needs of it.
        nonisolated enum Ending {
            /// The body returned, and no issue was recorded.
            case passed
            /// The body threw, or recorded an issue that fails the run.
            case failed(Failure)
            /// The body made other choices than the strict script the run replayed (the run record's
            /// words): it is not deterministic.
            case mismatch(String)
            /// Work of the run was resumed from outside it (the run's layer says how, see
            /// ``RunLayer/ending(of:)``): not deterministic, and its choice points are no evidence
            /// of anything.
            case escaped(String)
            /// The run exceeded its layer's step limit without ending (a livelock): a failure,
            /// reported at once, unminimised, since every run of it takes the whole step budget.
            case runaway(Failure)

            /// Whether the run's choice points are the body's own, to compare with another run's:
            /// every run's but one whose work was resumed from outside it.
            var isEvidence: Bool {
                if case .escaped = self { return false }
                return true
            }
        }

        /// What a failing run's body did, in words.
        nonisolated struct Failure {
            /// `stepLimitExceeded: …` for a ``MockDispatchableError`` (a deadlock's message alone),
            /// the description of any other error, or the first issue the test recorded.
            let words: String
            /// The kind of the ``MockDispatchableError`` the body threw, if it threw one.
            let kind: MockDispatchableError.Kind?
            /// Whether the body failed by an issue the test recorded, not by an error it threw.
            let isRecordedIssue: Bool

            /// The failure an error the body threw stands for.
            init(thrown error: any Error) {
                if let error = error as? MockDispatchableError {
                    words = error.kind == .deadlock ? error.message : "\(error.kind): \(error.message)"
                    kind = error.kind
                } else {
                    words = String(describing: error)
                    kind = nil
                }
                isRecordedIssue = false
            }

            /// The failure of a run in which the test recorded `issues` (a test framework's, see
            /// ``MockDispatchable/failsRunsOnIssues``), the first in words.
            init?(recorded issues: [String]) {
                guard let first = issues.first else { return nil }
                let more = issues.count > 1 ? " (and \(issues.count - 1) more)" : ""
                words = "the test recorded an issue\(more): \(MockDispatchable.BoundedList.quoted(first, limit: 2_000))"
                kind = nil
                isRecordedIssue = true
            }
        }
    }

#endif
