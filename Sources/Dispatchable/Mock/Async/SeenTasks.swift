#if DEBUG
    import Foundation

    // MARK: - The tasks a run has seen

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    nonisolated extension MockDispatchable.TaskInbox {
        /// A task of the run, as its jobs name it.
        nonisolated struct SeenTask {
            /// `task 2`: made once, not for each job.
            let name: String
            /// `task 2 @MainActor`, made at its first main-actor job.
            var mainActorName: String?
            /// How many of its jobs the run has queued so far.
            var jobs = 0
            /// Whether it was seen preferring the run's executor (SE-0417).
            var prefersRun = false
        }

        /// The run's tasks by id, looked up at every job: by a scan of their ids while they are
        /// few, by a dictionary beyond that (docs/performance.md, "Lists and counts, not hashing").
        nonisolated struct SeenTasks {
            /// Task `n`'s id at `n - 1`, and the task.
            private var ids: [UInt64] = []
            private(set) var tasks: [SeenTask] = []
            /// Each id's index, once there are more than ``scanned``.
            private var indices: [UInt64: Int] = [:]
            private static let scanned = 32
            /// The greatest id seen: the runtime numbers tasks in the order it makes them, so a
            /// task's first job (most jobs, in tests that make many small tasks) usually has an
            /// id above it, known new without a scan.
            private var greatestID: UInt64 = 0
            /// `task 1` … `task 64`, made once per process: every run names its tasks anew
            /// (docs/performance.md, "Strings made once").
            private static let firstNames = (1...64).map { "task \($0)" }

            /// The index of the task with `id`, if the run has seen it.
            func index(of id: UInt64) -> Int? {
                if id > greatestID { return nil }
                // One copy of the array for the scan (docs/performance.md, "Copies read once").
                let ids = ids
                let count = ids.count
                guard count <= Self.scanned else { return indices[id] }
                var index = count - 1
                while index >= 0 {
                    if ids[index] == id { return index }
                    index -= 1
                }
                return nil
            }

            /// Adds the task with `id`, named by its number; its index.
            mutating func add(_ id: UInt64) -> Int {
                let index = ids.count
                ids.append(id)
                if id > greatestID { greatestID = id }
                let firstNames = Self.firstNames  // one retain of the table, not one per read
                tasks.append(SeenTask(name: index < firstNames.count ? firstNames[index] : "task \(index + 1)"))
                if index == Self.scanned {
                    for (known, knownID) in ids.enumerated() { indices[knownID] = known }
                } else if index > Self.scanned {
                    indices[id] = index
                }
                return index
            }

            /// Counts a job of the task at `index`, which prefers the run's executor if `prefersRun`:
            /// its number among the task's jobs, whether the task prefers the run's executor (seen
            /// so at this job or an earlier one), the job's name (`task 2 @MainActor` for a
            /// main-actor job) and the task's. Updated in place, not read out whole
            /// (docs/performance.md, "Copies read once").
            mutating func countJob(
                ofTaskAt index: Int, prefersRun: Bool, isMainActor: Bool
            ) -> (number: Int, prefersRun: Bool, name: String, taskName: String) {
                tasks[index].jobs += 1
                if prefersRun { tasks[index].prefersRun = true }
                if isMainActor, tasks[index].mainActorName == nil {
                    tasks[index].mainActorName = tasks[index].name + " @MainActor"
                }
                let task = tasks[index]
                return (
                    task.jobs, task.prefersRun, isMainActor ? task.mainActorName ?? task.name : task.name, task.name
                )
            }
        }
    }

#endif
