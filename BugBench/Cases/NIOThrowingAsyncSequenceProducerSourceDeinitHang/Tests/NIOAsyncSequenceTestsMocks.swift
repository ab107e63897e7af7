// From apple/swift-nio, Tests/NIOCoreTests/AsyncSequences/NIOAsyncSequenceTests.swift at
// 6431296d6b820b6d99069d2f640704130d3a01cd (the fix #2258): the licence header and the two mocks
// the kept test uses (`MockNIOElementStreamBackPressureStrategy`,
// `MockNIOBackPressuredStreamSourceDelegate`, lines 19-59), verbatim; the file's own test suite
// is left out.
// Changes: `import NIOCore` and `import XCTest` removed (the kernel is compiled into this module;
// the mocks use nothing of XCTest); the `#if compiler(>=5.5.2) && canImport(_Concurrency)` /
// `#endif` around them dropped.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftNIO open source project
//
// Copyright (c) 2022 Apple Inc. and the SwiftNIO project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftNIO project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

final class MockNIOElementStreamBackPressureStrategy: NIOAsyncSequenceProducerBackPressureStrategy, @unchecked Sendable {
    var didYieldCallCount = 0
    var didYieldHandler: ((Int) -> Bool)?
    func didYield(bufferDepth: Int) -> Bool {
        self.didYieldCallCount += 1
        if let didYieldHandler = self.didYieldHandler {
            return didYieldHandler(bufferDepth)
        }
        return false
    }

    var didNextCallCount = 0
    var didNextHandler: ((Int) -> Bool)?
    func didConsume(bufferDepth: Int) -> Bool {
        self.didNextCallCount += 1
        if let didNextHandler = self.didNextHandler {
            return didNextHandler(bufferDepth)
        }
        return false
    }
}

final class MockNIOBackPressuredStreamSourceDelegate: NIOAsyncSequenceProducerDelegate, @unchecked Sendable {
    var produceMoreCallCount = 0
    var produceMoreHandler: (() -> Void)?
    func produceMore() {
        self.produceMoreCallCount += 1
        if let produceMoreHandler = self.produceMoreHandler {
            return produceMoreHandler()
        }
    }

    var didTerminateCallCount = 0
    var didTerminateHandler: (() -> Void)?
    func didTerminate() {
        self.didTerminateCallCount += 1
        if let didTerminateHandler = self.didTerminateHandler {
            return didTerminateHandler()
        }
    }
}
