import XCTest

@testable import Dispatchable

/// The `async` exploration forms from XCTest `async` test methods, which run off the main thread
/// on Linux: the call hops to the main actor by itself.
final class AsyncExplorationXCTests: XCTestCase {
    override func setUp() async throws {
        let sleepsOnVirtualTime = await AsyncCaptureSupport.tasksSleepOnVirtualTime
        try XCTSkipUnless(
            AsyncCaptureSupport.exploresMainActorCode && sleepsOnVirtualTime,
            "this build does not explore @MainActor async code that sleeps with Task.sleep")
    }

    func testExploreFindsTheDoubleTapFromAnAsyncTestMethod() async throws {
        let bug = try XCTUnwrap(AsyncOrderingBug.all.first { $0.name.contains("double tap") })
        do {
            try await MockDispatchable.explore(schedules: 1_000, seed: 7) { mock in try await bug.run(mock, true) }
            XCTFail("the double tap was not found")
        } catch let error as MockDispatchableError {
            XCTAssertEqual(error.kind, .scheduleFailed)
            let schedule = try XCTUnwrap(error.schedule)
            do {
                try await MockDispatchable.replay(schedule) { mock in try await bug.run(mock, true) }
                XCTFail("the replay passed")
            } catch let replayed as MockDispatchableError {
                XCTAssertEqual(replayed.schedule, schedule)
            }
        }
    }

    func testTheFixedCheckoutPassesEverySchedule() async throws {
        let bug = try XCTUnwrap(AsyncOrderingBug.all.first { $0.name.contains("double tap") })
        let report = try await MockDispatchable.exploreAll { mock in try await bug.run(mock, false) }
        XCTAssertTrue(report.isExhaustive)
        XCTAssertGreaterThan(report.distinctSchedules, 1)
    }
}
