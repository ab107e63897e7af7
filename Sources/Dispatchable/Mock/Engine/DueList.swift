#if DEBUG
    import Foundation

    // MARK: - Due list

    nonisolated extension MockDispatchable {
        /// A lane's items due by its clock, in run order (due time, then scheduling order), as the
        /// candidates exploration offers: the first is taken in O(1), any other found by binary
        /// search, and every one copied into a step's choices in one move.
        // joined: fileprivate
        nonisolated struct DueList {
            /// The items, from ``start`` on; read in place at every choice point, by index
            /// (docs/performance.md, "Index loops").
            private(set) var items: [Candidate] = []
            private(set) var start = 0
            /// How many items were not sent by offload work.
            private(set) var notFromOffload = 0
            /// How many items stall as a task's (see ``Job/stallsAsTask``).
            private(set) var tasks = 0

            /// The items' storage, for a list that need not grow again.
            var capacity: Int { items.capacity }

            mutating func reserveCapacity(_ capacity: Int) { items.reserveCapacity(capacity) }

            /// Empties the list, keeping its storage.
            mutating func removeAll() {
                items.removeAll(keepingCapacity: true)
                start = 0
                notFromOffload = 0
                tasks = 0
            }

            /// Adds `item`, which runs after every item in the list.
            mutating func append(_ item: Candidate, sentByOffload: Bool) {
                if !sentByOffload { notFromOffload += 1 }
                if item.stallsAsTask { tasks += 1 }
                items.append(item)
            }

            /// Takes the items out, in order, to be put back (``putBack(_:)``) merged with others:
            /// the counts stay as they are.
            mutating func takeForMerge() -> [Candidate] {
                let taken = Array(items[start...])
                items.removeAll(keepingCapacity: true)
                start = 0
                return taken
            }

            /// Puts back an item ``takeForMerge()`` took, after every item in the list.
            mutating func putBack(_ item: Candidate) { items.append(item) }

            /// Removes the item with `due` and `sequence`: the first in O(1) (ordinary manual mode
            /// takes it), any other by binary search.
            mutating func remove(due: Int64, sequence: Int, sentByOffload: Bool, stallsAsTask: Bool) {
                if !sentByOffload { notFromOffload -= 1 }
                if stallsAsTask { tasks -= 1 }
                if items[start].sequence == sequence {
                    start += 1
                    // Emptied or not, the list is compacted only once 64 items are behind its start:
                    // it empties at nearly every step of a run whose work is one job at a time, and
                    // emptying an array is a generic call (docs/performance.md, "Concrete calls").
                    if start >= 64, start == items.count {
                        items.removeAll(keepingCapacity: true)
                        start = 0
                    } else if start >= 64, start * 2 >= items.count {
                        items.removeFirst(start)
                        start = 0
                    }
                    return
                }
                var low = start
                var high = items.count
                while low < high {
                    let middle = (low + high) / 2
                    if WorkQueue.runsBefore(items[middle].due, items[middle].sequence, due, sequence) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                items.remove(at: low)
            }

            /// Marks the item with `sequence` as a job of a disordered step, found from the end,
            /// where the step that queued it just put it.
            mutating func markDisordered(sequence: Int) {
                var index = items.count - 1
                while index >= start {
                    if items[index].sequence == sequence {
                        items[index].isDisordered = true
                        return
                    }
                    index -= 1
                }
            }

            /// The due time of the first item that stalls as a task's, if any: the list is in run
            /// order, so the earliest.
            var earliestTask: Int64? {
                mutating get {
                    guard tasks > 0 else { return nil }
                    for index in start..<items.count where items[index].stallsAsTask {
                        return items[index].due
                    }
                    return nil
                }
            }
        }
    }

#endif
