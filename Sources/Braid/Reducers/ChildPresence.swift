/// Whether an `ifLet` or `ifCaseLet` child is present, and which one: an `Identifiable` child
/// replaced by one with another `id` is a different child, whose predecessor's effects are
/// cancelled (TCA's rule).
@usableFromInline
enum ChildPresence: Equatable {
  case absent
  /// Present; the child's `id` when its state is `Identifiable`.
  case present(AnyHashable?)

  @usableFromInline
  func isGone(in next: ChildPresence) -> Bool {
    self != .absent && self != next
  }
}
