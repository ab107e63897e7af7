// The test of Flaky.swift, as it is, with `.explored(schedules: 300, seed: 1)`: 300 schedules
// (seed 1) of its tasks, actors and sleeps, in the orders real Swift concurrency allows, on virtual
// time. Changes, and nothing else:
// - `@Test("…")` → `@Test("…", .explored(schedules: 300, seed: 1))`;
// - imports: `@testable import Dispatchable` and `import DispatchableTesting` added.
// The test's real-time waits and its expectations are kept as upstream wrote them: under the trait
// its `Task.sleep`s and the code's run on virtual time, and the explorer looks for the order that
// breaks it (see ../../README.md, "What exploration names").
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
    @Test("Trailing moves after release join the gesture", .explored(schedules: 300, seed: 1))
    func trailingMovesJoinGesture() async throws {
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
        let deadline = ContinuousClock.now + .seconds(5)
        while ended.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        #expect(ended.count == 1)
        #expect(ended.first?.start == first)
        #expect(ended.first?.end == trailing)
    }
}
