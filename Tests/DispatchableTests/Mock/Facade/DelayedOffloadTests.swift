import Dispatch
import Foundation
import Testing

@testable import Dispatchable

@MainActor
@Suite("offload(after:), the clock, and thenOnMain")
struct DelayedOffloadTests {
    @Test func delayedOffloadIsDueAtNowPlusTheDelayAndRecordedAsOffload() throws {
        let mock = MockDispatchable(mode: .manual)
        let ranAt = LockedValue<TimeInterval?>(nil)
        try mock.advance(by: 1)
        mock.offload(after: 2) { ranAt.value = mock.now }
        #expect(mock.pendingWork.first?.thread == .offload)
        #expect(mock.pendingWork.first?.dueTime == 3)
        try mock.advance(by: 1.999)
        #expect(ranAt.value == nil, "never early")
        try mock.advance(by: 0.001)
        #expect(ranAt.value == 3)
        #expect(mock.recorder.enteredThreads == [.offload])
    }

    @Test func cancelledDelayedOffloadNeverRuns() throws {
        let mock = MockDispatchable(mode: .manual)
        let ran = LockedValue(false)
        let token = mock.offload(after: 1) { ran.value = true }
        token.cancel()
        try mock.runUntilIdle()
        #expect(!ran.value)
        #expect(token.isCancelled)
        try mock.assertNoPendingWork()
    }

    @Test func delayedOffloadRunsAtOnceInImmediateMode() {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.offload(after: 5) { ran.value = true }
        #expect(ran.value)
        #expect(mock.recorder.enteredThreads == [.offload])
    }

    @Test(arguments: [MockDispatchable.Mode.immediate, .manual])
    func thenOnMainComputesOffloadedAndDeliversOnMain(mode: MockDispatchable.Mode) throws {
        let mock = MockDispatchable(mode: mode)
        var delivered: (Int, Bool)?
        mock.offload {
            6 * 7
        } thenOnMain: { value in
            delivered = (value, mock.recorder.isMainThread)
        }
        try mock.runUntilIdle()
        #expect(delivered?.0 == 42)
        #expect(delivered?.1 == true)
        #expect(mock.recorder.enteredThreads == [.offload, .main])
    }

    /// A conformer written against the first three methods keeps compiling and gets the rest.
    @Test func aThreeMethodConformerGetsTheClockAndDelayedOffloadForFree() async throws {
        final class ThreeMethods: Dispatchable {
            let afterDelays = LockedValue<[TimeInterval]>([])
            let offloads = LockedValue(0)
            func offload(_ work: @escaping @Sendable () -> Void) {
                offloads.mutate { $0 += 1 }
                work()
            }
            func main(_ work: @escaping @MainActor @Sendable () -> Void) { MainActor.assumeIsolated(work) }
            func after(_ delay: TimeInterval, _ work: @escaping @MainActor @Sendable () -> Void) -> DelayedWork {
                afterDelays.mutate { $0.append(delay) }
                MainActor.assumeIsolated(work)
                return DelayedWork()
            }
        }
        let dispatch = ThreeMethods()
        let ran = LockedValue(false)
        dispatch.offload(after: 2) { ran.value = true }
        #expect(ran.value)
        #expect(dispatch.afterDelays.value == [2], "waits with after")
        #expect(dispatch.offloads.value == 1, "then offloads")
        let first = dispatch.now
        try await Task.sleep(nanoseconds: 1_000_000)
        #expect(dispatch.now > first, "the default clock is the uptime clock")
    }
}
