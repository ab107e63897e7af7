//
//  AsyncSequences+TimerTests.swift
//  
//
//  Created by Thibault Wittemberg on 06/03/2022.
//

// BugBench: from sideeffect-io/AsyncExtensions, Tests/AsyncSequences/AsyncSequences+TimerTests.swift at
// 242e3911489a374faf2da5f14aa0ed16c7736868 (the fix "timer: finish on cancel"; the file is the same at
// its parent 6d3d520 — the test was added with the Timer in ebb50a0):
// AsyncSequences_TimerTests.testTimer_finishes_when_cancel_is_called.
// Changes: `import AsyncExtensions` removed (the kernel is compiled into this module);
// `import XCTest` → `import BugBenchSupport` + `import Testing`;
// `final class AsyncSequences_TimerTests: XCTestCase {` →
// `@Suite struct AsyncSequences_TimerTests: XCTestCaseShim {`; `@Test(.bugBench)` on the kept test;
// the file's other test (`testTimer_finishes_when_task_is_cancelled`, which cancels the consuming
// task: the stream then ends on its own, whatever the timer's task does) left out.

import BugBenchSupport
import Testing

@Suite struct AsyncSequences_TimerTests: XCTestCaseShim {
    @Test(.bugBench)
    func testTimer_finishes_when_cancel_is_called() async throws {
        let sut = AsyncSequences.Timer(priority: .userInitiated, every: .milliSeconds(100))

        var index = 1
        for try await _ in sut {
            if index == 10 {
                sut.cancel()
            }
            index += 1
        }

        XCTAssertEqual(index, 11)
    }
}
