/// A type-erased hashable, sendable value: the identity of a cancellation id or a scope path
/// component.
///
/// Two wrapped values are equal only when they have the same type and compare equal, so
/// `1 as Int` and `1 as UInt8` are distinct ids (plain `AnyHashable` would equate them).
@usableFromInline
struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  // Safe: the only initializer takes `some Hashable & Sendable`, so the wrapped value is sendable.
  nonisolated(unsafe) let base: AnyHashable
  let type: ObjectIdentifier

  @usableFromInline
  init<Base: Hashable & Sendable>(_ base: Base) {
    if let erased = base as? AnyHashableSendable {
      self = erased
    } else {
      self.base = AnyHashable(base)
      self.type = ObjectIdentifier(Base.self)
    }
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.type == rhs.type && lhs.base == rhs.base
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(base)
  }

  @usableFromInline
  var description: String { String(describing: base.base) }
}
