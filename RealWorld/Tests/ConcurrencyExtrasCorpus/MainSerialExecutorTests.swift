// Ported near-verbatim from swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift.
// Copyright (c) 2023 Point-Free. MIT License.
//
// Each test below is the package's own test function, unchanged but for `@Test(.corpus(…))` in
// place of XCTestCase's discovery: the trait explores `run`, the function called on a fresh suite
// instance (XCTest's assertions are CorpusSupport's shims, which fail the schedule they happen in).
// Its comment names the source file and test.
// Issue #33 class C: withMainSerialExecutor installs swift_task_enqueueGlobal_hook process-wide, inside the
// explored body: the explorer refuses such a run with .unsupported naming the hook. MainSerialExecutorTestsUnexplored
// runs the same tests as upstream does, unexplored, in parallel with the rest of the corpus: the hook they
// install process-wide must not change the verdict of any exploration running beside them. The source's tests that assert Thread.current.isMainThread are not ported: Swift Testing on
// Linux drains the main queue off the main thread (SPEC, Linux facts), so they fail there unexplored.

import ConcurrencyExtras
import CorpusSupport
import Testing

/// Why the explored withMainSerialExecutor tests are refused (issue #33, class C).
private let HOOK = "withMainSerialExecutor replaces the global-enqueue hook the explorer captures Task {}s through"

@Suite struct MainSerialExecutorTests: XCTestCaseShim {
  init() {}

  // swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift: MainSerialExecutorTests.testSerializedExecution
  @Test(.corpus("swift-concurrency-extras 1.4.3 Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift MainSerialExecutorTests.testSerializedExecution", schedules: 20, expecting: .outOfScope(.unsupported, why: HOOK), refusedByPublicCapture: "a @MainActor hop (withMainSerialExecutor is @MainActor)", run: { await MainSerialExecutorTests().testSerializedExecution() }))
    func testSerializedExecution() async {
      let xs = LockIsolated<[Int]>([])
      await withMainSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for x in 1...1000 {
            group.addTask {
              xs.withValue { $0.append(x) }
            }
          }
        }
      }
      XCTAssertEqual(Array(1...1000), xs.value)
    }

  // swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift: MainSerialExecutorTests.testSerializedExecution_YieldEveryOtherValue
  @Test(.corpus("swift-concurrency-extras 1.4.3 Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift MainSerialExecutorTests.testSerializedExecution_YieldEveryOtherValue", schedules: 20, expecting: .outOfScope(.unsupported, why: HOOK), refusedByPublicCapture: "a @MainActor hop (withMainSerialExecutor is @MainActor)", run: { await MainSerialExecutorTests().testSerializedExecution_YieldEveryOtherValue() }))
    func testSerializedExecution_YieldEveryOtherValue() async {
      let xs = LockIsolated<[Int]>([])
      await withMainSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for x in 1...1000 {
            group.addTask {
              if x.isMultiple(of: 2) { await Task.yield() }
              xs.withValue { $0.append(x) }
            }
          }
        }
      }
      XCTAssertEqual(
        Array(0...499).map { $0 * 2 + 1 } + Array(1...500).map { $0 * 2 },
        xs.value
      )
    }

  // swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift: MainSerialExecutorTests.testSerializedExecution_UnstructuredTasks
  @Test(.corpus("swift-concurrency-extras 1.4.3 Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift MainSerialExecutorTests.testSerializedExecution_UnstructuredTasks", schedules: 20, expecting: .outOfScope(.unsupported, why: HOOK), refusedByPublicCapture: "a @MainActor hop (withMainSerialExecutor is @MainActor)", run: { await MainSerialExecutorTests().testSerializedExecution_UnstructuredTasks() }))
    func testSerializedExecution_UnstructuredTasks() async {
      await withMainSerialExecutor {
        let xs = LockIsolated<[Int]>([])
        for x in 1...1000 {
          Task { xs.withValue { $0.append(x) } }
        }
        while xs.count < 1_000 { await Task.yield() }
        XCTAssertEqual(Array(1...1000), xs.value)
      }
    }
}

@Suite struct MainSerialExecutorTestsUnexplored: XCTestCaseShim {
  init() {}

  // swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift: MainSerialExecutorTests.testSerializedExecution
  @Test
    func testSerializedExecution() async {
      let xs = LockIsolated<[Int]>([])
      await withMainSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for x in 1...1000 {
            group.addTask {
              xs.withValue { $0.append(x) }
            }
          }
        }
      }
      XCTAssertEqual(Array(1...1000), xs.value)
    }

  // swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift: MainSerialExecutorTests.testSerializedExecution_YieldEveryOtherValue
  @Test
    func testSerializedExecution_YieldEveryOtherValue() async {
      let xs = LockIsolated<[Int]>([])
      await withMainSerialExecutor {
        await withTaskGroup(of: Void.self) { group in
          for x in 1...1000 {
            group.addTask {
              if x.isMultiple(of: 2) { await Task.yield() }
              xs.withValue { $0.append(x) }
            }
          }
        }
      }
      XCTAssertEqual(
        Array(0...499).map { $0 * 2 + 1 } + Array(1...500).map { $0 * 2 },
        xs.value
      )
    }

  // swift-concurrency-extras 1.4.3, Tests/ConcurrencyExtrasTests/MainSerialExecutorTests.swift: MainSerialExecutorTests.testSerializedExecution_UnstructuredTasks
  @Test
    func testSerializedExecution_UnstructuredTasks() async {
      await withMainSerialExecutor {
        let xs = LockIsolated<[Int]>([])
        for x in 1...1000 {
          Task { xs.withValue { $0.append(x) } }
        }
        while xs.count < 1_000 { await Task.yield() }
        XCTAssertEqual(Array(1...1000), xs.value)
      }
    }
}
