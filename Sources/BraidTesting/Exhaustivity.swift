/// How much a ``TestStore`` insists on.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change must be asserted, every received action received, every effect
  /// finished by the end of the test. The default.
  case on
  /// Assert only what you name: unasserted state changes, received actions and running effects
  /// are allowed. With `showSkippedAssertions`, each thing skipped is recorded as a known issue
  /// (Swift Testing shows it without failing the test; under XCTest it is printed as a note).
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without showing what was skipped: `.off(showSkippedAssertions: false)`.
  public static var off: Self { .off(showSkippedAssertions: false) }

  /// Whether assertions may be skipped.
  var isOff: Bool { self != .on }

  /// Whether skipped assertions are shown.
  var showsSkippedAssertions: Bool { self == .off(showSkippedAssertions: true) }
}
