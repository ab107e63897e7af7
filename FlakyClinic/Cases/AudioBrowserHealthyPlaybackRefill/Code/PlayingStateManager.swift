import Foundation
#if canImport(NitroModules)
  import NitroModules
#endif

/// Manages the playing state (playing and buffering flags) and notifies when they change.
@MainActor
class PlayingStateManager {
  private(set) var playing: Bool = false
  private(set) var buffering: Bool = false

  private let onChange: (PlayingState) -> Void

  init(onChange: @escaping (PlayingState) -> Void) {
    self.onChange = onChange
  }

  func update(playWhenReady: Bool, state: PlaybackState) {
    let newPlaying =
      playWhenReady && !(state == .error || state == .ended || state == .none || state == .stopped)
    let newBuffering = playWhenReady && (state == .loading || state == .buffering)

    if newPlaying != playing || newBuffering != buffering {
      playing = newPlaying
      buffering = newBuffering
      onChange(PlayingState(playing: playing, buffering: buffering))
    }
  }

  func toPlayingState() -> PlayingState {
    PlayingState(playing: playing, buffering: buffering)
  }
}
