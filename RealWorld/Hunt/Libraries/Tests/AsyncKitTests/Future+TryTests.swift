// Ported from async-kit 1.22.0, Tests/AsyncKitTests/Future+TryTests.swift (MIT License).
// As upstream wrote it, but for one trait added to each @Test (.explored(schedules: 300, seed: 1))
// and `import DispatchableTesting`.

import DispatchableTesting
import AsyncKit
import NIOCore
import Testing

@Suite
struct FutureTryTests {
    @Test(.explored(schedules: 300, seed: 1))
    func tryFlatMapPropagatesCallbackError() async throws {
        let eventLoop = NIOSingletons.posixEventLoopGroup.any()
        let future = eventLoop.future(0)
            .tryFlatMap { _ -> EventLoopFuture<String> in
                throw TestError.generic
            }

        await #expect(throws: TestError.generic) { try await future.get() }
    }

    @Test(.explored(schedules: 300, seed: 1))
    func tryFlatMapPropagatesInnerError() async {
        let eventLoop = NIOSingletons.posixEventLoopGroup.any()
        let future = eventLoop.future(0)
            .tryFlatMap { _ -> EventLoopFuture<String> in
                eventLoop.makeFailedFuture(TestError.generic)
            }

        await #expect(throws: TestError.generic) { try await future.get() }
    }

    @Test(.explored(schedules: 300, seed: 1))
    func tryFlatMapPropagatesResult() async throws {
        let eventLoop = NIOSingletons.posixEventLoopGroup.any()
        let future = eventLoop.future(0)
            .tryFlatMap { value -> EventLoopFuture<String> in
                eventLoop.makeSucceededFuture(String(describing: value))
            }

        #expect(try await future.get() == "0")
    }
}
