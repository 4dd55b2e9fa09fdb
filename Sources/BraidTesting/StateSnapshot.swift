import Braid

/// A state as a test store saw it at one step: the value, and its content frozen then when the
/// value shares objects with the store's live state (a class in state changed in place changes
/// every copy of the state; the frozen content does not).
struct StateSnapshot<State> {
  /// The state; its objects are the live ones.
  let value: State
  /// The content when `value` holds objects, taken when the snapshot was; `nil` when it holds
  /// none, and `value` is then frozen itself.
  let content: ValueDump.ContentSnapshot?

  /// The snapshot of `value` now.
  init(_ value: State) {
    self.value = value
    // A trivially copyable state holds no reference: no walk of its content (the TestStore step
    // row of Benchmarks/instructions.sh).
    content = _isPOD(State.self) ? nil : ValueDump.ContentSnapshot.ifSharing(value)
  }

  /// The content as it was when the snapshot was taken.
  var frozenContent: ValueDump.ContentSnapshot {
    content ?? ValueDump.ContentSnapshot(value)
  }
}
