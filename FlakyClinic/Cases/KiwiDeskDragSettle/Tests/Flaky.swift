// From KiwiCanopy/KiwiDesk Tests/KiwiDeskCoreTests/DragTests.swift @ 670539daf3dded80727224ae4eb7e708867a7242
// (the parent of 069120d1, "Deflake drag debounce test: poll for the settle instead of
// sleeping"): the imports, the suite and its flaky test `debounce` ("Rapid moves settle into
// exactly one drag end"; the suite's two other tests left out), verbatim. Changes: `import AppKit`
// and `import CoreGraphics` are kept for Apple platforms only (`#if canImport`; the test uses
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
    @Test("Rapid moves settle into exactly one drag end")
    func debounce() async throws {
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
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(ended.count == 1)
        #expect(ended.first?.1.minX == 300)
    }
}
