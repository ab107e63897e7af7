// Ported from async-kit 1.22.0, Tests/AsyncKitTests/EventLoopGroup+FutureTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import AsyncKit
import NIOCore
import Testing

@Suite
struct EventLoopGroupFutureTests {
    @Test(.explored(schedules: 300, seed: 1))
    func futureVoid() async throws {
        await #expect(throws: Never.self) { try await NIOSingletons.posixEventLoopGroup.future().get() }
        await #expect(throws: Never.self) { try await NIOSingletons.posixEventLoopGroup.any().future().get() }
    }

    @Test(.explored(schedules: 300, seed: 1))
    func future() async throws {
        #expect(try await NIOSingletons.posixEventLoopGroup.future(1).get() == 1)
        #expect(try await NIOSingletons.posixEventLoopGroup.any().future(1).get() == 1)

        #expect(try await NIOSingletons.posixEventLoopGroup.future(true).get() == true)
        #expect(try await NIOSingletons.posixEventLoopGroup.any().future("foo").get() == "foo")
    }

    @Test(.explored(schedules: 300, seed: 1))
    func futureError() async throws {
        let groupErr: EventLoopFuture<Int> = NIOSingletons.posixEventLoopGroup.future(error: TestError.notEqualTo1)
        let eventLoopErr: EventLoopFuture<String> = NIOSingletons.posixEventLoopGroup.any().future(error: TestError.notEqualToBar)

        await #expect(throws: (any Error).self) { try await groupErr.get() }
        await #expect(throws: (any Error).self) { try await eventLoopErr.get() }
    }
}
