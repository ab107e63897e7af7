import Foundation
import Testing

@testable import Dispatchable

@MainActor
@Suite("Recorder and hooks (immediate mode)")
struct RecorderTests {
    @Test func isMainThreadIsTrueWhenNothingIsEntered() {
        let mock = MockDispatchable()
        #expect(mock.recorder.isMainThread)
        #expect(mock.recorder.threadStack.isEmpty)
    }

    @Test func isMainThreadFollowsTheInnermostEnteredThread() {
        let mock = MockDispatchable()
        let seen = LockedValue<[Bool]>([])
        mock.offload {
            seen.mutate { $0.append(mock.recorder.isMainThread) }
            mock.main {
                seen.mutate { $0.append(mock.recorder.isMainThread) }
                mock.offload { seen.mutate { $0.append(mock.recorder.isMainThread) } }
            }
            mock.after(1) { seen.mutate { $0.append(mock.recorder.isMainThread) } }
        }
        #expect(seen.value == [false, true, false, true])
    }

    @Test func threadStackShowsNestingInnermostLast() {
        let mock = MockDispatchable()
        let stack = LockedValue<[DispatchThread]>([])
        mock.offload { mock.main { mock.after(2) { stack.value = mock.recorder.threadStack } } }
        #expect(stack.value == [.offload, .main, .after(2)])
        #expect(mock.recorder.threadStack.isEmpty)
    }

    @Test func enteredThreadsListsEveryThreadInOrder() {
        let mock = MockDispatchable()
        mock.offload { mock.main {} }
        mock.after(0.5) {}
        mock.main {}
        #expect(mock.recorder.enteredThreads == [.offload, .main, .after(0.5), .main])
    }

    @Test func immediateModeRunsNestedWorkDepthFirst() {
        let mock = MockDispatchable()
        let order = LockedValue<[String]>([])
        mock.offload {
            order.mutate { $0.append("A") }
            mock.main { order.mutate { $0.append("B") } }
            order.mutate { $0.append("C") }
        }
        order.mutate { $0.append("D") }
        #expect(order.value == ["A", "B", "C", "D"])
    }

    @Test func hooksMayCaptureAndMutateTestLocals() {
        let mock = MockDispatchable()
        var entered: [DispatchThread] = []
        var exited: [DispatchThread] = []
        mock.didEnterThread = { entered.append($0) }
        mock.didExitThread = { exited.append($0) }
        mock.offload { mock.main {} }
        #expect(entered == [.offload, .main])
        #expect(exited == [.main, .offload], "exit hooks fire innermost first")
    }

    @Test func hooksRunInsideTheThreadTheyAreAbout() {
        let mock = MockDispatchable()
        var stacksAtEnter: [[DispatchThread]] = []
        var stacksAtExit: [[DispatchThread]] = []
        mock.didEnterThread = { _ in stacksAtEnter.append(mock.recorder.threadStack) }
        mock.didExitThread = { _ in stacksAtExit.append(mock.recorder.threadStack) }
        mock.offload { mock.main {} }
        #expect(stacksAtEnter == [[.offload], [.offload, .main]])
        #expect(stacksAtExit == [[.offload, .main], [.offload]])
    }

    @Test func hooksMayDispatchMoreWork() {
        let mock = MockDispatchable()
        var hopsFromHook = 0
        mock.didEnterThread = { thread in
            if thread == .offload {
                hopsFromHook += 1
                mock.main {}
            }
        }
        mock.offload {}
        #expect(hopsFromHook == 1)
        #expect(mock.recorder.enteredThreads == [.offload, .main])
    }

    @Test func clearingAHookStopsIt() {
        let mock = MockDispatchable()
        var calls = 0
        mock.didEnterThread = { _ in calls += 1 }
        mock.offload {}
        mock.didEnterThread = nil
        mock.offload {}
        #expect(calls == 1)
    }

    @Test func marksAreRecordedWithTheCurrentThread() {
        let mock = MockDispatchable()
        mock.mark("start")
        mock.offload { mock.mark("decoding") }
        let marks = mock.recorder.events.filter { $0.kind == .mark }
        #expect(marks.map(\.label) == ["start", "decoding"])
        #expect(marks.map(\.thread) == [nil, .offload])
        #expect(mock.recorder.marks == ["start", "decoding"])
    }

    @Test func timelineDrawsOneLanePerThreadKindWithNestingAndMarks() {
        let mock = MockDispatchable()
        mock.mark("tap")
        mock.offload { mock.main { mock.mark("done") } }
        let lines = mock.recorder.timeline.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("MockDispatchable timeline — immediate mode, 6 events"))
        #expect(lines[1].contains("test") && lines[1].contains("main") && lines[1].contains("offload"))
        #expect(lines[1].contains("after"))
        let columns = lines.dropFirst(2).map { $0.split(separator: "┆", omittingEmptySubsequences: false) }
        // Row 1: the mark in the test lane (column 1); row 2: offload entered (column 3).
        #expect(columns[0][1].contains("◆ tap"))
        #expect(columns[1][3].contains("┌ enter"))
        #expect(columns[2][2].contains("┌ enter"))
        #expect(columns[3][2].contains("◆ done"))
        #expect(columns[4][2].contains("└ exit"))
        #expect(columns[5][3].contains("└ exit"))
    }

    @Test func afterInImmediateModeRunsAtOnceAndIsRecordedWithItsDelay() {
        let mock = MockDispatchable()
        let ran = LockedValue(false)
        mock.after(0.5) { ran.value = true }
        #expect(ran.value)
        #expect(mock.recorder.enteredThreads == [.after(0.5)])
        #expect(mock.now == 0, "immediate mode does not move virtual time")
    }
}
