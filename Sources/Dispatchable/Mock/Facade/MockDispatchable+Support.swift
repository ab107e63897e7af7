#if DEBUG
    import Dispatch
    import Foundation

    // MARK: - Support

    /// What the façade's calls share beyond the lock and the state: errors (each with the timeline),
    /// argument checks, waiting until work is queued, and the warnings immediate mode prints.
    nonisolated extension MockDispatchable {
        // joined: fileprivate
        func error(_ kind: MockDispatchableError.Kind, _ message: String, fileID: StaticString, line: UInt)
            -> MockDispatchableError
        {
            MockDispatchableError(
                kind: kind, message: message, snapshot: core.withLock { $0.snapshot }, fileID: fileID, line: line)
        }

        /// Throws `.invalidArgument` with `problem`, one of the ``Rules``' answers, unless it is nil.
        // joined: fileprivate
        func check(_ problem: String?, fileID: StaticString, line: UInt) throws {
            if let problem { throw error(.invalidArgument, problem, fileID: fileID, line: line) }
        }

        /// Suspends until `condition` holds; the enqueue that makes it hold resumes the caller.
        /// Cancelling the caller's task ends the wait at once with `CancellationError`.
        // joined: fileprivate
        func suspendUntil(
            _ condition: Suspensions.Condition, timeout: TimeInterval, fileID: StaticString, line: UInt
        ) async throws {
            try check(Rules.timeout(timeout), fileID: fileID, line: line)
            let id = core.withLock { $0.suspensions.reserve() }
            try await withTaskCancellationHandler {
                try await suspend(id, until: condition, timeout: timeout, fileID: fileID, line: line)
            } onCancel: {
                core.withLock { $0.suspensions.cancel(id) }?.resume(throwing: CancellationError())
            }
        }

        private func suspend(
            _ id: Int, until condition: Suspensions.Condition, timeout: TimeInterval, fileID: StaticString,
            line: UInt
        ) async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let admitted = core.withLock { state -> Suspensions.Admission in
                    state.suspensions.add(
                        id, condition, continuation,
                        holdsNow: state.suspensions.holds(condition, in: state.queue))
                }
                switch admitted {
                case .waiting: break
                case .satisfied: return continuation.resume()
                case .cancelled: return continuation.resume(throwing: CancellationError())
                }
                guard let nanoseconds = Nanoseconds.delay(timeout) else { return }  // waits for ever
                let timer = Task { [self] in
                    try? await Task.sleep(nanoseconds: UInt64(nanoseconds))
                    guard !Task.isCancelled, let continuation = core.withLock({ $0.suspensions.remove(id) }) else {
                        return
                    }
                    let found = core.withLock { $0.suspensions.progress(of: condition, in: $0.queue) }
                    continuation.resume(
                        throwing: error(
                            .timedOut,
                            "waited \(SecondsText.measured(timeout)) for \(condition); \(found). Is the code under "
                                + "test dispatching through this mock?", fileID: fileID, line: line))
                }
                // Satisfied meanwhile? Then nobody but us will cancel the timer.
                if !core.withLock({ $0.suspensions.setTimer(timer, for: id) }) { timer.cancel() }
            }
        }

        /// The warnings immediate mode prints (once per mock) when it keeps work queued.
        // joined: fileprivate
        nonisolated enum Warning: Int {
            case mainActorRequired, nestingLimit

            var text: String {
                switch self {
                case .mainActorRequired: return MockDispatchable.mainActorAdvice
                case .nestingLimit:
                    return "immediate mode runs work nested inside the call that dispatches it, and work is now "
                        + "\(MockDispatchable.nestingLimit) logical threads deep (work that dispatches itself "
                        + "again, such as a poller or a hook that dispatches, never ends in immediate mode). "
                        + "Rather than overflow the stack, the mock keeps deeper work queued; nothing is lost. "
                        + "Use MockDispatchable(mode: .manual) and step it, or runUntilIdle(), to run it."
                }
            }
        }

        // joined: fileprivate
        func warnOnce(_ warning: Warning) {
            let first = core.withLock { state -> Bool in
                defer { state.warned.insert(warning.rawValue) }
                return !state.warned.contains(warning.rawValue)
            }
            if first {
                FileHandle.standardError.write(Data(("MockDispatchable: " + warning.text + "\n").utf8))
            }
        }

        // joined: fileprivate
        static let mainActorAdvice = """
            main-actor work (main or after) is queued, and the caller is not on the main queue \
            (an XCTest async test, a nonisolated Swift Testing test, or a background thread), so the \
            mock cannot run it synchronously without racing the main actor. It stays queued; nothing is \
            lost. Drive the mock from the main actor instead: mark the Swift Testing test or suite \
            @MainActor; in an XCTest async test wrap the code in `await MainActor.run { ... }`; or use \
            the async stepping calls, such as `try await mock.runNextMain(timeout:)` or \
            `try await mock.runUntilIdle(timeout:)`, which hop there.
            """

        /// What an exploration called off the main queue says: its `@MainActor` isolation was
        /// bypassed, so it refuses before running the body rather than race the main actor (or trap).
        // joined: fileprivate
        static func mainActorAdvice(exploring caller: String) -> String {
            """
            \(caller) was called off the main queue, on a thread that is neither the main thread nor \
            running the main queue: code that bypasses @MainActor (Swift 5-mode code, an Objective-C \
            callback, an unsafeBitCast) called it there, so it cannot run its @MainActor body without \
            racing the main actor. No schedule ran. Call it from the main actor instead: mark the Swift \
            Testing test or suite @MainActor; in a synchronous XCTest method (on the main thread) wrap \
            the call in `MainActor.assumeIsolated { ... }`; in an XCTest async test wrap it in \
            `await MainActor.run { ... }`; or, from async code, use the async form (a body with an \
            await), which hops there itself, or exploreTasks for a body that needs no main actor.
            """
        }
    }

#endif
