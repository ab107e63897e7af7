// From apple/swift-async-algorithms, Tests/AsyncAlgorithmsTests/Support/Indefinite.swift at
// 5bbdcc1d37990cca524852c5a3924c02fa2da983 (the parent of the fix da4e36f): the helper the kept
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

struct Indefinite<Element: Sendable>: Sequence, IteratorProtocol, Sendable {
  let value: Element
  
  func next() -> Element? {
    return value
  }
  
  func makeIterator() -> Indefinite<Element> {
    self
  }
}
