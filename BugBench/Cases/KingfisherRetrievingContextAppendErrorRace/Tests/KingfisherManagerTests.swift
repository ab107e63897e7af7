// From onevcat/Kingfisher, Tests/KingfisherTests/KingfisherManagerTests.swift at
// c5e09d4e83a6581fce447affb24d50de1d8b1b50 (the fix, PR #2541): the regression test the commit added,
// KingfisherManagerTests.testContextAppendErrorIsThreadSafe, verbatim.
// Changes:
// - `import XCTest` → `import BugBenchSupport`; `import Foundation` and `import Testing` added;
//   `@testable import Kingfisher` removed (the kernel is in this module).
// - `class KingfisherManagerTests: XCTestCase {` → `@Suite struct KingfisherManagerTests: XCTestCaseShim {`;
//   `@Test(.bugBench)` on the kept test; the file's other tests, its `manager` property and the
//   `CallingChecker` helper removed.
// - The class's setUp/tearDown (start/stop LSNocilla, make a `KingfisherManager` with a fresh
//   `ImageDownloader`/`ImageCache`, clear caches and stubs) are not called: the test uses none of
//   them, and they are out of the kernel (Apple-only / not part of the race).
//
//  KingfisherManagerTests.swift
//  Kingfisher
//
//  Created by Wei Wang on 15/10/22.
//
//  Copyright (c) 2019 Wei Wang <onevcat@gmail.com>
//
//  Permission is hereby granted, free of charge, to any person obtaining a copy
//  of this software and associated documentation files (the "Software"), to deal
//  in the Software without restriction, including without limitation the rights
//  to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
//  copies of the Software, and to permit persons to whom the Software is
//  furnished to do so, subject to the following conditions:
//
//  The above copyright notice and this permission notice shall be included in
//  all copies or substantial portions of the Software.
//
//  THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
//  IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
//  FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
//  AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
//  LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//  OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
//  THE SOFTWARE.


import BugBenchSupport
import Foundation
import Testing

@Suite struct KingfisherManagerTests: XCTestCaseShim {

    // Regression test for a data race on `RetrievingContext`. The type is `@unchecked Sendable`
    // and protects `_options` with `propertyQueue`, but `propagationErrors` used to be an
    // unsynchronized `var` that is appended from `@Sendable` download completion handlers across
    // alternative-source failovers. Hammering `appendError` concurrently must record every append
    // (and stay clean under Thread Sanitizer); the unsynchronized version loses updates and races.
    @Test(.bugBench)
    func testContextAppendErrorIsThreadSafe() {
        let info = KingfisherParsedOptionsInfo(nil)
        let source = Source.network(URL(string: "https://example.com/a.png")!)
        let context = RetrievingContext<Source>(options: info, originalSource: source)
        let error = KingfisherError.requestError(reason: .emptyRequest)

        let workers = 8
        let perWorker = 250
        let queue = DispatchQueue(label: "test.context.append", attributes: .concurrent)
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            queue.async {
                for _ in 0..<perWorker {
                    context.appendError(error, to: source)
                    _ = context.propagationErrors
                }
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(context.propagationErrors.count, workers * perWorker)
    }
}
