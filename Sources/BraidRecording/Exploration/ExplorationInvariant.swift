import Braid

/// A rule an explored feature must keep, checked after every step.
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
  let holds: (_ before: State, _ action: Action, _ after: State, _ running: [DescribedEffect]) -> Bool

  /// A rule over the state after each step.
  ///
  /// - Parameters:
  ///   - name: The rule's name.
  ///   - holds: Whether the state keeps it.
  /// - Returns: The invariant.
  public static func state(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    Self(name: name) { _, _, after, _ in holds(after) }
  }

  /// A rule over each step: the state before it, the action it delivered, and the state after.
  ///
  /// - Parameters:
  ///   - name: The rule's name.
  ///   - holds: Whether the step keeps it.
  /// - Returns: The invariant.
  public static func transition(_ name: String, _ holds: @escaping (State, Action, State) -> Bool) -> Self {
    Self(name: name) { before, action, after, _ in holds(before, action, after) }
  }

  /// A rule over the state after each step and the effects running then (described, not run):
  /// an effect that outlives what started it, a request still in flight.
  ///
  /// - Parameters:
  ///   - name: The rule's name.
  ///   - holds: Whether the state and the running effects keep it.
  /// - Returns: The invariant.
  public static func effects(_ name: String, _ holds: @escaping (State, [DescribedEffect]) -> Bool) -> Self {
    Self(name: name) { _, _, after, running in holds(after, running) }
  }
}
