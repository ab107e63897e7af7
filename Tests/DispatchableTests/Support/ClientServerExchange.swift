import Foundation

// Shared by the tests (`AsyncLongRunMinimisationTests`) and the benchmarks (`Benchmarks/` links
// this file): a long async run whose failure takes the minimiser its budget.

/// A client and a server over an in-memory transport (two `AsyncStream`s), forty requests and a
/// cancellation: a run of a few hundred jobs. The bug: the client still delivers the response to a
/// request it cancelled, when the cancellation lands before the response does.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
enum ClientServerExchange {
    struct DeliveredAfterCancel: Error, CustomStringConvertible {
        let request: Int
        var description: String { "the response to request \(request) was delivered after it was cancelled" }
    }

    static let requests = 40
    static let cancelledRequest = 30

    static func run(buggy: Bool) async throws {
        let (requests, send) = AsyncStream<Int>.makeStream()
        let (responses, reply) = AsyncStream<Int>.makeStream()
        let cancelled = LockedValue<Set<Int>>([])
        let deliveredAfterCancel = LockedValue(false)
        let server = Task {
            for await request in requests {
                await Task.yield()  // the handler's own work
                reply.yield(request)
            }
            reply.finish()
        }
        let client = Task { () -> [Int] in
            var delivered: [Int] = []
            for await response in responses {
                if cancelled.value.contains(response) {
                    guard buggy else { continue }
                    deliveredAfterCancel.value = true
                }
                delivered.append(response)
            }
            return delivered
        }
        var canceller: Task<Void, Never>?
        for request in 0..<Self.requests {
            send.yield(request)
            await Task.yield()
            if request == Self.cancelledRequest + 3 {
                canceller = Task { cancelled.mutate { _ = $0.insert(Self.cancelledRequest) } }
            }
        }
        send.finish()
        await canceller?.value
        await server.value
        _ = await client.value
        if deliveredAfterCancel.value { throw DeliveredAfterCancel(request: Self.cancelledRequest) }
    }
}
