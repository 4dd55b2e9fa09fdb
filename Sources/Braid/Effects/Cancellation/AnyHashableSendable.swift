/// A type-erased hashable, sendable value: the identity of a cancellation id or a scope path
/// component.
///
/// Two wrapped values are equal only when they have the same type and compare equal, so
/// `1 as Int` and `1 as UInt8` are distinct ids (plain `AnyHashable` would equate them).
/// Equality compares the types first and then the values without any dynamic cast, and the hash
/// is computed once: cancellation keys are looked up on every effect start and cancel.
@usableFromInline
struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline let box: AnyHashableSendableBox
  @usableFromInline let hash: Int

  @inlinable
  init<Base: Hashable & Sendable>(_ base: Base) {
    if Base.self == AnyHashableSendable.self {
      self = unsafeBitCast(base, to: AnyHashableSendable.self)
    } else {
      self.box = HashableSendableBox(base)
      self.hash = base.hashValue
    }
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.box.isEqual(to: rhs.box)
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  @usableFromInline
  var description: String { box.description }
}

/// The storage of an ``AnyHashableSendable``: a class so that equality can dispatch on the
/// wrapped type without a dynamic cast.
@usableFromInline
class AnyHashableSendableBox: @unchecked Sendable, CustomStringConvertible {
  // @unchecked: immutable, and the only subclass holds a `Sendable` value.
  @usableFromInline let type: ObjectIdentifier

  @usableFromInline
  init(type: ObjectIdentifier) {
    self.type = type
  }

  @usableFromInline
  func isEqual(to other: AnyHashableSendableBox) -> Bool { false }

  @usableFromInline
  var description: String { "" }
}

@usableFromInline
final class HashableSendableBox<Base: Hashable & Sendable>: AnyHashableSendableBox, @unchecked Sendable {
  // @unchecked: `base` is an immutable `Sendable` value.
  @usableFromInline let base: Base

  @inlinable
  init(_ base: Base) {
    self.base = base
    super.init(type: ObjectIdentifier(Base.self))
  }

  @inlinable
  override func isEqual(to other: AnyHashableSendableBox) -> Bool {
    // Same type identifier, so `other` is a box of `Base`.
    other.type == type && unsafeDowncast(other, to: HashableSendableBox<Base>.self).base == base
  }

  @usableFromInline
  override var description: String { String(describing: base) }
}
