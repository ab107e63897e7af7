// Not upstream's: on Linux only, stand-ins for the names the player code uses from os and
// AVFoundation (see the case README). On Apple platforms this file is empty.
import Foundation
#if !canImport(os)
struct Logger {
  init(subsystem: String, category: String) {}
  func debug(_ message: String) {}
  func info(_ message: String) {}
  func warning(_ message: String) {}
  func error(_ message: String) {}
}
#endif
#if !canImport(AVFoundation)
let AVFoundationErrorDomain = "AVFoundationErrorDomain"
#endif
#if !canImport(AVFoundation)
struct CMTime: Sendable {
  var seconds: Double
  init(seconds: Double, preferredTimescale: Int32) { self.seconds = seconds }
  static let zero = CMTime(seconds: 0, preferredTimescale: 1)
}
class AVPlayer {
  func seek(
    to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
    completionHandler: @escaping (Bool) -> Void
  ) { completionHandler(true) }
}
#endif
#if !canImport(AVFoundation)
/// The AVError codes PlaybackErrorHandler reads (their values as AVFoundation has them).
enum AVError: Int {
  case fileFormatNotRecognized = -11828
  case failedToParse = -11853
  case decoderNotFound = -11833
  case decoderTemporarilyUnavailable = -11839
  case formatUnsupported = -11822
  case contentIsUnavailable = -11863
}
#endif
