// From KiwiCanopy/KiwiDesk Tests/KiwiDeskCoreTests/DragTests.swift @ 2da9d519549bc57ca70ccdc379c651b935e8d95d
// (the parent of 83816d62, PR #366 "test: fix ExecTests + DragCoordinator flakes under full-suite
// load"; MIT): the imports, the suite and its flaky test `trailingMovesJoinGesture` ("Trailing moves
// after release join the gesture"; the suite's other tests left out), verbatim. Changes: `import
// AppKit` and `import CoreGraphics` are kept for Apple platforms only (`#if canImport`; the test uses
// neither beyond CGRect, which Foundation has on Linux), and `@testable import KiwiDeskCore` is
// commented out, because the code under test is compiled into this target.
#if canImport(AppKit)
import AppKit
import CoreGraphics
#endif
import Foundation
import Testing

// @testable import KiwiDeskCore

@Suite("DragCoordinator", .serialized)
@MainActor
struct DragCoordinatorTests {
    @Test("Trailing moves after release join the gesture")
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
