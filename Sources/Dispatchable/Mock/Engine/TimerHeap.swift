#if DEBUG
    import Foundation

    // MARK: - Timer heap

    nonisolated extension MockDispatchable {
        /// The keys of a lane's timers in a binary min-heap, in run order (due time, then scheduling
        /// order): `keys[0]` runs first. It never looks at the work a key names: a key whose work
        /// left its slot stays until the lane drops it (``removeTop()``, ``keepOnly(_:)``).
        // joined: fileprivate
        nonisolated struct TimerHeap {
            /// Where a timer waits, and when it falls due.
            nonisolated struct Key {
                let due: Int64
                let sequence: Int
                let slot: Int

                @inline(__always)
                func precedes(_ other: Key) -> Bool {
                    WorkQueue.runsBefore(due, sequence, other.due, other.sequence)
                }
            }

            /// The keys, a heap; read in place at every choice point, by index (docs/performance.md,
            /// "Index loops").
            private(set) var keys: [Key] = []
            /// `keys.count`, kept by the operations: read several times at every choice point
            /// (docs/performance.md, "Counts kept").
            private(set) var count = 0

            /// The keys' storage, for a heap that need not grow again.
            var capacity: Int { keys.capacity }

            mutating func reserveCapacity(_ capacity: Int) { keys.reserveCapacity(capacity) }

            /// Empties the heap, keeping its storage.
            mutating func removeAll() {
                keys.removeAll(keepingCapacity: true)
                count = 0
            }

            mutating func push(_ key: Key) {
                keys.append(key)
                count += 1
                var child = count - 1
                while child > 0 {
                    let parent = (child - 1) / 2
                    guard keys[child].precedes(keys[parent]) else { break }
                    keys.swapAt(child, parent)
                    child = parent
                }
            }

            /// Removes `keys[0]`; the heap must not be empty.
            @inline(__always)
            mutating func removeTop() {
                keys.swapAt(0, count - 1)
                keys.removeLast()
                count -= 1
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    let right = left + 1
                    var smallest = parent
                    if left < count, keys[left].precedes(keys[smallest]) { smallest = left }
                    if right < count, keys[right].precedes(keys[smallest]) { smallest = right }
                    guard smallest != parent else { return }
                    keys.swapAt(parent, smallest)
                    parent = smallest
                }
            }

            /// Keeps only the keys `isLive` accepts; a sorted array is a valid heap.
            mutating func keepOnly(_ isLive: (Key) -> Bool) {
                keys = keys.filter(isLive).sorted { $0.precedes($1) }
                count = keys.count
            }
        }
    }

#endif
