import Foundation

/// Protocol abstracting sleep timer for testability.
/// PlaybackCoordinator uses this instead of SleepTimerManager directly.
@MainActor protocol SleepTimerHandling: AnyObject {
  var onComplete: (() -> Void)? { get set }
  /// Invoked when the fade-out window of a time-based timer begins.
  var onFadeStart: ((_ duration: TimeInterval) -> Void)? { get set }
  /// Invoked when a timer is cancelled/replaced while its fade may be running —
  /// the listener restores the pre-fade volume.
  var onFadeCancel: (() -> Void)? { get set }
  @discardableResult func clear() -> Bool
  func onTrackChanged()
  func onTrackPlayedToEnd()
}
