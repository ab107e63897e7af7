import Foundation
import Testing

@testable import Dispatchable

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What the runtime the tests run on has, as the captures find it — the main-executor hook (with
/// `dlsym`), whether a `Task.sleep` reaches the runtime's sleep hooks, whether a sleep that does not
/// is recognised as it begins (the probe) — printed, and checked against what the machine is said
/// to have: CI's macOS jobs set `DISPATCHABLE_EXPECT_MAIN_EXECUTOR_HOOK` and
/// `DISPATCHABLE_EXPECT_SLEEP_HOOKS` (`1` or `0`) from the system's version, so that the first run
/// on a Mac says which of the support table's rows it found. Unset, only the facts' consistency is
/// checked.
@Suite("Async runtime facts")
struct AsyncRuntimeFactsTests {
    private static func expected(_ name: String) -> Bool? {
        ProcessInfo.processInfo.environment[name].map { $0 == "1" }
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func theRuntimesHooksAreWhatTheMachineIsSaidToHave() async {
        let mainExecutorHook = dlsym(dlopen(nil, 0), "swift_task_getMainExecutor_hook") != nil
        let sleepHooks = await MockDispatchable.SleepHooks.probe.value
        let recognised = MockDispatchable.UnseenSleep.isRecognised
        print(
            "runtime facts: swift_task_getMainExecutor_hook \(mainExecutorHook ? "found" : "absent"); "
                + "Task.sleep \(sleepHooks ? "reaches" : "passes no") public sleep hook; "
                + "an unseen sleep is \(recognised ? "" : "not ")recognised as it begins; "
                + "its wake-up queue: \(MockDispatchable.UnseenSleep.wakeUpQueue ?? "unknown")")
        if let expected = Self.expected("DISPATCHABLE_EXPECT_MAIN_EXECUTOR_HOOK") {
            #expect(mainExecutorHook == expected, "the main-executor hook")
        }
        if let expected = Self.expected("DISPATCHABLE_EXPECT_SLEEP_HOOKS") {
            #expect(sleepHooks == expected, "Task.sleep through the public sleep hooks")
        }
        // A sleep is seen one way or the other wherever the layout lldb reads holds.
        #expect(sleepHooks || recognised, "a bare Task.sleep is neither on a hook nor recognised")
    }
}
