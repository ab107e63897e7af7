// From groue/Semaphore, Tests/SemaphoreTests/AsyncSemaphoreTests.swift at
// b12e9c28d6c3d09c5ea8a261c8bd89530034f4f0 (the latest revision of the regression test that
// f77df05c666d8a5e9cdf1a01740a74a9663cad22 "Failing test for #3" added for the fix edab432):
// AsyncSemaphoreTests.test_that_cancellation_before_suspension_increments_the_semaphore_two.
// At f77df05 the test ended with XCTest's blocking `wait(for: [ex], timeout: 0.5)`; upstream's own
// later commit b12e9c2 ("Fix compiler warnings") turned it into
// `await fulfillment(of: [ex], timeout: 0.5)`, which is the revision kept here (the body is
// otherwise identical to f77df05's).
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`;
// `@testable import Semaphore` removed (the kernel is compiled into this module);
// `final class AsyncSemaphoreTests: XCTestCase {` → `@Suite struct AsyncSemaphoreTests: XCTestCaseShim {`;
// `@Test(.bugBench)` on the kept test; every other test of the file left out.

import Dispatch
import BugBenchSupport
import Testing

@Suite struct AsyncSemaphoreTests: XCTestCaseShim {
    
    // Inspired by <https://github.com/groue/Semaphore/pull/3>
    @Test(.bugBench)
    func test_that_cancellation_before_suspension_increments_the_semaphore_two() async {
        // Given a task that waits for a semaphore with value 1 after the
        // task has been cancelled,
        let sem = AsyncSemaphore(value: 1)
        let task = Task {
            while !Task.isCancelled {
                await Task.yield()
            }
            try await sem.waitUnlessCancelled()
        }
        task.cancel()
        try? await task.value
        
        // When a second task waits for this semaphore,
        let ex = expectation(description: "wait")
        Task {
            await sem.wait()
            ex.fulfill()
        }
        
        // Then the second task is not suspended.
        await fulfillment(of: [ex], timeout: 0.5)
    }
}
