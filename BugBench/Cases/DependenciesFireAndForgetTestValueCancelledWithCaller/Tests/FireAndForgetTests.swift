// From pointfreeco/swift-dependencies, Tests/DependenciesTests/FireAndForgetTests.swift at
// aa3bf22d6f3e6fcb8f3d8e1e84db379daa364871 ("Fire-and-forget should not participate in cooperative
// cancellation. (#59)", the fix, which added this test): FireAndForgetTests.testTestContext_Cancellation.
// Changes: `import XCTest` → `import BugBenchSupport` + `import Testing`; `import Dependencies` kept
// (the kernel's FireAndForget.swift shadows the package's own `fireAndForget`: the package is
// the offline copy at 1.17.1, which provides `@Dependency`, `DependencyValues` and `ActorIsolated`);
// `@MainActor final class FireAndForgetTests: XCTestCase {` →
// `@MainActor @Suite struct FireAndForgetTests: XCTestCaseShim {`; `@Test(.bugBench)` on the kept
// test; every other test of the file left out.
import BugBenchSupport
import Dependencies
import Testing

@MainActor
@Suite struct FireAndForgetTests: XCTestCaseShim {
  @Dependency(\.fireAndForget) var fireAndForget

  @Test(.bugBench)
  func testTestContext_Cancellation() async throws {
    let didExecute = ActorIsolated(false)

    let task = Task {
      await self.fireAndForget {
        try await Task.sleep(nanoseconds: 1_000_000_000)
        await didExecute.setValue(true)
      }
    }
    try await Task.sleep(nanoseconds: 500_000_000)
    task.cancel()
    await task.value

    let value = await didExecute.value
    XCTAssertEqual(value, true)
  }

}
