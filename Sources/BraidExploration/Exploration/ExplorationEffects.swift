import Braid

/// How an exploration treats its feature's effects: described and answered by the exploration,
/// or run on the walk's test clock and the dependencies the exploration gives.
///
/// ```swift
/// // A check answers available or taken, chosen by the walk:
/// .described(answers: { effect, started in
///   effect.cancellationIDs == ["availability"]
///     ? .once([.checked(started.name, true), .checked(started.name, false)]) : .never
/// })
/// // The real effects, on a test directory and the walk's clock, with time steps:
/// .run
/// ```
public enum ExplorationEffects<State, Action: Sendable> {
  /// Effects are described, not run: a walk answers a running effect as one of its steps, with
  /// an action `answers` makes from the effect and the state it started on. Nothing of an
  /// effect runs, so a walk needs no clock or client.
  ///
  /// - Parameters:
  ///   - answers: What a running effect may send, given the effect and the state when it
  ///     started.
  ///   - weight: How often each answerable running effect is picked, relative to the action
  ///     cases' weights.
  case described(answers: (DescribedEffect, State) -> EffectAnswer<Action>, weight: Int)

  /// Effects run, as in the application: on the walk's own `TestClock` (its `continuousClock`
  /// and `suspendingClock`, which time steps advance) and on the dependencies the exploration
  /// prepares. After each step the walk runs them until they settle, one job at a time in a
  /// defined order on the main actor, so a seed still gives the same walk on every machine.
  /// What they send back is reduced, and checked, action by action.
  case run

  /// Effects described, answered by `answers`, each answerable effect picked twice as often as
  /// an action case of weight 1.
  ///
  /// - Parameter answers: What a running effect may send, given the effect and the state when
  ///   it started.
  /// - Returns: The treatment.
  public static func described(answers: @escaping (DescribedEffect, State) -> EffectAnswer<Action>) -> Self {
    .described(answers: answers, weight: 2)
  }
}
