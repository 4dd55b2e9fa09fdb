import Braid
import BraidExploration
import BraidLocation
import LocationTrackerFeature

/// The location tracker as an exploration sees it: its two buttons, what its manager reports,
/// and its rules.
@MainActor
public enum LocationExploration {
  /// What a user does, weighted.
  public static let actions: [ExplorationAction<LocationTracker.Action>] = [
    .action("toggle", weight: 2, .toggleTrackingTapped),
    .action("one fix", .requestOneFixTapped),
  ]

  /// The fixes the manager reports.
  public static let fixes = [
    Location(latitude: 41.5749, longitude: -93.7505),
    Location(latitude: 41.5750, longitude: -93.7505),
    Location(latitude: 41.5750, longitude: -93.7507),
  ]

  /// The manager reports fixes, access and errors for as long as it runs.
  public static func answers(
    _ effect: DescribedEffect, _ started: LocationTracker.State
  ) -> EffectAnswer<LocationTracker.Action> {
    guard effect.cancellationIDs == ["locationManager"] else { return .never }
    return .repeatedly(
      fixes.map { .location(.didUpdateLocations([$0])) } + [
        .location(.didChangeAuthorization(.authorizedWhenInUse)),
        .location(.didChangeAuthorization(.denied)),
        .location(.didFailWithError(.locationUnknown)),
      ])
  }

  /// The rules the location tracker keeps.
  public static let invariants: [ExplorationInvariant<LocationTracker.State, LocationTracker.Action>] = [
    .effects("the manager runs for as long as the tracker is mounted") { _, effects in
      effects.filter { $0.cancellationIDs == ["locationManager"] }.count == 1
    },
    .transition("distance grows only while tracking") { before, _, after in
      after.distance == before.distance || (before.isTracking && after.distance > before.distance)
    },
    .state("the track keeps at most its length, newest last") { state in
      state.track.count <= LocationTracker.State.trackLength && state.track.last == state.current
    },
  ]

  /// The tracker's state machine, drawn by whether it tracks and what access it has.
  public static func node(_ state: LocationTracker.State) -> String {
    "\(state.isTracking ? "tracking" : "stopped"), \(state.authorization)"
  }

  /// The exploration of `reducer` (the location tracker itself by default, or a broken variant).
  public static func exploration(
    _ reducer: some Reducer<LocationTracker.State, LocationTracker.Action> = LocationTracker()
  ) -> Exploration<LocationTracker.State, LocationTracker.Action> {
    Exploration(
      initialState: LocationTracker.State(), reducer: reducer, actions: actions, answers: answers,
      invariants: invariants
    ) {
      // The reducer builds its effects from the client; they are described, not run.
      $0.locationClient = LocationClient.controlled().client
    }
  }
}
