// From pointfreeco/swift-composable-architecture, Tests/ComposableArchitectureTests/CurrentValueRelayTests.swift
// at 56149436a3c3dbf605a89a204aaa904de8ba4580 (the fix, PR #3447, which added this test):
// CurrentValueRelayTests.testConcurrentSendAndReceive.
// Changes: `@preconcurrency import Combine` → `@preconcurrency import OpenCombine` (Combine is
// Apple-only; the kernel uses OpenCombine too, see README.md);
// `@testable @preconcurrency import ComposableArchitecture` removed (the kernel is compiled into
// this module) and `import ConcurrencyExtras` added in its place (for `LockIsolated`, which
// ComposableArchitecture re-exported); `import XCTest` → `import BugBenchSupport` + `import Testing`;
// `final class CurrentValueRelayTests: BaseTCATestCase {` → `@Suite struct CurrentValueRelayTests: XCTestCaseShim {`
// (BaseTCATestCase's tearDown — checking TCA's effect-cancellation table and its logger, neither of
// which is in the kernel — is not called); `@Test(.bugBench)` on the kept test; the file's other test
// (`testConcurrentSend`, older than the fix) left out.

#if DEBUG
  @preconcurrency import OpenCombine
  import ConcurrencyExtras
  import BugBenchSupport
  import Testing

  @Suite struct CurrentValueRelayTests: XCTestCaseShim {
    @Test(.bugBench)
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    func testConcurrentSendAndReceive() async {
      nonisolated(unsafe) let subject = CurrentValueRelay(0)
      let values = LockIsolated<Set<Int>>([])
      let cancellable = subject.sink { (value: Int) in
        values.withValue {
          _ = $0.insert(value)
        }
      }

      let receives = Task.detached { @Sendable in
        for await _ in subject.values {}
      }

      await withTaskGroup(of: Void.self) { group in
        for index in 1...1_000 {
          group.addTask { @Sendable in
            subject.send(index)
          }
        }
      }

      receives.cancel()
      _ = await receives.value

      XCTAssertEqual(values.value, Set(Array(0...1_000)))

      _ = cancellable
    }
  }
#endif
