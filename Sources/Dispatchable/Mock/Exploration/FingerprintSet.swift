#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Fingerprint set

    nonisolated extension MockDispatchable {
        /// The schedules an exploration has run, by fingerprint (a 64-bit hash of a run's
        /// choices): how it counts distinct schedules and tells a strategy that a run repeated one.
        ///
        /// ```swift
        /// var seen = FingerprintSet()
        /// seen.insert(0x9e37_79b9_7f4a_7c15)  // true: new
        /// seen.insert(0x9e37_79b9_7f4a_7c15)  // false: seen before
        /// ```
        ///
        /// A `Set<UInt64>` hashes each value again with its seeded SipHash; a fingerprint is a hash
        /// already, so here one multiplication spreads it over the table (Fibonacci hashing) and a
        /// probe or two finds it: once per run, and an exploration makes thousands of runs.
        /// Open addressing with linear probing in a power-of-two table kept at most three-quarters
        /// full; zero marks an empty slot, so the fingerprint zero is counted beside the table.
        // joined: fileprivate
        nonisolated struct FingerprintSet {
            /// A power of two long; zero marks an empty slot.
            private var slots = [UInt64](repeating: 0, count: 64)
            private var containsZero = false
            /// The fingerprints held, zero among them.
            private(set) var count = 0

            /// Adds `fingerprint`; whether it was not held before.
            mutating func insert(_ fingerprint: UInt64) -> Bool {
                guard fingerprint != 0 else {
                    if containsZero { return false }
                    containsZero = true
                    count += 1
                    return true
                }
                if 4 * (count + 1) > 3 * slots.count { grow() }
                guard place(fingerprint) else { return false }
                count += 1
                return true
            }

            /// Puts `fingerprint`, not zero, in its slot or the first empty one after it; false if
            /// it is there already.
            private mutating func place(_ fingerprint: UInt64) -> Bool {
                let mask = slots.count - 1
                // The product's top log2(slots.count) bits.
                let shift = UInt64(64 - slots.count.trailingZeroBitCount)
                var index = Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while slots[index] != 0 {
                    if slots[index] == fingerprint { return false }
                    index = (index + 1) & mask
                }
                slots[index] = fingerprint
                return true
            }

            /// Twice the table, every fingerprint placed again.
            private mutating func grow() {
                let old = slots
                slots = [UInt64](repeating: 0, count: 2 * old.count)
                for fingerprint in old where fingerprint != 0 { _ = place(fingerprint) }
            }
        }
    }

#endif
