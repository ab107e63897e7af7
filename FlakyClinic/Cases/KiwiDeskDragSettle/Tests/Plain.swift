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
    @Test("Rapid moves settle into exactly one drag end")
    func debounce() async throws {
        let mock = MockDispatchable(mode: .manual)
        let drag = DragCoordinator()
        drag.settleDelay = 0.05
        var ended: [(WindowID, CGRect)] = []
        drag.onDragEnd = { id, frame in
            ended.append((id, frame))
        }
        let id = WindowID(1)
        for x in 1...3 {
            drag.windowMoved(
                id,
                frame: CGRect(
                    x: CGFloat(x * 100),
                    y: 0,
                    width: 10,
                    height: 10
                )
            )
        }
        try await mock.waitUntilIdle()
        #expect(ended.count == 1)
        #expect(ended.first?.1.minX == 300)
    }
}
