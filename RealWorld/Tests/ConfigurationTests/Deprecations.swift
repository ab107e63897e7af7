// Ported from swift-configuration 1.4.0, Tests/ConfigurationTests/Deprecations.swift (Apache License v2.0, SPDX-License-Identifier: Apache-2.0).
// Test support, verbatim.

//===----------------------------------------------------------------------===//
//
// This source file is part of the SwiftConfiguration open source project
//
// Copyright (c) 2025 Apple Inc. and the SwiftConfiguration project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See CONTRIBUTORS.txt for the list of SwiftConfiguration project authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Configuration
import SystemPackage

/// Test that deprecated symbols are still usable.
@available(Configuration 1.0, *)
@available(*, deprecated)
struct Deprecations {}
