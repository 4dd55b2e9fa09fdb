import Braid

/// A sequence of steps after which an invariant of an explored feature fails: shrunk, when an
/// exploration found it, to one no step of which can be removed or simplified.
public struct ExplorationCounterexample<State, Action: Sendable>: CustomStringConvertible {
  /// The invariant that failed, or the issue Braid reported.
  public let violation: String
  /// The steps from the initial state; the last one broke the invariant.
  public let steps: [ExplorationStep<Action>]
  /// The state before the last step.
  public let before: State
  /// The state after it.
  public let after: State

  /// What the last step changed, as a diff of ``before`` against ``after``.
  public var diff: String { ValueDump.diff(before, after) ?? "no change" }

  /// The violation, the numbered steps, and the diff.
  public var description: String {
    var lines = ["violated: \(violation)", "after \(steps.count) step(s):"]
    lines += steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    lines.append("the last step changed the state:")
    lines += diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
    return lines.joined(separator: "\n")
  }
}
