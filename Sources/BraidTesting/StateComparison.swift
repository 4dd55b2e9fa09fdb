import Braid

/// How a ``TestStore`` decides that two states are the same: with `==` when the state is
/// `Equatable`, otherwise by content — the full reflected structure that failure diffs print,
/// without dump hooks.
enum StateComparison {
  /// `==` for an `Equatable` `State`, else content comparison.
  static func areEqual<State>(_ lhs: State, _ rhs: State) -> Bool {
    guard let equatable = State.self as? any Equatable.Type else {
      return ValueDump.sameContent(lhs, rhs)
    }
    return equals(equatable, lhs, rhs)
  }

  private static func equals<E: Equatable, State>(_: E.Type, _ lhs: State, _ rhs: State) -> Bool {
    guard let lhs = lhs as? E, let rhs = rhs as? E else { return false }
    return lhs == rhs
  }
}
