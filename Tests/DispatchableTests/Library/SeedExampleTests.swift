import Foundation
import XCTest

@testable import Dispatchable

/// The seed library's README example, modernised only where Swift 6 demands: `MyClass` keeps
/// its state in a lock-protected box so that it is truly `Sendable`, and the completion is
/// main-actor work.
final class MyClass: Sendable {
    let dispatch: Dispatchable
    private let stored = LockedValue("no state")
    var state: String {
        get { stored.value }
        set { stored.value = newValue }
    }

    init(dispatch: Dispatchable = GCD()) { self.dispatch = dispatch }

    func doSomethingComplex(completion: @escaping @MainActor @Sendable () -> Void) {
        dispatch.offload {
            self.state = "changed state"
            self.dispatch.main { completion() }
        }
    }
}

final class SeedExampleTests: XCTestCase {
    func testSeedExampleRunsAsWritten() {
        let mockedDispatchable = MockDispatchable()
        let complexClass = MyClass(dispatch: mockedDispatchable)
        var checks: [String] = []
        mockedDispatchable.didEnterThread = { thread in
            if thread == .offload {
                XCTAssertEqual(complexClass.state, "no state")
                checks.append("enter offload")
            }
        }
        mockedDispatchable.didExitThread = { thread in
            if thread == .offload {
                XCTAssertEqual(complexClass.state, "changed state")
                checks.append("exit offload")
            }
        }
        let completed = LockedValue(false)
        complexClass.doSomethingComplex {
            XCTAssert(mockedDispatchable.recorder.isMainThread)
            completed.value = true
        }
        XCTAssertTrue(completed.value)
        XCTAssertEqual(checks, ["enter offload", "exit offload"])
        XCTAssertEqual(mockedDispatchable.recorder.enteredThreads, [.offload, .main])
    }

    func testSeedExampleOnRealGCD() throws {
        let complexClass = MyClass()
        let completed = LockedValue(false)
        complexClass.doSomethingComplex {
            XCTAssertTrue(Thread.isMainThread)
            completed.value = true
        }
        try waitUntil(timeout: 30) { completed.value }
        XCTAssertEqual(complexClass.state, "changed state")
    }

    func testSeedProductionSnippetRunsOnRealQueues() throws {
        let dispatch = GCD()
        let log = LockedValue<[String]>([])
        dispatch.offload { log.mutate { $0.append("This happens on a separate thread.") } }
        dispatch.main { log.mutate { $0.append("This happens on the main thread.") } }
        dispatch.after(0.05) { log.mutate { $0.append("This happens on the main thread after a delay.") } }
        try waitUntil(timeout: 30) { log.value.count == 3 }
        XCTAssertEqual(log.value.last, "This happens on the main thread after a delay.")
    }
}
