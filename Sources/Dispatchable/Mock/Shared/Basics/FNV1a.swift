#if DEBUG
    import Foundation

    // MARK: - Fingerprints

    nonisolated extension MockDispatchable {
        /// 64-bit FNV-1a over integers: fingerprints of choice sequences, the prefixes shards are
        /// dealt by.
        // joined: fileprivate
        nonisolated struct FNV1a {
            private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

            mutating func add(_ number: Int) {
                // `bitPattern:`, not the generic `truncatingIfNeeded:` (docs/performance.md,
                // "Concrete calls").
                value = (value ^ UInt64(bitPattern: Int64(number))) &* 0x0000_0100_0000_01b3
            }
        }
    }

#endif
