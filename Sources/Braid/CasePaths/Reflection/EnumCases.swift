/// The cases of an enum, in tag order, as its field descriptor lists them.
struct EnumCases {
  /// How many cases the enum lays out with a payload; their tags are `0..<payloadCaseCount`.
  ///
  /// A case whose payload takes no space (`case a(Void)`, `case b(Int.Type)`) counts as empty.
  let payloadCaseCount: Int
  let count: Int
  let records: UnsafeRawPointer
  let recordSize: Int

  /// The name of the case with this tag, as declared.
  func name(tag: Int) -> String? {
    guard tag >= 0, tag < count,
      let name = TypeMetadata.relativePointer(at: records + tag * recordSize + 8)
    else { return nil }
    return String(cString: name.assumingMemoryBound(to: CChar.self))
  }

  /// Whether the case with this tag is `indirect` (its payload lives in a heap box).
  func isIndirect(tag: Int) -> Bool {
    guard tag < count else { return false }
    return records.load(fromByteOffset: tag * recordSize, as: UInt32.self) & 0x1 != 0
  }

  /// Whether the case's payload is declared as a bare generic parameter (`case value(T)`).
  ///
  /// Such a payload is stored exactly as a generic `Value` is, whatever `T` is bound to.
  func payloadIsGenericParameter(tag: Int) -> Bool {
    guard tag < count,
      let name = TypeMetadata.relativePointer(at: records + tag * recordSize + 4)
    else { return false }
    let bytes = name.assumingMemoryBound(to: UInt8.self)
    // Mangled generic parameters: `x` is τ_0_0; `q…` spells any other depth and index with
    // digits, `_` and `d` only. Anything else (including symbolic references) is a concrete type.
    if bytes[0] == UInt8(ascii: "x") { return bytes[1] == 0 }
    guard bytes[0] == UInt8(ascii: "q") else { return false }
    var index = 1
    while bytes[index] != 0 {
      let byte = bytes[index]
      guard
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "d")
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      else { return false }
      index += 1
    }
    return index > 1
  }
}
