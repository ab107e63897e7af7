#if DEBUG
    import Foundation

    // MARK: - Clamped integers

    nonisolated extension MockDispatchable {
        /// Integers clamped by concrete conversions, not the generic `init(clamping:)`: the event
        /// log and the crash trail clamp at every event and every choice (docs/performance.md,
        /// "Concrete calls").
        // joined: fileprivate
        nonisolated enum Clamped {
            @inline(__always)
            static func int32(_ value: Int) -> Int32 {
                value > Int(Int32.max) ? Int32.max : value < Int(Int32.min) ? Int32.min : Int32(value)
            }
        }
    }

#endif
