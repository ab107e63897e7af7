// The cost baseline: the body of Deterministic.swift run plainly, without the `.deterministic` trait,
// for the harness's PLAIN=1 (the trait's cost per run). Deterministic.swift's changes, except that
// the trait is gone. Without a run, `mock.waitUntilIdle()` does not wait for the code's tasks (it runs
// only the mock's own queued work): the body does not sleep in real time, and its expectations
// about what the tasks did are not met. Its time is the body's, not a passing run's.
#if canImport(AppKit)
import AppKit
import CoreGraphics
#endif
import Foundation
import Testing
@testable import Dispatchable
import DispatchableTesting

// @testable import KiwiDeskCore

@Suite("DragCoordinator", .serialized)
@MainActor
struct DragCoordinatorTests {
    @Test("Trailing moves after release join the gesture")
    func trailingMovesJoinGesture() async throws {
        let mock = MockDispatchable(mode: .manual)
        let drag = DragCoordinator()
        drag.settleDelay = 0.05
        var pressed = true
        drag.isMousePressed = { pressed }
        var ended: [(start: CGRect, end: CGRect)] = []
        drag.onDragEnd = { _, start, end in
            ended.append((start, end))
        }
        let first = CGRect(x: 100, y: 0, width: 10, height: 10)
        drag.windowMoved(WindowID(1), frame: first)
        // The last AX event of a fast drag lags the release;
        // it must still update the gesture's end frame.
        pressed = false
        let trailing = CGRect(x: 400, y: 0, width: 10, height: 10)
        drag.windowMoved(WindowID(1), frame: trailing)
        try await mock.waitUntilIdle()
        #expect(ended.count == 1)
        #expect(ended.first?.start == first)
        #expect(ended.first?.end == trailing)
    }
}
