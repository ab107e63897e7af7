// From onevcat/Kingfisher, Tests/KingfisherTests/ImageDownloaderTests.swift at
// 2a04665c993b732c3b202c0d3e45226afb79f18d (the fix, PR #2539): the regression test the PR added,
// ImageDownloaderTests.testForceCancelConcurrentWithAddCallbackIsThreadSafe, verbatim.
// Changes:
// - `import XCTest` → `import BugBenchSupport`; `import Testing` added; `@testable import Kingfisher`
//   removed (the kernel is in this module).
// - `#if canImport(FoundationNetworking) import FoundationNetworking #endif` added (Linux: URLSession
//   lives there); `import Foundation` added (XCTest re-exported it upstream).
// - `class ImageDownloaderTests: XCTestCase {` → `@Suite struct ImageDownloaderTests: XCTestCaseShim {`;
//   `@Test(.bugBench)` on the kept test; the file's other tests removed.
// - The class's setUp/tearDown (start/stop LSNocilla, make an `ImageDownloader`, clear its stubs)
//   are not called: the test uses neither the downloader nor a stub, and both are left out of the
//   kernel (Apple-only / not part of the race).
//
//  ImageDownloaderTests.swift
//  Kingfisher
//
//  Created by Wei Wang on 15/4/10.
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
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite struct ImageDownloaderTests: XCTestCaseShim {

    // Regression test for a data race in `SessionDataTask.forceCancel()`.
    //
    // `forceCancel()` — reachable from the public `ImageDownloader.cancelAll()` / `cancel(url:)`
    // on arbitrary caller threads — used to iterate `callbacksStore.keys` without holding `lock`,
    // while the session delegate queue mutates the store through `addCallback`. That is a
    // read/write data race on a Swift `Dictionary` (reported by Thread Sanitizer and able to
    // crash on rehash). This test hammers both paths concurrently; with the snapshot-under-lock
    // fix it completes without crashing and stays clean under TSan.
    @Test(.bugBench)
    func testForceCancelConcurrentWithAddCallbackIsThreadSafe() {
        let url = URL(string: "https://example.com/forceCancelRace.png")!
        let options = KingfisherParsedOptionsInfo(nil)
        let urlTask = URLSession.shared.dataTask(with: url)
        let queue = DispatchQueue(label: "test.forceCancel.race", attributes: .concurrent)

        for _ in 0..<500 {
            let sessionTask = SessionDataTask(task: urlTask)
            // Pre-load callbacks so `forceCancel` always has tokens to iterate.
            for _ in 0..<8 {
                _ = sessionTask.addCallback(.init(onCompleted: nil, options: options))
            }

            let group = DispatchGroup()
            // Writer: keep inserting into `callbacksStore`.
            group.enter()
            queue.async {
                for _ in 0..<16 {
                    _ = sessionTask.addCallback(.init(onCompleted: nil, options: options))
                }
                group.leave()
            }
            // Reader under test: iterate + cancel concurrently with the writer.
            group.enter()
            queue.async {
                sessionTask.forceCancel()
                group.leave()
            }
            group.wait()
        }
    }
}
