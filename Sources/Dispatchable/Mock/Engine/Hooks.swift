#if DEBUG
    import Foundation

    // MARK: - Hooks

    nonisolated extension MockDispatchable {
        /// The hooks, as the test set them.
        // joined: fileprivate
        nonisolated struct Hooks {
            var didEnter: ((DispatchThread) -> Void)?
            var didExit: ((DispatchThread) -> Void)?
        }
    }

#endif
