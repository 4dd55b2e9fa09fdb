/// Whether an `ifLet` or `ifCaseLet` child is present, and which one: an `Identifiable` child
/// replaced by one with another `id` is a different child, whose predecessor's effects are
/// cancelled (TCA's rule).
@usableFromInline
enum ChildPresence: Equatable {
  case absent
  /// Present; the child's `id` when its state is `Identifiable`.
  case present(AnyHashable?)

  @usableFromInline
  init<ChildState>(_ child: ChildState?) {
    guard let child else {
      self = .absent
      return
    }
    if let identifiable = child as? any Identifiable {
      self = .present(Self.identity(of: identifiable))
    } else {
      self = .present(nil)
    }
  }

  @usableFromInline
  static func identity<Child: Identifiable>(of child: Child) -> AnyHashable {
    AnyHashable(child.id)
  }

  /// Whether the child that was `self` is gone in `next`: removed, or replaced by another.
  @usableFromInline
  func isGone(in next: ChildPresence) -> Bool {
    self != .absent && self != next
  }
}
