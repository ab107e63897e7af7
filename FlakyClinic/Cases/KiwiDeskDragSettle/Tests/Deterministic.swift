// The test of Flaky.swift with `.deterministic`. Changes, and nothing else:
// - `@Test("…")` → `@Test("…", .deterministic)`;
// - `let mock = MockDispatchable(mode: .manual)` made first;
// - `try await Task.sleep(nanoseconds: 200_000_000)` (200 ms of real time for a 50 ms settle)
//   → `try await mock.waitUntilIdle()`. DragCoordinator's settle task sleeps with
//   `Task.sleep(nanoseconds:)`, not on an injected clock, so there is no clock to pass: on Linux
//   with Swift 6.3 the run puts that `Task.sleep` on virtual time (where the runtime does not let
//   it be captured, the run refuses it with `.unsupported`);
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
    @Test("Rapid moves settle into exactly one drag end", .deterministic)
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
