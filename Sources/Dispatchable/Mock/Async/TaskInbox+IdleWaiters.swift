#if DEBUG
    import Foundation

    // MARK: - Tasks of a run waiting until nothing else of it can run

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// Suspends the calling task, a task of the run, until nothing else of the run can run:
        /// the run then resumes it (``resumeIdleWaiter()``), as a step of its schedule. Throws
        /// `CancellationError` when the task is cancelled or the run ends first.
        func waitUntilIdle() async throws {
            let id = state.withLock { state in
                state.idleWaitersSoFar += 1
                return state.idleWaitersSoFar
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let waits = state.withLock { state in
                        guard state.isOpen, !Task.isCancelled else { return false }
                        state.idleWaiters.append((id, continuation))
                        return true
                    }
                    if !waits { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.idleWaiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.idleWaiters.remove(at: index).continuation
                }
                waiter?.resume(throwing: CancellationError())
            }
        }

        /// Resumes the task that began to wait first until the run is idle, if any: nothing else
        /// of the run can run. Called on the driving thread, so its job comes to the run.
        func resumeIdleWaiter() -> Bool {
            let waiter = state.withLock { state in
                state.idleWaiters.isEmpty ? nil : state.idleWaiters.removeFirst().continuation
            }
            waiter?.resume()
            return waiter != nil
        }
    }

#endif
