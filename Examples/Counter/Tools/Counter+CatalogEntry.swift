import BraidTools
import CounterFeature

extension Counter {
  /// The counter in the tools' catalog: replayed with no dependency (its reducer reads none
  /// while reducing), explored with ``CounterExploration``, its effects answered or
  /// (`--run-effects`) run.
  @MainActor public static var catalogEntry: CatalogEntry {
    CatalogEntry(
      "Counter", aliases: ["counter"], module: "CounterFeature", reducer: "Counter()", { Counter() },
      exploration: FeatureExploration(
        node: CounterExploration.node, runningEffects: { CounterExploration.runningExploration() }
      ) { CounterExploration.exploration() })
  }
}
