#if DEBUG
    import Foundation

    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #endif

    @testable import Dispatchable

    /// The scopes DispatchableTesting's traits have open in the test process, and the tests kept
    /// open because a run of theirs waits for good.
    ///
    /// A run that deadlocked keeps its task suspended inside the test function, which Swift
    /// Testing lends a trait only until the trait's scope returns (returning with it still held
    /// stops the process in `withoutActuallyEscaping`), and Swift cannot end a task from outside.
    /// So the trait keeps that test's scope open — the test stays "running" — while the other
    /// tests of the process run and report, and ends the process when none seems left:
    ///
    /// - the calls return (a wait that ends late): the scope ends as usual and the test ends with
    ///   its report; nothing is stopped;
    /// - no other scope of these traits is under way, and the process has used less than
    ///   ``busyShare`` of one core for ``quietWindow``: the process exits with status 1;
    /// - the hold has lasted ``holdLimit`` (the process was busy all along, a run spinning for
    ///   good, say): the process exits with status 1.
    ///
    /// What it cannot see: a test without these traits is visible only through the process's
    /// processor time, so one that waits longer than ``quietWindow`` without computing (a sleep,
    /// a network or child-process wait) when the rest is done is cut short, and a test still
    /// running after ``holdLimit`` too. Tests serialized after the held one (`.serialized`
    /// suites, `--no-parallel`) never start while it is held.
    enum OpenScopes {
        private struct State {
            /// Scopes under way, held ones not counted.
            var active = 0
            /// The names of the tests kept open.
            var held: [String] = []
            /// Whether a held test is ending the process.
            var stopping = false
        }

        /// Why a held test ends the process.
        enum Reason: Equatable {
            case quiet, limit
        }

        private static let state = Locked(State())

        /// How long the process must be quiet, with no other scope of these traits under way,
        /// before a held test ends it.
        static let quietWindow: TimeInterval = 5

        /// The share of one core below which the process counts as quiet.
        static let busyShare = 0.05

        /// How long a held test waits at most before it ends the process, busy or not.
        static let holdLimit: TimeInterval = 120

        /// How many tests are kept open now (for tests).
        static var heldCount: Int { state.withLock { $0.held.count } }

        /// Runs `body` as one open scope of these traits.
        static func open<R>(_ body: () async throws -> R) async rethrows -> R {
            state.withLock { $0.active += 1 }
            defer { state.withLock { $0.active -= 1 } }
            return try await body()
        }

        /// Keeps the calling scope (`test`'s) open while `lent` has calls under way, and returns once
        /// none has; calls `stop` with why and every held test's name, instead of returning, when
        /// the rest of the process seems done (see ``OpenScopes``). Cancelling the calling task does
        /// not end the hold: its scope must not return while a call holds the test function.
        static func hold(
            _ test: String, while lent: LentTestFunction, stop: (Reason, [String]) -> Never
        ) async {
            state.withLock {
                $0.active -= 1
                $0.held.append(test)
            }
            defer {
                state.withLock {
                    $0.active += 1
                    if let index = $0.held.firstIndex(of: test) { $0.held.remove(at: index) }
                }
            }
            let interval: TimeInterval = 0.25
            let start = uptime()
            var quietSince = start
            var cpu = processorTime()
            while lent.callsUnderWay > 0 {
                await pause(interval)
                let now = uptime()
                let used = processorTime()
                let others = state.withLock { $0.active }
                if used - cpu >= busyShare * interval || others > 0 { quietSince = now }
                cpu = used
                let reason: Reason? =
                    now - quietSince >= quietWindow ? .quiet : now - start >= holdLimit ? .limit : nil
                guard let reason, lent.callsUnderWay > 0 else { continue }
                let names = state.withLock { state -> [String]? in
                    guard !state.stopping else { return nil }
                    state.stopping = true
                    return state.held
                }
                if let names { stop(reason, names) }
            }
        }

        /// Waits `seconds` on a timer, cancelled or not (`Task.sleep` returns at once once its task
        /// is cancelled, as a `.timeLimit` does to the test).
        private static func pause(_ seconds: TimeInterval) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { continuation.resume() }
            }
        }

        /// The processor time the process has used, all its threads together (user and system),
        /// in seconds.
        static func processorTime() -> TimeInterval {
            var usage = rusage()
            #if canImport(Glibc)
                _ = getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            #else
                _ = getrusage(RUSAGE_SELF, &usage)
            #endif
            let seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
            let microseconds = Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)
            return TimeInterval(seconds) + TimeInterval(microseconds) / 1e6
        }

        /// Seconds since an arbitrary start, monotonic.
        private static func uptime() -> TimeInterval {
            TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1e9
        }
    }
#endif
