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

    // MARK: - Crash trail

    nonisolated extension MockDispatchable {
        /// What an exploration leaves on standard error when the process crashes in one of its
        /// runs: the run's schedule so far, so that `replay` can crash it again where it can be
        /// looked at.
        ///
        /// A body that traps — a force-unwrapped nil, an index out of range, a continuation resumed
        /// twice (the standard library's `fatalError`) — takes the test process down, and the
        /// exploration's report with it. So each run's ``RunRecord`` notes its choices here as it
        /// makes them, and a signal handler, installed by the first exploration of the process,
        /// writes them out when the thread that drives the run receives a crash signal:
        ///
        /// ```
        /// MockDispatchable: the process crashed (SIGILL) in a run of exploreAll(limit: 1000) at
        /// Tests/OrderTests.swift:12. The run's schedule so far: "1/2 0/3 2/3". Replay it, in an exit
        /// test as it crashes: MockDispatchable.replay("1/2 0/3 2/3") { mock in … }
        /// ```
        ///
        /// The handler only reads memory written before the crash, calls `write` and `sigaction`,
        /// then puts back the handler it found, so the signal goes on as before: the process still
        /// crashes, with its usual report after this line. Not noted: a crash on a thread that does
        /// not drive the run (a real GCD queue's), and a crash of a thread whose stack overflowed
        /// when no alternate signal stack is set up.
        // joined: fileprivate
        nonisolated final class CrashTrail {
            /// What the handler reads: plain numbers and pointers, nothing it must retain.
            nonisolated struct Notes {
                /// `taken, offered` pairs, `count` of them.
                fileprivate var choices: UnsafeMutablePointer<Int32>
                fileprivate var capacity: Int
                fileprivate var count = 0
                /// `explore(…) at File.swift:12`, as UTF-8.
                fileprivate let caption: UnsafeMutablePointer<UInt8>
                fileprivate let captionLength: Int
                /// `replay` or `replayTasks`, as UTF-8.
                fileprivate let replayName: UnsafeMutablePointer<UInt8>
                fileprivate let replayNameLength: Int
                /// What the replay call takes after the schedule (`, maximumStall: .infinity`), as UTF-8.
                fileprivate let replayArguments: UnsafeMutablePointer<UInt8>
                fileprivate let replayArgumentsLength: Int
                /// Where the handler writes one choice as text.
                fileprivate let scratch: UnsafeMutablePointer<UInt8>

                /// Notes the run's next choice.
                @inline(__always)
                mutating func note(_ taken: Int, of offered: Int) {
                    if count == capacity { grow() }
                    choices[2 * count] = Clamped.int32(taken)
                    choices[2 * count + 1] = Clamped.int32(offered)
                    count += 1
                }

                private mutating func grow() {
                    let larger = UnsafeMutablePointer<Int32>.allocate(capacity: 4 * capacity)
                    larger.update(from: choices, count: 2 * capacity)
                    let old = choices
                    choices = larger  // the handler reads the old choices or the new, whole either way
                    capacity *= 2
                    old.deallocate()
                }
            }

            let notes: UnsafeMutablePointer<Notes>
            /// What the calling thread had noted before ``begin()``: a run nested in another's.
            private var outer: UnsafeMutableRawPointer?

            /// A trail for the runs of `caller` (at `fileID`:`line`); `searching`, for those of its search
            /// past the default stall bound (see ``Explorer/searchPastTheStallBound(after:)``), whose
            /// replay takes `maximumStall: .infinity`.
            init(caller: ExplorationPlan.Caller, fileID: StaticString, line: UInt, searching: Bool = false) {
                Self.installation
                let caption = Self.bytes(
                    (searching ? "the search past the default stall bound (a task's job slower than 0.1 s) of " : "")
                        + "\(caller) at \(fileID):\(line)")
                let replayName = Self.bytes(caller.replayName)
                let replayArguments = Self.bytes(searching ? ", maximumStall: .infinity" : "")
                let capacity = 64
                notes = .allocate(capacity: 1)
                notes.initialize(
                    to: Notes(
                        choices: .allocate(capacity: 2 * capacity), capacity: capacity, caption: caption.start,
                        captionLength: caption.count, replayName: replayName.start, replayNameLength: replayName.count,
                        replayArguments: replayArguments.start, replayArgumentsLength: replayArguments.count,
                        scratch: .allocate(capacity: Self.scratchSize)))
            }

            deinit {
                notes.pointee.choices.deallocate()
                notes.pointee.caption.deallocate()
                notes.pointee.replayName.deallocate()
                notes.pointee.replayArguments.deallocate()
                notes.pointee.scratch.deallocate()
                notes.deinitialize(count: 1)
                notes.deallocate()
            }

            private static func bytes(_ text: String) -> (start: UnsafeMutablePointer<UInt8>, count: Int) {
                let bytes = Array(text.utf8)
                let start = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
                start.initialize(from: bytes, count: bytes.count)
                return (start, bytes.count)
            }

            /// Starts a run on the calling thread: a crash of this thread from now on writes the
            /// run's choices.
            func begin() {
                notes.pointee.count = 0
                outer = pthread_getspecific(Self.key)
                pthread_setspecific(Self.key, notes)
            }

            /// Ends the run ``begin()`` started.
            func end() {
                pthread_setspecific(Self.key, outer)
                outer = nil
            }

            // MARK: The handler

            private static let scratchSize = 32
            /// The run the calling thread drives, if any: a ``Notes``.
            private static let key: pthread_key_t = {
                var key = pthread_key_t()
                pthread_key_create(&key, nil)
                return key
            }()
            /// The signals a trap or a bad access raises. Each handler found is kept at its
            /// signal's number.
            private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
            // nonisolated(unsafe): written once, by `installation`, before the handler that reads
            // it is installed; read only by that handler.
            nonisolated(unsafe) private static let found: UnsafeMutablePointer<sigaction> = {
                let slots = Int(signals.reduce(0, Swift.max)) + 1
                let found = UnsafeMutablePointer<sigaction>.allocate(capacity: slots)
                found.initialize(repeating: sigaction(), count: slots)
                return found
            }()

            /// Installs the handler for every crash signal, keeping the handler each had: once per
            /// process, the first time it is read.
            private static let installation: Void = {
                _ = key
                for signal in signals {
                    var action = sigaction()
                    #if canImport(Darwin)
                        action.__sigaction_u.__sa_handler = onCrash
                    #elseif canImport(Glibc)
                        action.__sigaction_handler.sa_handler = onCrash
                    #elseif canImport(Musl)
                        action.__sa_handler.sa_handler = onCrash
                    #endif
                    action.sa_flags = Int32(SA_ONSTACK)
                    sigaction(signal, &action, found + Int(signal))
                }
            }()

            private static let onCrash: @convention(c) (Int32) -> Void = { signal in
                let savedErrno = errno
                if let notes = pthread_getspecific(CrashTrail.key) {
                    CrashTrail.report(signal, notes.assumingMemoryBound(to: Notes.self).pointee)
                }
                // Puts back the handler found: a trap or a bad access happens again when this
                // returns and meets it; `abort()`'s signal is raised again, to be delivered to it
                // once this returns.
                sigaction(signal, CrashTrail.found + Int(signal), nil)
                if signal == SIGABRT { raise(signal) }
                errno = savedErrno
            }

            /// Writes the line, with only `write`: nothing here allocates or takes a lock.
            private static func report(_ signal: Int32, _ notes: Notes) {
                put("\nMockDispatchable: the process crashed (")
                put(name(of: signal))
                put(") in a run of ")
                put(notes.caption, notes.captionLength)
                put(". The run's schedule so far: \"")
                putSchedule(notes)
                put("\". Replay it, in an exit test as it crashes: MockDispatchable.")
                put(notes.replayName, notes.replayNameLength)
                put("(\"")
                putSchedule(notes)
                put("\"")
                put(notes.replayArguments, notes.replayArgumentsLength)
                put(") { mock in … }\n")
            }

            private static func name(of signal: Int32) -> StaticString {
                switch signal {
                case SIGILL: return "SIGILL"
                case SIGTRAP: return "SIGTRAP"
                case SIGABRT: return "SIGABRT"
                case SIGSEGV: return "SIGSEGV"
                case SIGBUS: return "SIGBUS"
                case SIGFPE: return "SIGFPE"
                default: return "a crash signal"
                }
            }

            /// The choices up to the last that differs from ordinary manual mode's, as
            /// ``ScheduleText`` writes them.
            private static func putSchedule(_ notes: Notes) {
                var last = -1
                for index in 0..<notes.count where notes.choices[2 * index] != 0 { last = index }
                guard last >= 0 else { return }
                for index in 0...last {
                    var end = 0
                    if index > 0 {
                        notes.scratch[0] = UInt8(ascii: " ")
                        end = 1
                    }
                    end = digits(notes.choices[2 * index], into: notes.scratch, at: end)
                    notes.scratch[end] = UInt8(ascii: "/")
                    end = digits(notes.choices[2 * index + 1], into: notes.scratch, at: end + 1)
                    put(notes.scratch, end)
                }
            }

            /// Writes `number` (not negative) in decimal at `start`; returns where it ends.
            private static func digits(_ number: Int32, into buffer: UnsafeMutablePointer<UInt8>, at start: Int) -> Int
            {
                var remaining = Swift.max(number, 0)
                var width = 1
                while remaining >= 10 {
                    remaining /= 10
                    width += 1
                }
                remaining = Swift.max(number, 0)
                for position in stride(from: start + width - 1, through: start, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
                return start + width
            }

            private static func put(_ text: StaticString) {
                _ = write(STDERR_FILENO, text.utf8Start, text.utf8CodeUnitCount)
            }

            private static func put(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
                _ = write(STDERR_FILENO, bytes, count)
            }
        }
    }

#endif
