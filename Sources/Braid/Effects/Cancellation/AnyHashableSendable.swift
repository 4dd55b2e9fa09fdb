/// A type-erased hashable, sendable value: the identity of a cancellation id or a scope path
/// component.
///
/// Two wrapped values are equal only when they have the same type and compare equal, so
/// `1 as Int` and `1 as UInt8` are distinct ids (plain `AnyHashable` would equate them).
/// The hash is computed once: cancellation keys are looked up on every effect start and cancel.
///
/// A trivial value of at most eight bytes (a case of an enum without payloads, an integer: most
/// ids) is stored inline, as its bytes and its type; anything else is boxed. Boxing every id
/// cost an allocation per `.cancellable(id:)` and per `.cancel(id:)`.
@usableFromInline
struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  enum Storage: Sendable {
    /// The value's bytes, zero-padded, and its type.
    case inline(UInt64, any (Hashable & Sendable).Type)
    /// A value too large or not trivial to store inline. The box's class dispatches equality
    /// on the wrapped type without a dynamic cast.
    case boxed(AnyHashableSendableBox)
  }

  @usableFromInline let storage: Storage
  @usableFromInline let hash: Int

  @inlinable
  init<Base: Hashable & Sendable>(_ base: Base) {
    if Base.self == AnyHashableSendable.self {
      self = unsafeBitCast(base, to: AnyHashableSendable.self)
      return
    }
    hash = base.hashValue
    if _isPOD(Base.self), MemoryLayout<Base>.size <= MemoryLayout<UInt64>.size {
      var bits: UInt64 = 0
      withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: base, as: Base.self) }
      storage = .inline(bits, Base.self)
    } else {
      storage = .boxed(HashableSendableBox(base))
    }
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.hash == rhs.hash else { return false }
    switch (lhs.storage, rhs.storage) {
    case (.inline(let left, let type), .inline(let right, let rightType)):
      guard ObjectIdentifier(type) == ObjectIdentifier(rightType) else { return false }
      // The same bytes are the same value, and equality is reflexive (`Equatable`'s contract):
      // equal without calling the type's `==` through its witness table, unspecialized (~700
      // instructions). Different bytes may still be equal values (`0.0` and `-0.0`).
      return left == right || inlineValuesEqual(left, right, of: type)
    case (.boxed(let left), .boxed(let right)):
      return left.isEqual(to: right)
    case (.inline, .boxed), (.boxed, .inline):
      // Whether a type is stored inline depends on the type alone: the types differ.
      return false
    }
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  @usableFromInline
  var description: String {
    switch storage {
    case .inline(let bits, let type): inlineDescription(bits, of: type)
    case .boxed(let box): box.description
    }
  }
}

/// Whether the values of `type` stored as `left` and `right` are equal, by the type's own `==`
/// (equal bytes need not mean equal values, nor the reverse).
@usableFromInline
func inlineValuesEqual<Base: Hashable & Sendable>(_ left: UInt64, _ right: UInt64, of type: Base.Type) -> Bool {
  inlineValue(left, of: type) == inlineValue(right, of: type)
}

/// The description of the value of `type` stored as `bits`.
func inlineDescription<Base: Hashable & Sendable>(_ bits: UInt64, of type: Base.Type) -> String {
  String(describing: inlineValue(bits, of: type))
}

/// The value of `type` whose bytes `bits` holds.
@inlinable
func inlineValue<Base>(_ bits: UInt64, of _: Base.Type) -> Base {
  withUnsafeBytes(of: bits) { $0.load(as: Base.self) }
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
