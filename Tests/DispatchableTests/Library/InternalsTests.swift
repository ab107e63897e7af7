import Foundation
import Testing

@testable import Dispatchable

@Suite("Internal helpers")
struct InternalsTests {
    @Test func lockedSerialisesConcurrentMutation() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func delayedWorkCallsItsCancelActionOnce() {
        let calls = Locked(0)
        let token = DelayedWork { calls.withLock { $0 += 1 } }
        #expect(!token.isCancelled)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in token.cancel() }
        #expect(calls.withLock { $0 } == 1)
        #expect(token.isCancelled)
    }

    @Test func dispatchThreadDescriptions() {
        #expect(DispatchThread.main.description == "main")
        #expect(DispatchThread.offload.description == "offload")
        #expect(DispatchThread.after(0.5).description == "after(0.5)")
        #expect(DispatchThread.after(2).description == "after(2)")
        #expect(DispatchThread.after(.nan).description == "after(nan)")
        #expect(DispatchThread.after(-.infinity).description == "after(-inf)")
        #expect(DispatchThread.after(1).isMain && DispatchThread.main.isMain && !DispatchThread.offload.isMain)
    }
}
