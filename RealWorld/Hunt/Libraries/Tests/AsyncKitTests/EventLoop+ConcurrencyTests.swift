// Ported from async-kit 1.22.0, Tests/AsyncKitTests/EventLoop+ConcurrencyTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import AsyncKit
import NIOCore
import Testing

@Suite
struct EventLoopConcurrencyTests {
    @Test(.explored(schedules: 300, seed: 1))
    func groupMakeFutureWithTask() async throws {
        @Sendable
        func getOne() async throws -> Int {
            return 1
        }
        let expectedOne = NIOSingletons.posixEventLoopGroup.makeFutureWithTask {
            try await getOne()
        }
        
        #expect(try await expectedOne.get() == 1)
    }
}

