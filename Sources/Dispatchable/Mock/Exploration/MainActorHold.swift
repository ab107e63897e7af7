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

    // MARK: - Main actor hold

    nonisolated extension MockDispatchable {
        /// How long one synchronous exploration held the main actor. The synchronous forms run every
        /// schedule in one call on the main actor; while they run, nothing else that needs the main
        /// actor — a parallel test's main-queue hop, an `@MainActor` test, a `waitUntil` resuming
        /// there — can run. The first call of a process that holds it longer than
        /// ``Limits/mainActorHoldNote`` writes a note to standard error saying what to use instead;
        /// with ``EnvironmentVariables/mainActorHoldLog`` set to a file's path, every call appends a line to it.
        // joined: fileprivate
        nonisolated enum MainActorHold {
            /// Whether the note was written in this process.
            private static let hasNoted = Locked(false)

            static func note(since started: UInt64, caller: String, at place: String) {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds &- started) / 1e9
                if let path = EnvironmentVariables.value(of: EnvironmentVariables.mainActorHoldLog), !path.isEmpty,
                    let log = fopen(path, "a")
                {
                    fputs("\(String(format: "%.3f", seconds)) \(caller) \(place)\n", log)
                    fclose(log)
                }
                guard seconds > Limits.mainActorHoldNote else { return }
                let first = hasNoted.withLock { hasNoted in
                    defer { hasNoted = true }
                    return !hasNoted
                }
                guard first else { return }
                let text =
                    "MockDispatchable: \(caller) at \(place) held the main actor for "
                    + "\(SecondsText.measured(seconds)) in one synchronous call: meanwhile no other main-actor "
                    + "work of the process ran (a parallel test's main-queue hop, an @MainActor test). Give it "
                    + "an async body (the same call with try await and an async closure), "
                    + "which gives the main actor back between schedules, or explore fewer schedules. "
                    + "(Noted once per process.)\n"
                FileHandle.standardError.write(Data(text.utf8))
            }

        }
    }

#endif
