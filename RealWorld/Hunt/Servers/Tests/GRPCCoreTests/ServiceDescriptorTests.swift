// Ported from grpc-swift-2 2.4.3, Tests/GRPCCoreTests/ServiceDescriptorTests.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test file, as upstream wrote it but for these changes:
// - one trait added to each of its 2 Swift Testing `@Test`s.
// - `import DispatchableTesting` added before the first import.
// Trait: .explored(schedules: 300, seed: 1) on every test unless said below.

/*
 * Copyright 2024, gRPC Authors All rights reserved.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
import DispatchableTesting
import GRPCCore
import Testing

@Suite
struct ServiceDescriptorTests {
  @Test(
    "Decompose fully qualified service name", .explored(schedules: 300, seed: 1),
    arguments: [
      ("foo.bar.baz", "foo.bar", "baz"),
      ("foo.bar", "foo", "bar"),
      ("foo", "", "foo"),
      ("..", ".", ""),
      (".", "", ""),
      ("", "", ""),
    ]
  )
  @available(gRPCSwift 2.0, *)
  func packageAndService(fullyQualified: String, package: String, service: String) {
    let descriptor = ServiceDescriptor(fullyQualifiedService: fullyQualified)
    #expect(descriptor.fullyQualifiedService == fullyQualified)
    #expect(descriptor.package == package)
    #expect(descriptor.service == service)
  }

  @Test("CustomStringConvertible", .explored(schedules: 300, seed: 1))
  @available(gRPCSwift 2.0, *)
  func description() {
    let descriptor = ServiceDescriptor(fullyQualifiedService: "foo.Foo")
    #expect(String(describing: descriptor) == "foo.Foo")
  }
}
