import Braid
import BraidExploration

/// How the `explore` tool walks a feature: its exploration (actions with payload generators,
/// effect answers, invariants), how its state machine is drawn, and optionally an exploration
/// whose effects run (`explore NAME --run-effects`). Kept beside the feature, in the module
/// that makes its catalog entry.
@MainActor
public struct FeatureExploration<State, Action: Sendable> {
  /// The exploration with described effects, answered by the exploration's `answers`.
  public let exploration: () -> Exploration<State, Action>
  /// The exploration whose effects run on the walk's clock, if the feature has one.
  public let runningEffects: (() -> Exploration<State, Action>)?
  /// The name of the state machine's node a state belongs to, for the graph and the report.
  public let node: (State) -> String

  /// A feature's exploration.
  ///
  /// - Parameters:
  ///   - node: Names the node a state belongs to (`"timer on, factoring"`): states with one
  ///     name are one node of the drawn state machine.
  ///   - runningEffects: Makes the exploration whose effects run, for `--run-effects`.
  ///   - exploration: Makes the exploration with described effects.
  public init(
    node: @escaping (State) -> String,
    runningEffects: (() -> Exploration<State, Action>)? = nil,
    exploration: @escaping () -> Exploration<State, Action>
  ) {
    self.exploration = exploration
    self.runningEffects = runningEffects
    self.node = node
  }
}
