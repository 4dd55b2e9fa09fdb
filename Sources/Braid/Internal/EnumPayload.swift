// Reads an enum value's tag and copies its payload out, given a case that is known to carry a
// payload of type `Value`. These run on every extraction, so they are `@inlinable`, as is the
// `/` operator that builds the closure calling them: specialized where `/` is written, a matching
// extraction measured 9–31 ns (1.1–1.7× a hand-written `if case` closure); left generic in the
// library, 73–97 ns.

/// Fast, unchecked access to enum values through their value witnesses.
@usableFromInline
enum EnumPayload {
  /// The tag of an enum value: its case's index, payload cases first in declaration order,
  /// then the cases without payload.
  ///
  /// `Root` must be an enum type (including `Optional`).
  @inlinable
  static func tag<Root>(of root: Root) -> Int {
    let metadata = TypeMetadata(Root.self)
    let tagFunction = metadata.enumTagFunction
    return withUnsafePointer(to: root) { rootPointer in
      Int(tagFunction(UnsafeRawPointer(rootPointer), metadata.pointer))
    }
  }

  /// The tag of `root` when it is an enum case laid out without payload bytes, so that every
  /// value in its case is equal to it; `nil` for any other value, or a non-enum.
  @usableFromInline
  static func payloadlessTag<Root>(of root: Root) -> Int? {
    guard let cases = TypeMetadata(Root.self).enumCases else { return nil }
    let tag = self.tag(of: root)
    return tag >= cases.payloadCaseCount ? tag : nil
  }

  /// Copies the payload out of an enum value whose case is known to carry a `Value`.
  ///
  /// The root's bytes are copied without retaining anything, the copy is projected (which only
  /// clears tag bits packed into the payload's spare bits), and the payload is then loaded from
  /// the copy, retaining it once, exactly as an `if case let` binding would. An `indirect` case
  /// holds a reference to a heap box instead, whose contents follow the two-word object header.
  ///
  /// - Precondition: `root`'s case carries a payload laid out as a `Value`, inline or boxed.
  @inlinable
  static func payload<Root, Value>(
    of root: Root,
    as _: Value.Type,
    boxed: Bool
  ) -> Value {
    let metadata = TypeMetadata(Root.self)
    let project = metadata.projectEnumDataFunction
    let size = MemoryLayout<Root>.size
    return withUnsafePointer(to: root) { rootPointer in
      withUnsafeTemporaryAllocation(
        byteCount: Swift.max(size, 1),
        alignment: MemoryLayout<Root>.alignment
      ) { scratch in
        let copy = scratch.baseAddress!
        copy.copyMemory(from: rootPointer, byteCount: size)
        project(copy, metadata.pointer)
        guard boxed else { return copy.load(as: Value.self) }
        let box = copy.load(as: UnsafeRawPointer.self)
        return box.load(fromByteOffset: boxHeaderSize(for: Value.self), as: Value.self)
      }
    }
  }

  /// Where a box's contents start: after the object header, rounded up to the contents'
  /// alignment.
  @inlinable
  static func boxHeaderSize<Value>(for _: Value.Type) -> Int {
    let header = 2 * MemoryLayout<UnsafeRawPointer>.size
    let alignmentMask = MemoryLayout<Value>.alignment - 1
    return (header + alignmentMask) & ~alignmentMask
  }

  /// Whether `Value` is an empty type or a metatype that no subclass can stand in for.
  static func hasAtMostOneValue<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size == 0 || TypeMetadata(Value.self).isSingleValueMetatype
  }

  /// The only value of `Value`, when it has at most one: an empty type (`Void`, an empty
  /// struct) or a metatype that no subclass can stand in for (`Int.Type`).
  ///
  /// - Precondition: `Value` is inhabited. An empty type may have no value at all (`Never`), so
  ///   call this only once a root has shown a `Value` exists, by matching a case that holds one.
  @usableFromInline
  static func soleValue<Value>(of _: Value.Type) -> Value? {
    if MemoryLayout<Value>.size == 0 {
      // No bytes to read: any suitably aligned address holds the value.
      return withUnsafeTemporaryAllocation(
        byteCount: 1,
        alignment: MemoryLayout<Value>.alignment
      ) { $0.baseAddress!.load(as: Value.self) }
    }
    return soleMetatype(of: Value.self)
  }

  /// The only value of a metatype that no subclass can stand in for: `Int.self` for `Int.Type`.
  static func soleMetatype<Value>(of _: Value.Type) -> Value? {
    let metadata = TypeMetadata(Value.self)
    guard metadata.isSingleValueMetatype, let instance = metadata.metatypeInstance else {
      return nil
    }
    // A thick metatype is a pointer to the instance type's metadata.
    return unsafeBitCast(instance.pointer, to: Value.self)
  }
}
