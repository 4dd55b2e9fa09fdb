// Reads the field records of a type's runtime metadata: a struct's stored properties and an
// enum's cases, each with its name and its type. The layouts are the ones Swift's stable ABI
// fixes (docs/ABI/TypeMetadata.rst in the Swift repository): struct and enum metadata hold their
// nominal type descriptor one word in and their generic arguments from the third word; the
// descriptor points (at byte 16) at a field descriptor whose records hold flags, a mangled type
// name and a name.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The runtime function that resolves a mangled type name from a field record, in the context of
/// the type that declares it (the one `Mirror` itself uses), looked up by name when first needed.
///
/// It uses the Swift calling convention. For this signature (four pointer-sized arguments, a
/// pointer result, no context, self or error register) that passes and returns exactly as the C
/// convention does on x86_64 and arm64, so it is called through a C function pointer. `nil` when
/// the runtime does not export it, and field types are then unknown (`?`) in the schema.
private typealias TypeByMangledName =
  @convention(c) (UnsafePointer<UInt8>, Int, UnsafeRawPointer?, UnsafeRawPointer?) -> UnsafeRawPointer?

private let typeByMangledName: TypeByMangledName? = {
  #if canImport(Darwin)
    let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #else
    let handle: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
  #endif
  guard let symbol = dlsym(handle, "swift_getTypeByMangledNameInContext") else { return nil }
  return unsafeBitCast(symbol, to: TypeByMangledName.self)
}()

/// A borrowed view of a type's metadata, for the fields the schema lists.
struct ReflectedMetadata {
  enum Kind {
    case structure, enumeration, optional, tuple, object, other
  }

  /// A stored property or enum case; `type` is `nil` for a case without a payload, or when the
  /// runtime could not resolve the record's type.
  struct Field {
    let name: String
    let type: Any.Type?
  }

  let pointer: UnsafeRawPointer

  init(_ type: Any.Type) {
    pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  var kind: Kind {
    switch pointer.load(as: Int.self) {
    case 0x200: .structure
    case 0x201: .enumeration
    case 0x202: .optional
    case 0x301: .tuple
    // 0 is a Swift class; above 0x7FF, an Objective-C `isa`.
    case 0, 0x203, 0x204, 0x800...: .object
    default: .other
    }
  }

  /// The first `count` generic arguments of a generic struct or enum.
  func genericArguments(_ count: Int) -> [Any.Type] {
    (0..<count).map { index in
      unsafeBitCast(
        pointer.load(fromByteOffset: (2 + index) * MemoryLayout<Int>.size, as: UnsafeRawPointer.self), to: Any.Type.self
      )
    }
  }

  /// The element types of a tuple.
  var tupleElements: [Any.Type] {
    let count = pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
    // Tuple metadata: kind, count, labels, then (type, offset) pairs.
    return (0..<count).map { index in
      let offset = 3 * MemoryLayout<Int>.size + index * 2 * MemoryLayout<Int>.size
      return unsafeBitCast(pointer.load(fromByteOffset: offset, as: UnsafeRawPointer.self), to: Any.Type.self)
    }
  }

  /// The struct's stored properties or the enum's cases (payload cases first, in tag order), as
  /// the field descriptor lists them; empty when the type was built without reflection metadata.
  var fields: [Field] {
    guard kind == .structure || kind == .enumeration else { return [] }
    let descriptor = pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    guard let fieldDescriptor = Self.relative(descriptor + 16) else { return [] }
    let recordSize = Int(fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self))
    let records = fieldDescriptor + 16
    let arguments = pointer + 2 * MemoryLayout<Int>.size
    return (0..<count).compactMap { index in
      let record = records + index * recordSize
      guard let name = Self.relative(record + 8) else { return nil }
      var type: Any.Type?
      if let mangled = Self.relative(record + 4) {
        let bytes = mangled.assumingMemoryBound(to: UInt8.self)
        type = typeByMangledName?(bytes, Self.length(ofMangledName: bytes), descriptor, arguments)
          .map { unsafeBitCast($0, to: Any.Type.self) }
      }
      return Field(name: String(cString: name.assumingMemoryBound(to: CChar.self)), type: type)
    }
  }

  /// Resolves a 32-bit self-relative pointer; `nil` when it is null.
  private static func relative(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = address.load(as: Int32.self)
    return offset == 0 ? nil : address + Int(offset)
  }

  /// The length of a mangled name that may hold symbolic references: bytes 1–23 start a
  /// 4-byte relative reference, bytes 24–31 a pointer-sized absolute one, either of which may
  /// contain zero bytes, so the name cannot be measured with `strlen`.
  private static func length(ofMangledName name: UnsafePointer<UInt8>) -> Int {
    var index = 0
    while name[index] != 0 {
      switch name[index] {
      case 0x01...0x17: index += 1 + 4
      case 0x18...0x1F: index += 1 + MemoryLayout<Int>.size
      default: index += 1
      }
    }
    return index
  }
}
