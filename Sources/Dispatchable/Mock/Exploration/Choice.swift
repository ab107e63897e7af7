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

    // MARK: - Choices, orders and deviations

    nonisolated extension MockDispatchable {
        /// One choice point of a schedule: which choice was taken (0 is ordinary manual mode's), of
        /// how many offered.
        // joined: fileprivate
        nonisolated struct Choice: Hashable {
            var taken: Int
            var offered: Int
        }

        /// "Item `first` ran before item `then`", items named by ``Identity``: a deviation stated
        /// so that it means the same in every run, wherever it falls.
        // joined: fileprivate
        nonisolated struct Order: Hashable {
            let first: UInt64
            let then: UInt64
        }

        /// A choice that differs from ordinary manual mode's, kept to explain a failure in words.
        // joined: fileprivate
        nonisolated struct Deviation {
            let step: Int
            let taken: MockDispatchable.PendingWork
            let instead: MockDispatchable.PendingWork

            /// `offload #2, scheduled at t=0.000s from the test, ran before offload #1`.
            var words: String {
                var text = "\(taken.name), \(taken.origin), ran before \(instead.name)"
                if taken.dueTime > instead.dueTime {
                    text += ", which had been due since t=\(SecondsText.measured(instead.dueTime))"
                }
                return text
            }
        }
    }

#endif
