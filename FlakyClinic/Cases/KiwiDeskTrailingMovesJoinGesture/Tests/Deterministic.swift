// The test of Flaky.swift with `.deterministic`. Changes, and nothing else:
// - `@Test("…")` → `@Test("…", .deterministic)`;
// - `let mock = MockDispatchable(mode: .manual)` made first;
// - the poll (`let deadline = ContinuousClock.now + .seconds(5)` and `while ended.isEmpty,
//   ContinuousClock.now < deadline { try await Task.sleep(nanoseconds: 20_000_000) }`: up to 5 s of
//   real time for a 50 ms settle) → `try await mock.waitUntilIdle()`. DragCoordinator's settle task
//   sleeps with `Task.sleep(nanoseconds:)`, not on an injected clock, so there is no clock to pass:
//   on Linux with Swift 6.3 the run puts that `Task.sleep` on virtual time;
// - imports: `@testable import Dispatchable` and `import DispatchableTesting` added.
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
    @Test("Trailing moves after release join the gesture", .deterministic)
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
