import BraidLocation
import BraidTools
import LocationTrackerFeature

extension LocationTracker {
  /// The location tracker in the tools' catalog. Its reducer builds its effects from the
  /// location client. Replay never runs them, but a described test asserts their shape, so the
  /// stand-in is the test client, whose effects are shaped as the live client's (a
  /// subscription under the manager's id). Explored with ``LocationExploration``.
  @MainActor public static var catalogEntry: CatalogEntry {
    CatalogEntry(
      "LocationTracker", aliases: ["location"], module: "LocationTrackerFeature", reducer: "LocationTracker()",
      { LocationTracker() },
      dependencies: DependencySetup(
        imports: ["BraidLocation"], "$0.locationClient = LocationClient.controlled().client"
      ) { $0.locationClient = LocationClient.controlled().client },
      exploration: FeatureExploration(node: LocationExploration.node) { LocationExploration.exploration() })
  }
}
