// Reads the parts of Swift's runtime type metadata that reflective case paths need.
//
// Everything here follows the layouts Swift's stable ABI fixes for every platform that has one
// (see docs/ABI/TypeMetadata.rst in the Swift repository): the value witness table sits one
// pointer before a type's metadata, enum value witness tables extend it with `getEnumTag` and
// `destructiveProjectEnumData`, and nominal type descriptors point at a field descriptor whose
// records are listed in enum tag order (payload cases first). Nothing here calls into the
// runtime by symbol name: it reads memory and calls the function pointers the tables hold.

/// A borrowed view of a type's runtime metadata.
@usableFromInline
struct TypeMetadata: Equatable {
  // Value witnesses use the Swift calling convention. For these two signatures (two pointer
  // arguments; a 32-bit result or none; no context, self or error register) it passes and
  // returns exactly as the C convention does on x86_64 and arm64 Linux, so they are typed
  // `@convention(c)`. `@convention(thin)` compiles too, but in optimized builds a call through
  // a thin function pointer loaded from memory jumped to a bogus address (measured).

  /// A value witness that returns the tag (case index) of an enum value.
  @usableFromInline
  typealias EnumTagFunction = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  /// A value witness that rewrites an enum value in place so that its payload starts at offset 0.
  ///
  /// It only clears tag bits; it never retains or releases, so it is safe on a bitwise copy.
  @usableFromInline
  typealias ProjectEnumDataFunction =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void

  @usableFromInline
  let pointer: UnsafeRawPointer

  @inlinable
  init(_ type: Any.Type) {
    self.pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  init(pointer: UnsafeRawPointer) {
    self.pointer = pointer
  }

  @usableFromInline
  static var wordSize: Int { MemoryLayout<UnsafeRawPointer>.size }

  /// The metadata kind; any value above `0x7FF` is an Objective-C `isa` and means "class".
  var kind: Int { pointer.load(as: Int.self) }

  var isEnum: Bool { kind == 0x201 || kind == 0x202 }  // enum, Optional
  var isTuple: Bool { kind == 0x301 }
  var isFunction: Bool { kind == 0x302 }
  var isMetatype: Bool { kind == 0x304 }

  /// Whether values of this type are class references (so their metatypes are always thick).
  var isClassLike: Bool {
    let kind = self.kind
    // Swift class (0 without Objective-C interop, an isa pointer with it), foreign class,
    // foreign reference type, Objective-C class wrapper.
    return kind == 0 || kind > 0x7FF || kind == 0x203 || kind == 0x204 || kind == 0x305
  }

  // MARK: - Value witnesses

  @usableFromInline
  var valueWitnesses: UnsafeRawPointer {
    pointer.load(fromByteOffset: -Self.wordSize, as: UnsafeRawPointer.self)
  }

  /// The enum's `getEnumTag` witness. Only valid when the type is an enum.
  @inlinable
  var enumTagFunction: EnumTagFunction {
    // 8 function pointers, size, stride, then 32-bit flags and extra-inhabitant count.
    valueWitnesses.load(fromByteOffset: 10 * Self.wordSize + 8, as: EnumTagFunction.self)
  }

  /// The enum's `destructiveProjectEnumData` witness. Only valid when the type is an enum.
  @inlinable
  var projectEnumDataFunction: ProjectEnumDataFunction {
    valueWitnesses.load(fromByteOffset: 11 * Self.wordSize + 8, as: ProjectEnumDataFunction.self)
  }

  // MARK: - Enum descriptors

  /// `Wrapped` when this is `Optional<Wrapped>`.
  var optionalWrapped: TypeMetadata? {
    guard kind == 0x202 else { return nil }
    // Enum metadata: kind, descriptor, then the generic arguments.
    return TypeMetadata(
      pointer: pointer.load(fromByteOffset: 2 * Self.wordSize, as: UnsafeRawPointer.self))
  }

  /// The enum's cases, or `nil` when the type is not an enum or was built without reflection
  /// metadata.
  var enumCases: EnumCases? {
    guard isEnum else { return nil }
    let descriptor = pointer.load(fromByteOffset: Self.wordSize, as: UnsafeRawPointer.self)
    guard descriptor.load(as: UInt32.self) & 0x1F == 18,  // context descriptor kind: enum
      let fields = Self.relativePointer(at: descriptor + 16)
    else { return nil }
    let payloadCaseCount = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF)
    let emptyCaseCount = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    let recordCount = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    guard recordCount == payloadCaseCount + emptyCaseCount, recordSize >= 12 else { return nil }
    return EnumCases(
      payloadCaseCount: payloadCaseCount,
      count: recordCount,
      records: fields + 16,
      recordSize: recordSize
    )
  }

  /// Resolves a 32-bit self-relative pointer; `nil` when it is null.
  static func relativePointer(at address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
  }

  // MARK: - Structural types

  /// The element types of a tuple type.
  var tupleElements: [TypeMetadata] {
    guard isTuple else { return [] }
    let count = pointer.load(fromByteOffset: Self.wordSize, as: Int.self)
    return (0..<count).map { index in
      let element = pointer.load(
        fromByteOffset: (3 + 2 * index) * Self.wordSize, as: UnsafeRawPointer.self)
      return TypeMetadata(pointer: element)
    }
  }

  /// The instance type of a metatype (`Int` for `Int.Type`).
  var metatypeInstance: TypeMetadata? {
    guard isMetatype else { return nil }
    return TypeMetadata(
      pointer: pointer.load(fromByteOffset: Self.wordSize, as: UnsafeRawPointer.self))
  }

  /// Whether this metatype has exactly one value and may be stored with no bits at all.
  ///
  /// `Int.Type` has one value, `Int.self`, and an enum case declared `case a(Int.Type)` stores
  /// it in zero bytes, while a generic `Value` holds it in a full word. Class metatypes are
  /// always stored in full, because a subclass may stand in.
  var isSingleValueMetatype: Bool {
    guard let instance = metatypeInstance else { return false }
    return !instance.isClassLike
  }

  /// Whether a stored value of this type may have a different representation inside a
  /// concrete enum payload than in a generic `Value`.
  ///
  /// Closures are stored at their natural calling convention in a concrete payload but in the
  /// most general one in generic code; single-value metatypes may be stored in zero bytes. The
  /// difference reaches into tuples but not into structs, enums or classes, which have one
  /// layout wherever they are stored.
  var mayBeReabstracted: Bool {
    if isFunction || isSingleValueMetatype { return true }
    return tupleElements.contains { $0.mayBeReabstracted }
  }

  /// Whether no other type converts implicitly to this one: a struct or enum, other than
  /// `Optional` and `AnyHashable`. (Existentials, optionals, classes, tuples and functions all
  /// accept conversions from other types.)
  var admitsNoConversions: Bool {
    (kind == 0x200 && self != TypeMetadata(AnyHashable.self)) || kind == 0x201
  }

  /// Whether the two types are the same, ignoring tuple labels (which do not affect layout).
  func matchesIgnoringLabels(_ other: TypeMetadata) -> Bool {
    if self == other { return true }
    guard isTuple, other.isTuple else { return false }
    let elements = tupleElements
    let otherElements = other.tupleElements
    return elements.count == otherElements.count
      && zip(elements, otherElements).allSatisfy { $0.matchesIgnoringLabels($1) }
  }
}
