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

    // MARK: - Candidates

    nonisolated extension MockDispatchable {
        /// A choice of ``WorkQueue/choices(_:until:into:)``: where a queued item waits, and its place
        /// in the order, without its closure (so that listing choices retains nothing).
        // joined: fileprivate
        nonisolated struct Candidate {
            let due: Int64
            let sequence: Int
            let slot: Int
            let isOffload: Bool
            /// See ``Identity``.
            let identity: UInt64
            /// What it is, the same in every run (see ``CandidateKey``).
            let key: CandidateKey
            /// The step of its run that queued it, for a Swift task's job (see
            /// ``CandidateList/orderTasks()``).
            var step = 0
            let needsMainActor: Bool
            /// A Swift task's job: only the async explorer's own steps may take it.
            let isTask: Bool
            /// Bounded as a task's job when it waits behind a timer (see ``Job/stallsAsTask``).
            let stallsAsTask: Bool
            /// A Swift task's job of a step that queued its jobs out of order: only these move (see
            /// ``CandidateList/orderTasks()``).
            var isDisordered = false

            @inline(__always)
            func runsBefore(_ other: Candidate) -> Bool {
                WorkQueue.runsBefore(due, sequence, other.due, other.sequence)
            }
        }
    }

#endif
