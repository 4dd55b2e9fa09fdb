/// How much a ``TestStore`` insists on.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change must be asserted, every received action received, every effect
  /// finished by the end of the test. The default.
  case on
  /// Assert only what you name: unasserted state changes, received actions and running effects
  /// are allowed.
  case off
}
