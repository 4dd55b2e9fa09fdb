import BraidTools
import CounterFeature

extension Counter {
  /// The counter in the tools' catalog: replayed with no dependency (its reducer reads none),
  /// explored with ``CounterExploration``.
  @MainActor public static var catalogEntry: CatalogEntry {
    CatalogEntry(
      "Counter", aliases: ["counter"], module: "CounterFeature", reducer: "Counter()", { Counter() },
      exploration: FeatureExploration(node: CounterExploration.node) { CounterExploration.exploration() })
  }
}
