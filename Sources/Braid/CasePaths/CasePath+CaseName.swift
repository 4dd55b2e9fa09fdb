extension CasePath {
  /// The name of the enum case this path embeds into (`loaded` for `/Action.loaded`), for
  /// messages; `nil` when it cannot be found without a value of the case. A case whose base
  /// name the enum declares more than once is named with its labels (`set(x:)`).
  ///
  /// The path embeds a stand-in payload and reads the case of the result. A stand-in exists for
  /// plain data (`Int`, `Bool`, `Double`, `Void`, and enums, structs and tuples of them: zero
  /// bytes are a valid value that needs no cleanup), for optionals (`nil`) and for collections
  /// that can be empty (`String`, `Array`, `Data`: empty). Other payloads give `nil`.
  package var caseName: String? {
    let root = TypeMetadata(Root.self)
    guard root.isEnum, let cases = root.enumCases else { return nil }
    if let standIn = Self.emptyStandIn() {
      return Self.name(of: embed(standIn), in: cases)
    }
    // An uninhabited payload (`Never`, an enum without cases) has no value to stand in.
    guard _isPOD(Value.self), TypeMetadata(Value.self).enumCases?.count != 0 else { return nil }
    let size = Swift.max(1, MemoryLayout<Value>.size)
    return withUnsafeTemporaryAllocation(byteCount: size, alignment: MemoryLayout<Value>.alignment) { buffer in
      guard let base = buffer.baseAddress else { return nil }
      base.initializeMemory(as: UInt8.self, repeating: 0, count: size)
      return Self.name(of: embed(base.load(as: Value.self)), in: cases)
    }
  }

  /// The name of the case `root` is in, with its labels when another case shares its name.
  private static func name(of root: Root, in cases: EnumCases) -> String? {
    guard let name = cases.name(tag: EnumWitnesses(of: Root.self).tag(of: root)) else { return nil }
    guard let payload = Mirror(reflecting: root).children.first else { return name }
    return EnumCaseName.disambiguated(name, payload: payload.value, in: Root.self)
  }

  /// `nil` or an empty collection, when `Value` has one.
  private static func emptyStandIn() -> Value? {
    if let type = Value.self as? any ExpressibleByNilLiteral.Type {
      return type.init(nilLiteral: ()) as? Value
    }
    if let type = Value.self as? any RangeReplaceableCollection.Type {
      return type.init() as? Value
    }
    return nil
  }
}
