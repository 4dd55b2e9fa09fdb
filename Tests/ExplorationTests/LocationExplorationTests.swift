import Braid
import BraidExploration
import LocationTrackerFeature
import LocationTrackerTools
import Testing

/// The location tracker explored: the unbroken one keeps its rules; one that counts distance
/// while stopped is found and shrunk.
@MainActor
@Suite struct LocationExplorationTests {
  /// The tracker, which adds the way between fixes to the distance whether or not it tracks.
  struct CountsDistanceWhileStopped: Reducer {
    var body: some Reducer<LocationTracker.State, LocationTracker.Action> {
      Reduce { state, action in
        guard case .location(.didUpdateLocations(let fixes)) = action, !state.isTracking,
          let last = state.track.last, let first = fixes.first
        else { return .none }
        state.distance += last.distance(to: first)
        return .none
      }
      LocationTracker()
    }
  }

  @Test func theTrackerKeepsItsRules() async {
    let report = await LocationExploration.exploration().run(seed: 1, steps: ExplorationBudget.steps(100_000))
    #expect(report.counterexample == nil, "\(report)")
    #expect(report.coverage.neverOccurred.isEmpty, "\(report.coverage)")
  }

  @Test func distanceCountedWhileStoppedIsFoundAndShrunk() async throws {
    let report = await LocationExploration.exploration(CountsDistanceWhileStopped()).run(seed: 0, steps: 10_000)
    let counterexample = try #require(report.counterexample, "\(report)")
    #expect(counterexample.steps.count <= 6)
    // Two fixes while stopped: the way between them was counted.
    #expect(!counterexample.after.isTracking)
    #expect(counterexample.after.distance > counterexample.before.distance)
  }
}
