// The test of Flaky.swift, as it is, with `.explored(schedules: 300, seed: 1)`: 300 schedules
// (seed 1) of its tasks, actors and sleeps, in the orders real Swift concurrency allows, on virtual
// time. Changes, and nothing else:
// - `@Test @MainActor` → `@Test(.explored(schedules: 300, seed: 1)) @MainActor`;
// - imports: `@testable import Dispatchable` and `import DispatchableTesting` added.
// The test's real-time waits and its expectations are kept as upstream wrote them: under the trait
// its `Task.sleep`s and the code's run on virtual time, and the explorer looks for the order that
// breaks it (see ../../README.md, "What exploration names").
// @testable import AudioBrowserTestable
import Foundation
import Testing
@testable import Dispatchable
import DispatchableTesting

/// Sustained audible playback proves the stream recovered, so the retry
/// window/attempt counters must refill (mirrors Android's healthy-playback
/// refill) — otherwise a long-lived stream permanently loses retry after its
/// first recovered blip.
@Suite("PlaybackCoordinator - healthy playback resets retry budget")
struct HealthyPlaybackRetryResetTests {
  @Test(.explored(schedules: 300, seed: 1)) @MainActor
  func sustainedPlayback_resetsRetryBudget() async throws {
    let retryHandler = MockRetryHandling()
    let errorHandler = PlaybackErrorHandler(retryHandler: retryHandler)
    let coordinator = PlaybackCoordinator(
      errorHandler: errorHandler, sleepTimerManager: MockSleepTimerHandling(),
    )
    let effectHandler = MockPlaybackEffectHandler()
    coordinator.effectHandler = effectHandler
    coordinator.healthyPlaybackDuration = 0.01

    coordinator.transition(.avPlayerPlaying)
    try await Task.sleep(nanoseconds: 100_000_000)

    #expect(retryHandler.resetCallCount == 1)
  }
}

// ios/Tests/Support/TestTypes.swift (the three mocks the test uses):

// MARK: - Mock PlaybackEffectHandler

@MainActor
final class MockPlaybackEffectHandler: PlaybackEffectHandler {
  // Playback control
  var startPlaybackCallCount = 0
  var pausePlaybackCallCount = 0
  var setTimePitchCallCount = 0

  func startPlayback() { startPlaybackCallCount += 1 }
  func pausePlayback() { pausePlaybackCallCount += 1 }
  func setTimePitchingAlgorithmForCurrentItem() { setTimePitchCallCount += 1 }

  // Player volume
  var volume: Float = 1

  // AVPlayer state queries
  var currentTime: Double = 0
  var duration: Double = 0
  var bufferedPosition: Double = 0
  var hasLoadedAsset: Bool = false

  // Item management
  var clearCurrentItemCallCount = 0
  var stopObservingCurrentItemCallCount = 0

  func clearCurrentItem() { clearCurrentItemCallCount += 1 }
  func stopObservingCurrentItem() { stopObservingCurrentItemCallCount += 1 }

  // Track loading
  var loadTrackCalls: [String] = []
  var loadTrackTracks: [Track] = []
  var reloadTrackCalls: [Bool] = []
  var unloadTrackCallCount = 0
  var cancelMediaLoadingCallCount = 0

  func loadTrack(src: String, track: Track) {
    loadTrackCalls.append(src)
    loadTrackTracks.append(track)
  }

  func reloadTrack(startFromCurrentTime: Bool) { reloadTrackCalls.append(startFromCurrentTime) }
  func unloadTrack() { unloadTrackCallCount += 1 }
  func cancelMediaLoading() { cancelMediaLoadingCallCount += 1 }

  // Seek operations
  var seekToStartCallCount = 0
  var replayCurrentTrackCallCount = 0

  func seekToStart() { seekToStartCallCount += 1 }
  func replayCurrentTrack() { replayCurrentTrackCallCount += 1 }

  // Now Playing
  var loadNowPlayingMetadataCalls: [Track] = []
  var clearNowPlayingCallCount = 0
  var updateNowPlayingStateCalls: [Bool] = []

  func loadNowPlayingMetadata(for track: Track) {
    loadNowPlayingMetadataCalls.append(track)
  }

  func clearNowPlaying() { clearNowPlayingCallCount += 1 }
  func updateNowPlayingState(playWhenReady: Bool) {
    updateNowPlayingStateCalls.append(playWhenReady)
  }

  // Remote commands
  var updateRemoteRepeatModeCalls: [RepeatMode] = []
  var updateRemoteShuffleModeCalls: [Bool] = []

  func updateRemoteRepeatMode(_ mode: RepeatMode) {
    updateRemoteRepeatModeCalls.append(mode)
  }

  func updateRemoteShuffleMode(_ enabled: Bool) {
    updateRemoteShuffleModeCalls.append(enabled)
  }

  var updateSkipAvailabilityCalls: [(canNext: Bool, canPrevious: Bool)] = []
  func updateSkipAvailability(canNext: Bool, canPrevious: Bool) {
    updateSkipAvailabilityCalls.append((canNext, canPrevious))
  }
}

// MARK: - Mock SleepTimerHandling

@MainActor
final class MockSleepTimerHandling: SleepTimerHandling {
  var onComplete: (() -> Void)?
  var onFadeStart: ((_ duration: TimeInterval) -> Void)?
  var onFadeCancel: (() -> Void)?
  var trackChangedCallCount = 0
  var trackPlayedToEndCallCount = 0
  var clearCallCount = 0

  @discardableResult func clear() -> Bool {
    clearCallCount += 1
    return true
  }

  func onTrackChanged() { trackChangedCallCount += 1 }
  func onTrackPlayedToEnd() { trackPlayedToEndCallCount += 1 }
}

// MARK: - Mock RetryHandling

@MainActor
final class MockRetryHandling: RetryHandling {
  var isEnabled = true
  var hasPlayed = false
  var isRetryableResult = false
  var attemptRetryResult = false
  var attemptRetryDelayNs: UInt64 = 0
  var resetCallCount = 0

  func isRetryable(_: Error?) -> Bool { isRetryableResult }
  func attemptRetry(startFromCurrentTime _: Bool) async -> Bool {
    if attemptRetryDelayNs > 0 {
      try? await Task.sleep(nanoseconds: attemptRetryDelayNs)
    }
    return attemptRetryResult
  }

  func reset() { resetCallCount += 1 }
}
