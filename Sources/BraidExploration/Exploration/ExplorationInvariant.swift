import Braid

/// A rule an explored feature must keep. Rules over the state and over transitions are checked
/// after every action reduced (one sent from outside, or one an effect sent back); rules over
/// effects, after every step, once the effects it set off have settled.
///
/// ```swift
/// .state("the count is never negative") { $0.count >= 0 }
/// .transition("a tap counts one") { before, action, after in
///   action != .incrementButtonTapped || after.count == before.count + 1
/// }
/// .effects("a timer runs only while it is on") { state, effects in
///   state.isTimerRunning || !effects.contains { $0.cancellationIDs == ["timer"] }
/// }
/// ```
public struct ExplorationInvariant<State, Action: Sendable> {
  /// The rule's name, as a violation reports it.
  public let name: String
  /// What the rule looks at: an action with the states around it, or the state and the
  /// running effects once a step's effects have settled.
  enum Rule {
    case transition((_ before: State, _ action: Action, _ after: State) -> Bool)
    case effects((_ state: State, _ running: [DescribedEffect]) -> Bool)
  }

  let rule: Rule

  /// A rule over the state after each action.
  ///
  /// - Parameters:
  ///   - name: The rule's name.
  ///   - holds: Whether the state keeps it.
  /// - Returns: The invariant.
  public static func state(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    Self(name: name, rule: .transition { _, _, after in holds(after) })
  }

  /// A rule over each action reduced: the state before it, the action, and the state after.
  ///
  /// - Parameters:
  ///   - name: The rule's name.
  ///   - holds: Whether the step keeps it.
  /// - Returns: The invariant.
  public static func transition(_ name: String, _ holds: @escaping (State, Action, State) -> Bool) -> Self {
    Self(name: name, rule: .transition(holds))
  }

  /// A rule over the state after each step and the effects running then, once they have
  /// settled: an effect that outlives what started it, a request still in flight.
  ///
  /// - Parameters:
  ///   - name: The rule's name.
  ///   - holds: Whether the state and the running effects keep it.
  /// - Returns: The invariant.
  public static func effects(_ name: String, _ holds: @escaping (State, [DescribedEffect]) -> Bool) -> Self {
    Self(name: name, rule: .effects(holds))
  }
}
