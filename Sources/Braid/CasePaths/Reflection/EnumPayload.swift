// Reads an enum value's tag and copies its payload out, given a case that is known to carry a
// payload of type `Value`. These run on every extraction, so they are `@inlinable`, as is the
// `/` operator that builds the closure calling them: specialized where `/` is written, they
// instantiate no type metadata, allocate nothing and call at most two value witnesses (which the
// optimizer inlines when the enum's metadata is a constant).

/// Fast, unchecked access to enum values and their payloads.
@usableFromInline
enum EnumPayload {
  /// The tag of `root` when it is an enum case laid out without payload bytes, so that every
  /// value in its case is equal to it; `nil` for any other value, or a non-enum.
  @usableFromInline
  static func payloadlessTag<Root>(of root: Root) -> Int? {
    guard let cases = TypeMetadata(Root.self).enumCases else { return nil }
    let tag = EnumWitnesses(of: Root.self).tag(of: root)
    return tag >= cases.payloadCaseCount ? tag : nil
  }

  /// Copies the payload out of the enum value at `root`, whose case is known to carry a `Value`.
  ///
  /// When the case packs no tag bits into its payload (`projects` is false), the payload is
  /// loaded straight from the enum's storage. Otherwise the root's bytes are first copied
  /// without retaining anything, and the copy is projected, which only clears those tag bits.
  /// Either way the payload is loaded once, retaining it exactly as an `if case let` binding
  /// would. An `indirect` case holds a reference to a heap box instead, whose contents follow
  /// the two-word object header.
  ///
  /// - Precondition: The root's case carries a payload laid out as a `Value`, inline or boxed,
  ///   and `projects` is true whenever that case packs tag bits into its payload.
  @inlinable
  static func payload<Root, Value>(
    at root: UnsafePointer<Root>,
    as _: Value.Type,
    boxed: Bool,
    projects: Bool,
    witnesses: EnumWitnesses
  ) -> Value {
    guard projects else { return read(Value.self, from: UnsafeRawPointer(root), boxed: boxed) }
    let size = MemoryLayout<Root>.size
    guard
      size <= MemoryLayout<ProjectionScratch>.size,
      MemoryLayout<Root>.alignment <= MemoryLayout<ProjectionScratch>.alignment
    else {
      return projectedPayloadOfLargeRoot(at: root, as: Value.self, boxed: boxed, witnesses)
    }
    // A fixed-size local buffer: no allocation and, once specialized, no metadata access.
    var scratch: ProjectionScratch = (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &scratch) { buffer in
      let copy = buffer.baseAddress.unsafelyUnwrapped
      copy.copyMemory(from: root, byteCount: size)
      witnesses.project(copy, witnesses.metadata)
      return read(Value.self, from: UnsafeRawPointer(copy), boxed: boxed)
    }
  }

  /// Room for a bitwise copy of an enum value of up to 64 bytes.
  @usableFromInline
  typealias ProjectionScratch = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

  /// ``payload(at:as:boxed:projects:witnesses:)`` for a root too large for the local buffer.
  @usableFromInline
  static func projectedPayloadOfLargeRoot<Root, Value>(
    at root: UnsafePointer<Root>,
    as _: Value.Type,
    boxed: Bool,
    _ witnesses: EnumWitnesses
  ) -> Value {
    let size = MemoryLayout<Root>.size
    return withUnsafeTemporaryAllocation(
      byteCount: size,
      alignment: MemoryLayout<Root>.alignment
    ) { scratch in
      let copy = scratch.baseAddress!
      copy.copyMemory(from: root, byteCount: size)
      witnesses.project(copy, witnesses.metadata)
      return read(Value.self, from: UnsafeRawPointer(copy), boxed: boxed)
    }
  }

  /// Loads (and so retains) a `Value` stored at `payload`, or in the box `payload` points to.
  @inlinable
  static func read<Value>(_: Value.Type, from payload: UnsafeRawPointer, boxed: Bool) -> Value {
    guard boxed else { return payload.load(as: Value.self) }
    let box = payload.load(as: UnsafeRawPointer.self)
    return box.load(fromByteOffset: boxHeaderSize(for: Value.self), as: Value.self)
  }

  /// Where a box's contents start: after the object header, rounded up to the contents'
  /// alignment.
  @inlinable
  static func boxHeaderSize<Value>(for _: Value.Type) -> Int {
    let header = 2 * MemoryLayout<UnsafeRawPointer>.size
    let alignmentMask = MemoryLayout<Value>.alignment - 1
    return (header + alignmentMask) & ~alignmentMask
  }

  /// Whether projecting `value` changes its bytes, that is whether its case packs tag bits into
  /// its payload. The answer is the same for every value in a case: those bits are fixed by the
  /// case, and a valid payload keeps them clear.
  static func projectionChangesBytes<Root>(of value: Root, _ witnesses: EnumWitnesses) -> Bool {
    let size = MemoryLayout<Root>.size
    guard size > 0 else { return false }
    return withUnsafePointer(to: value) { original in
      withUnsafeTemporaryAllocation(
        byteCount: size,
        alignment: MemoryLayout<Root>.alignment
      ) { scratch in
        let copy = scratch.baseAddress!
        copy.copyMemory(from: original, byteCount: size)
        witnesses.project(copy, witnesses.metadata)
        let bytes = UnsafeRawBufferPointer(start: original, count: size)
        return !bytes.elementsEqual(UnsafeRawBufferPointer(start: copy, count: size))
      }
    }
  }

  /// Whether `Value` is an empty type or a metatype that no subclass can stand in for.
  static func hasAtMostOneValue<Value>(_: Value.Type) -> Bool {
    MemoryLayout<Value>.size == 0 || TypeMetadata(Value.self).isSingleValueMetatype
  }

  /// The only value of `Value`, when it has at most one: an empty type (`Void`, an empty
  /// struct) or a metatype that no subclass can stand in for (`Int.Type`).
  ///
  /// `metatype` is ``soleMetatypeBits(of:)`` for `Value`: a metatype is empty where it is
  /// known to be thin (`Int.Type` in specialized code) and otherwise a pointer to the instance
  /// type's metadata.
  ///
  /// - Precondition: `Value` has at most one value and is inhabited. An empty type may have no
  ///   value at all (`Never`), so call this only once a root has shown a `Value` exists, by
  ///   matching a case that holds one.
  @inlinable
  static func soleValue<Value>(of _: Value.Type, metatype: UInt) -> Value {
    if MemoryLayout<Value>.size == 0 {
      // No bytes to read: any suitably aligned address holds the value. (Once specialized,
      // this is no code at all; `unsafeBitCast((), to:)` would crash the 6.3 compiler.)
      var word = 0
      return withUnsafeBytes(of: &word) { $0.baseAddress.unsafelyUnwrapped.load(as: Value.self) }
    }
    return unsafeBitCast(metatype, to: Value.self)
  }

  /// The bits of a metatype that no subclass can stand in for (`Int.self` for `Int.Type`) as a
  /// thick metatype holds them; `0` for any other `Value`.
  @usableFromInline
  static func soleMetatypeBits<Value>(of _: Value.Type) -> UInt {
    let metadata = TypeMetadata(Value.self)
    guard metadata.isSingleValueMetatype, let instance = metadata.metatypeInstance else {
      return 0
    }
    return UInt(bitPattern: Int(bitPattern: instance.pointer))
  }

  /// The only value of a metatype that no subclass can stand in for: `Int.self` for `Int.Type`.
  static func soleMetatype<Value>(of _: Value.Type) -> Value? {
    let bits = soleMetatypeBits(of: Value.self)
    guard bits != 0, MemoryLayout<Value>.size == MemoryLayout<UInt>.size else { return nil }
    return unsafeBitCast(bits, to: Value.self)
  }
}
