import XCTest

@testable import Dispatchable

// The seed example exactly as a Swift 5-mode client writes it.

class MyClass {
    let dispatch: Dispatchable
    var state = "no state"
    init(dispatch: Dispatchable = GCD()) { self.dispatch = dispatch }
    func doSomethingComplex(completion: @escaping () -> Void) {
        dispatch.offload {
            self.state = "changed state"
            self.dispatch.main { completion() }
        }
    }
}

final class SeedExampleSwift5Tests: XCTestCase {
    func testSeedExample() {
        let mockedDispatchable = MockDispatchable()
        let complexClass = MyClass(dispatch: mockedDispatchable)
        var checked: [DispatchThread] = []
        mockedDispatchable.didEnterThread = { thread in
            if thread == .offload { XCTAssertEqual(complexClass.state, "no state") }
            checked.append(thread)
        }
        mockedDispatchable.didExitThread = { thread in
            if thread == .offload { XCTAssertEqual(complexClass.state, "changed state") }
        }
        var completed = false
        complexClass.doSomethingComplex {
            XCTAssert(mockedDispatchable.recorder.isMainThread)
            completed = true
        }
        XCTAssertTrue(completed)
        XCTAssertEqual(checked, [.offload, .main])
    }
}
