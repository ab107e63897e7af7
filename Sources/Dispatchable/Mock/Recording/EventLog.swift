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

    // MARK: - Event log

    nonisolated extension MockDispatchable {
        /// The recorder's events, compact: 24 bytes each, labels in a side table, in fixed-size
        /// chunks so that appending never copies what is already recorded (a growing array copies
        /// everything at each doubling) and recording stays cheap however long a test runs.
        // joined: fileprivate
        nonisolated struct EventLog: Sendable {
            nonisolated struct Entry: Sendable {
                var time: Int64
                var thread: DispatchThread?
                var kind: MockDispatchable.Event.Kind
                /// For a mark, its index in `labels`; for queued work, its sequence number; or -1.
                var detail: Int32
            }

            private static let chunkSize = 4096
            private var sealed: [[Entry]] = []
            private var current: [Entry] = []
            /// `current.count`, kept: read at every event (docs/performance.md, "Counts kept").
            private var currentCount = 0
            private(set) var labels: [String] = []
            /// Under async exploration, the Swift task each queued job belongs to, by sequence number
            /// (empty for the mock's blocks): an array, as sequence numbers are dense, so that naming a
            /// job at every enqueue hashes nothing; of `String`, not `String?` (docs/performance.md,
            /// "Fixed layouts").
            private var taskNames: [String] = []

            var count: Int { sealed.count * Self.chunkSize + currentCount }

            @inline(__always)
            mutating func append(
                _ kind: MockDispatchable.Event.Kind, thread: DispatchThread?, time: Int64, sequence: Int
            ) {
                append(Entry(time: time, thread: thread, kind: kind, detail: Clamped.int32(sequence)))
            }

            mutating func append(
                _ kind: MockDispatchable.Event.Kind, thread: DispatchThread?, time: Int64, label: String
            ) {
                append(Entry(time: time, thread: thread, kind: kind, detail: Clamped.int32(labels.count)))
                labels.append(label)
            }

            @inline(__always)
            private mutating func append(_ entry: Entry) {
                if currentCount == Self.chunkSize {
                    sealed.append(current)
                    current = []
                    currentCount = 0
                }
                if currentCount == 0 { current.reserveCapacity(Self.chunkSize) }
                current.append(entry)
                currentCount += 1
            }

            /// Empties the log, keeping its current chunk's memory: the next run of an exploration
            /// records into it without reserving a chunk of its own. Snapshots taken before keep
            /// what they saw (they share the chunks, which are copied on write).
            mutating func removeAll() {
                sealed = []
                current.removeAll(keepingCapacity: true)
                currentCount = 0
                labels.removeAll(keepingCapacity: true)
                taskNames.removeAll(keepingCapacity: true)
            }

            /// Names queued item `sequence` as a job of a Swift task, for the timeline.
            mutating func name(_ sequence: Int, _ task: String) {
                guard sequence >= 0, sequence <= Int(Int32.max) else { return }
                var count = taskNames.count  // read once (see `append`)
                while count <= sequence {
                    taskNames.append("")
                    count += 1
                }
                taskNames[sequence] = task
            }

            /// `task 2` for an entry about a Swift task's job; nil otherwise.
            func task(of entry: Entry) -> String? {
                guard entry.kind != .mark, entry.detail >= 0, Int(entry.detail) < taskNames.count else { return nil }
                let name = taskNames[Int(entry.detail)]
                return name.isEmpty ? nil : name
            }

            var entries: FlattenSequence<[[Entry]]> { (sealed + [current]).joined() }

            func label(of entry: Entry) -> String? { entry.kind == .mark ? labels[Int(entry.detail)] : nil }

            /// `" #2"` for an entry about queued work; empty otherwise.
            func number(of entry: Entry) -> String {
                entry.kind != .mark && entry.detail >= 0 ? " #\(entry.detail)" : ""
            }

            var events: [MockDispatchable.Event] {
                entries.map { entry in
                    MockDispatchable.Event(
                        time: Nanoseconds.seconds(entry.time), label: label(of: entry), thread: entry.thread,
                        kind: entry.kind)
                }
            }

            var enteredThreads: [DispatchThread] { entries.compactMap { $0.kind == .enter ? $0.thread : nil } }

            var marks: [String] { entries.compactMap { $0.kind == .mark ? label(of: $0) : nil } }
        }
    }

#endif
