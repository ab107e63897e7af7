#if DEBUG
    import Foundation

    // MARK: - Candidate keys

    nonisolated extension MockDispatchable {
        /// What a candidate of a choice point is, in terms that do not depend on the order in which
        /// the run's code enqueued it: a task's job by the task's number in its run and how many
        /// jobs of that task came before it, an actor's own job by how many came before it, and
        /// a block of the mock by its item number. Run twice with the same choices, a
        /// deterministic body offers the same keys at each choice point, whatever order it
        /// enqueued them in (continuations resumed in a `Dictionary`'s order, which follows heap
        /// addresses); exploration orders, replays and compares choice points by them.
        // joined: fileprivate
        nonisolated struct CandidateKey: Hashable, Comparable, CustomStringConvertible {
            let rawValue: UInt64

            private static let taskFlag: UInt64 = 1 << 63
            private static let actorFlag: UInt64 = 1 << 62

            /// Job `number` (from 1) of task `task` (from 1) of the run.
            static func job(_ number: Int, ofTask task: Int) -> CandidateKey {
                // Concrete conversions, not the generic `truncatingIfNeeded:` and `min`, at every job
                // (docs/performance.md, "Concrete calls"); clamped as `UInt64`, so that a 32-bit
                // `Int` (watchOS's arm64_32) neither overflows nor traps.
                let task: UInt64 = task < 0 ? 0 : UInt64(task) < 0x4000_0000 ? UInt64(task) : 0x4000_0000
                let number: UInt64 = number < 0 ? 0 : UInt64(number) < 0x8000_0000 ? UInt64(number) : 0x8000_0000
                return CandidateKey(rawValue: taskFlag | task << 32 | number)
            }

            /// Actor job `number` (from 1) of the run.
            static func actorJob(_ number: Int) -> CandidateKey {
                CandidateKey(rawValue: actorFlag | UInt64(bitPattern: Int64(number)))
            }

            /// The mock's item `sequence`.
            static func item(_ sequence: Int) -> CandidateKey {
                CandidateKey(rawValue: UInt64(sequence < 0 ? 0 : sequence))
            }

            /// Tasks' jobs first, by task and then job; then actors' jobs; then the mock's items.
            static func < (lhs: CandidateKey, rhs: CandidateKey) -> Bool {
                let (left, right) = (lhs.kind, rhs.kind)
                return left != right ? left < right : lhs.rawValue < rhs.rawValue
            }

            private var kind: Int {
                rawValue & Self.taskFlag != 0 ? 0 : rawValue & Self.actorFlag != 0 ? 1 : 2
            }

            /// `task 3's job 2`, `actor job 4`, `item #5`.
            var description: String {
                if rawValue & Self.taskFlag != 0 {
                    return "task \((rawValue >> 32) & 0x3FFF_FFFF)'s job \(rawValue & 0xFFFF_FFFF)"
                }
                if rawValue & Self.actorFlag != 0 { return "actor job \(rawValue & ~Self.actorFlag)" }
                return "item #\(rawValue)"
            }
        }
    }

#endif
