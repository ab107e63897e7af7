#if DEBUG
    import Foundation

    @testable import Dispatchable

    /// The test function, lent to the runs of an exploration while it runs.
    ///
    /// Swift Testing lends a trait the test function for the trait's scope only
    /// (`withoutActuallyEscaping`, which stops the process if the function outlives it), while
    /// a run that deadlocked keeps its body task — and the test function on its stack — suspended
    /// after the exploration ends. The loan ends with the exploration: later runs get no function,
    /// and the calls still under way are cancelled and given a grace to return — the jobs their
    /// runs left queued run on the real executors, their mocks' queued work on the main queue —
    /// with the issues they record held back
    /// (``IssuesFailSchedules``). A task waiting on a continuation that is never resumed does not
    /// return; then the trait keeps its scope open, the loan with it, while the other tests run,
    /// and ends the process with status 1 when the rest seems done (``OpenScopes``).
    final class LentTestFunction: Sendable {
        typealias Function = @Sendable () async throws -> Void

        private struct State {
            var function: Function?
            var calls: [Int: Call] = [:]
            var nextCall = 0
        }

        /// One call of the test function: the task making it, for cancelling, while it is under way,
        /// and the mock of its run, whose queued work is run if the call outlives the exploration.
        private struct Call {
            let task: UnsafeCurrentTask?
            let mock: MockDispatchable
        }

        /// How long calls cancelled at the end of an exploration get to return before the report.
        /// A call that answers cancellation returns at once; one that returns later still ends the
        /// test as usual, during the hold (``OpenScopes``), so a longer grace would only delay the
        /// report.
        static let callGrace: TimeInterval = 1

        /// The loan the calling run's test function is from (task-local), for the issue handler.
        @TaskLocal static var current: LentTestFunction?

        private let state: Locked<State>

        /// The jobs of the calls that runs given up left queued, run once the calls are cancelled.
        let leftovers = MockDispatchable.LeftoverJobs()

        init(_ function: @escaping Function) { state = Locked(State(function: function)) }

        /// Whether the exploration is over (the loan ended): issues its runs record from now on are
        /// held back.
        var hasEnded: Bool { state.withLock { $0.function == nil } }

        /// Calls `body` with the test function, once per run; throws `CancellationError` once the
        /// loan ended (a run after the exploration, which nothing waits for).
        func call(in mock: MockDispatchable, _ body: (Function) async throws -> Void) async throws {
            // The task's handle is used only while the call is registered, so while the task is
            // alive: the call is removed (the `defer` below) before it returns, under the lock that
            // cancelling takes.
            let task = withUnsafeCurrentTask { $0 }
            let lent = state.withLock { state -> (Int, Function)? in
                guard let function = state.function else { return nil }
                let id = state.nextCall
                state.nextCall += 1
                state.calls[id] = Call(task: task, mock: mock)
                return (id, function)
            }
            guard let (id, function) = lent else { throw CancellationError() }
            defer { _ = state.withLock { $0.calls.removeValue(forKey: id) } }
            try await Self.$current.withValue(self) { try await body(function) }
        }

        /// How many calls have not returned.
        var callsUnderWay: Int { state.withLock { $0.calls.count } }

        /// Ends the loan — runs from now on get no function — cancels the calls still under way,
        /// runs what their runs left (the body task's jobs on the real executors; the mock's queued
        /// work — offload items, timers, `clock` sleepers — on the main queue, so that a call waiting
        /// on it returns), and waits up to `seconds` for them to return.
        func endCalls(within seconds: TimeInterval) async {
            let mocks = state.withLock { state in
                state.function = nil
                for call in state.calls.values { call.task?.cancel() }
                return state.calls.values.map(\.mock)
            }
            leftovers.release()
            for mock in mocks { mock.releaseQueuedWork() }
            for _ in 0..<Int(seconds * 100) where callsUnderWay > 0 {
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
        }
    }
#endif
