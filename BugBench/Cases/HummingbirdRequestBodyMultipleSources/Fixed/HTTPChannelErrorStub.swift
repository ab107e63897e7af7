//===----------------------------------------------------------------------===//
//
// This source file is part of the Hummingbird server framework project
//
// Copyright (c) 2023-2024 the Hummingbird authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
// See hummingbird/CONTRIBUTORS.txt for the list of Hummingbird authors
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

// BugBench stub — an EXCERPT, not a whole upstream file: the declaration of `HTTPChannelError`,
// verbatim from Sources/HummingbirdCore/Server/HTTP/HTTPChannelHandler.swift (lines 14-19 imports
// reduced to the one it needs, lines 29-34 kept) at b1bc64fe847d59396e9278b7b907380104f7cdc7 (the same
// at the fix). RequestBody.swift throws it; the rest of that file is the NIO channel handler,
// not needed here.
import NIOHTTPTypes

/// Internal error thrown when an unexpected HTTP part is received eg we didn't receive
/// a head part when we expected one
@usableFromInline
package enum HTTPChannelError: Error {
    case unexpectedHTTPPart(HTTPRequestPart)
}
