#if canImport(CoreGraphics)
import CoreGraphics  // on Linux, Foundation has CGRect and CGFloat
#endif
import Foundation

/// Stable identifier of a managed window.
///
/// Wraps the system `CGWindowID` so the rest of the codebase never
/// deals with raw integers.
public struct WindowID: Hashable, Sendable, Codable,
    CustomStringConvertible
{
    public let raw: UInt32

    public init(_ raw: UInt32) {
        self.raw = raw
    }

    public var description: String { "window#\(raw)" }
}

// (The rest of WindowModel.swift — the app identity and what follows — is left out: the drag test does not use it.)
