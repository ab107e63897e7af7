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

    // MARK: - Frames

    nonisolated extension MockDispatchable {
        /// Identifies the OS thread that drives the mock.
        // joined: fileprivate
        nonisolated enum Driver {
            @inline(__always)
            static var current: Int { Int(bitPattern: pthread_self()) }
        }

        /// The logical threads each OS thread is inside. Usually one OS thread drives the mock and
        /// its frames are the whole stack; when several do, each sees only its own.
        // joined: fileprivate
        nonisolated struct Frames {
            private nonisolated struct Frame {
                let driver: Int
                let thread: DispatchThread
                /// The queued item running in it (see ``Identity``); 0 in immediate mode.
                let identity: UInt64
                /// How many items it has queued so far.
                var children: UInt64 = 0
            }

            private var frames: [Frame] = []
            /// How many items the test itself (no frame) has queued so far.
            private var rootChildren: UInt64 = 0

            mutating func push(_ thread: DispatchThread, identity: UInt64, driver: Int) {
                frames.append(Frame(driver: driver, thread: thread, identity: identity))
            }

            /// For an item `driver` is about to queue: the logical thread it comes from, and its
            /// identity — its sender's identity and its place among the sender's items.
            mutating func sender(of driver: Int) -> (thread: DispatchThread?, identity: UInt64) {
                guard let index = frames.lastIndex(where: { $0.driver == driver }) else {
                    defer { rootChildren += 1 }
                    return (nil, Identity.child(of: 0, number: rootChildren))
                }
                defer { frames[index].children += 1 }
                return (
                    frames[index].thread, Identity.child(of: frames[index].identity, number: frames[index].children)
                )
            }

            /// Leaves the innermost frame of `driver`; its thread.
            mutating func pop(driver: Int) -> DispatchThread? {
                // `remove(at:)`, Array's own, not the protocols' generic `removeLast()`; the count
                // read once, at every item run (docs/performance.md, "Concrete calls", "Copies read
                // once").
                let count = frames.count
                if count > 0, frames[count - 1].driver == driver {
                    return frames.remove(at: count - 1).thread
                }
                guard let index = frames.lastIndex(where: { $0.driver == driver }) else { return nil }
                return frames.remove(at: index).thread
            }

            func innermost(of driver: Int) -> DispatchThread? {
                // Indexed, not `last`, on one copy of the array: at every block queued
                // (docs/performance.md, "Index loops", "Copies read once").
                let frames = frames
                let count = frames.count
                if count > 0, frames[count - 1].driver == driver { return frames[count - 1].thread }
                return frames.last { $0.driver == driver }?.thread
            }

            /// Whether `driver` is inside fewer than `limit` logical threads; O(1) while all frames together are fewer.
            func depth(of driver: Int, below limit: Int) -> Bool {
                frames.count < limit || frames.lazy.filter { $0.driver == driver }.count < limit
            }

            func stack(of driver: Int) -> [DispatchThread] {
                frames.compactMap { $0.driver == driver ? $0.thread : nil }
            }
        }
    }

#endif
