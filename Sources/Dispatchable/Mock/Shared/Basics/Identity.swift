#if DEBUG
    import Foundation

    // MARK: - Item identities

    nonisolated extension MockDispatchable {
        /// Names a queued item the same way in every run of an explored body, whatever ran before
        /// it: by its sender (the item whose block queued it, or the test) and its place among the
        /// sender's items — "the 2nd item queued by the 1st item the test queued". Sequence numbers
        /// cannot do that: they follow the order of the run. Minimisation states deviations as
        /// "item X ran before item Y" in these terms, so dropping one deviation does not change
        /// what the others mean.
        // joined: fileprivate
        nonisolated enum Identity {
            static func child(of parent: UInt64, number: UInt64) -> UInt64 {
                var z = parent &* 0x9E37_79B9_7F4A_7C15 &+ number &+ 0x632B_E59B_D9B4_E019
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }
    }

#endif
