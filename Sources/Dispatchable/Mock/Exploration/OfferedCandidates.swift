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

    // MARK: - Offered candidates

    nonisolated extension MockDispatchable {
        /// What each choice point of an async run offered, by ``CandidateKey``, in the order
        /// offered: one run's length (a choice point that offers more than
        /// ``Limits/recordedCandidates`` is recorded as offering nothing). Two runs of a
        /// deterministic body that made the same choices before a choice point offer the same
        /// candidates there; when they do not, this names what appeared and what vanished.
        // joined: fileprivate
        nonisolated struct OfferedCandidates {
            /// Every choice point's keys (``CandidateKey/rawValue``): an array of `UInt64`
            /// (docs/performance.md, "Fixed layouts").
            private var keys: [UInt64] = []
            /// Where each choice point's keys end in `keys`.
            private var ends: [Int] = []

            /// How many choice points are recorded.
            var count: Int { ends.count }

            /// Records what a choice point offers; one that offers more than
            /// ``Limits/recordedCandidates`` is recorded empty, and never compared.
            mutating func append(_ offered: CandidateList.Offered) {
                if offered.count <= Limits.recordedCandidates { offered.appendKeys(to: &keys) }
                ends.append(keys.count)
            }

            func keys(at point: Int) -> [CandidateKey] {
                keys[(point == 0 ? 0 : ends[point - 1])..<ends[point]].map(CandidateKey.init(rawValue:))
            }

            /// `task 2's job 1, task 3's job 1 and item #4`, at most ``BoundedList/shown`` of them.
            static func list(_ keys: some Collection<CandidateKey>) -> String {
                let names = keys.sorted().prefix(BoundedList.shown).map(\.description)
                let more = keys.count - names.count
                guard names.count > 1 else { return names.first ?? "nothing" }
                if more > 0 { return names.joined(separator: ", ") + " and \(more) more" }
                return names.dropLast().joined(separator: ", ") + " and " + names.last!
            }

            /// Where a run (`choices`, `record`) first offered other candidates than an `earlier`
            /// run that made the same choices before that point; nil if nowhere.
            static func difference(
                _ choices: [Choice], _ record: OfferedCandidates, from earlier: [Choice],
                _ earlierRecord: OfferedCandidates
            ) -> Difference? {
                for point in 0..<Swift.min(record.count, earlierRecord.count) {
                    // Usually the same keys in the same order, told without building sets.
                    if !record.hasKeys(at: point, as: earlierRecord) {
                        let now = Set(record.keys(at: point))
                        let before = Set(earlierRecord.keys(at: point))
                        if now != before, !now.isEmpty, !before.isEmpty {
                            return Difference(point: point, now: now, before: before)
                        }
                    }
                    guard point < choices.count, point < earlier.count, choices[point] == earlier[point] else {
                        return nil
                    }
                }
                return nil
            }

            /// Whether choice point `point` recorded the same keys in the same order as `other`'s.
            private func hasKeys(at point: Int, as other: OfferedCandidates) -> Bool {
                let start = point == 0 ? 0 : ends[point - 1]
                let otherStart = point == 0 ? 0 : other.ends[point - 1]
                let count = ends[point] - start
                guard other.ends[point] - otherStart == count else { return false }
                var offset = 0
                while offset < count {
                    if keys[start + offset] != other.keys[otherStart + offset] { return false }
                    offset += 1
                }
                return true
            }

            /// A choice point at which a run offered other candidates than the run before, after
            /// the same choices.
            nonisolated struct Difference {
                let point: Int
                let now: Set<CandidateKey>
                let before: Set<CandidateKey>

                /// `task 4's job 1 appeared, item #3 vanished`.
                var changes: String {
                    var changes: [String] = []
                    let appeared = now.subtracting(before)
                    let vanished = before.subtracting(now)
                    if !appeared.isEmpty { changes.append("\(list(appeared)) appeared") }
                    if !vanished.isEmpty { changes.append("\(list(vanished)) vanished") }
                    return changes.joined(separator: ", ")
                }

                /// `after the same choices as the run before, its choice point 4 offered …, where that
                /// run's offered …: task 4's job 1 appeared.`
                var words: String {
                    let offered = "offered \(list(now)), where "
                    return
                        (point == 0
                        ? "its first choice point \(offered)the run before offered "
                        : "after the same choices as the run before, its choice point \(point + 1) \(offered)that "
                            + "run's offered ") + "\(list(before)): \(changes)."
                }
            }
        }
    }

#endif
