#if DEBUG
    import Foundation

    // MARK: - Random numbers

    nonisolated extension MockDispatchable {
        /// SplitMix64: small, fast, and the same numbers for the same seed on every platform.
        // joined: fileprivate
        nonisolated struct RandomNumbers {
            private var state: UInt64

            init(seed: UInt64) { state = seed }

            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                return Self.mix(state)
            }

            /// The `index`-th number after this one (from 1), without drawing the ones before it: a
            /// random function of `index`.
            func value(at index: UInt64) -> UInt64 {
                Self.mix(state &+ index &* 0x9E37_79B9_7F4A_7C15)
            }

            private static func mix(_ value: UInt64) -> UInt64 {
                var z = value
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }

            /// A number in `0..<bound`.
            mutating func next(below bound: Int) -> Int {
                Int(next() % UInt64(bound))
            }

            /// An independent generator, for one run.
            mutating func split() -> RandomNumbers { RandomNumbers(seed: next()) }
        }
    }

#endif
