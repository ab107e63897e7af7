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

    // MARK: - How a run picks past its script

    nonisolated extension MockDispatchable {
        /// How a run picks at a choice point past its script: step 2 of a ``Scheduler``'s run.
        // joined: fileprivate
        nonisolated protocol ChoicePolicy {
            /// Picks among `candidates` — ordinary manual mode's first — at choice point `point`
            /// (counted from 0 in this run).
            mutating func pick(among candidates: CandidateList.Offered, at point: Int) -> Int

            /// Whether ``pick(among:at:)`` reads candidates' identities: only then does a run
            /// compute them (see ``Identity``).
            var readsIdentities: Bool { get }
        }

        /// Ordinary manual mode: always the first choice.
        // joined: fileprivate
        nonisolated struct FirstChoice: ChoicePolicy {
            func pick(among candidates: CandidateList.Offered, at point: Int) -> Int { 0 }
            var readsIdentities: Bool { false }
        }

        /// Ordinary manual mode's choice, unless one of `orders` puts another candidate before it:
        /// how minimisation states a schedule.
        ///
        /// The earliest of `orders` that applies wins, not the earliest candidate: `orders` lists a
        /// run's deviations in the order they were taken, and several often put different items
        /// before the same one (a busy app's offload #12, then main #13, then offload #14, each before
        /// offload #1). Taking the first such candidate in queue order would take #13 first, and the
        /// orders of a failing run would not replay it.
        // joined: fileprivate
        nonisolated struct OrderPolicy: ChoicePolicy {
            let orders: [Order]
            var readsIdentities: Bool { true }

            func pick(among candidates: CandidateList.Offered, at point: Int) -> Int {
                let ordinary = candidates[0].identity
                for order in orders where order.then == ordinary {
                    for index in 1..<candidates.count where candidates[index].identity == order.first {
                        return index
                    }
                }
                return 0
            }
        }
    }

#endif
