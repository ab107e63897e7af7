// From apple/swift-async-algorithms, Tests/AsyncAlgorithmsTests/Support/Failure.swift at
// ffa6ee9f0bec1ebe569bd8815e6a7d406e929e53 (the parent of the fix 7e45005): the helper the kept
// test uses. Changes: none (this header only).

//===----------------------------------------------------------------------===//
//
// This source file is part of the Swift Async Algorithms open source project
//
// Copyright (c) 2022 Apple Inc. and the Swift project authors
// Licensed under Apache License v2.0 with Runtime Library Exception
//
// See https://swift.org/LICENSE.txt for license information
//
//===----------------------------------------------------------------------===//

struct Failure: Error, Equatable { }

func throwOn<T: Equatable>(_ toThrowOn: T, _ value: T) throws -> T {
  if value == toThrowOn {
    throw Failure()
  }
  return value
}
