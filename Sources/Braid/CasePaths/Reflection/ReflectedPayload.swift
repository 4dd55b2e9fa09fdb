/// An enum case's payload as `Mirror` hands it over, read as the case declares it.
enum ReflectedPayload {
  /// The type a `Mirror` child was stored as: the case's declared payload type, even when that
  /// is an existential such as `Any` (where `type(of:)` would look through to the contents).
  static func staticType(of value: Any) -> TypeMetadata {
    var container = value
    return withUnsafeMutablePointer(to: &container) { pointer in
      // An `Any` is a three-word inline buffer followed by the stored type's metadata.
      let type = UnsafeRawPointer(pointer).load(
        fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
      return TypeMetadata(pointer: type)
    }
  }

  /// A `Mirror` child of an enum value seen as its case declares it: the payload's value and its
  /// declared type.
  ///
  /// The runtime reflects a case with one labelled value, `case sent(didSucceed: Bool)`, as a
  /// one-element tuple `(didSucceed: Bool)`, a type Swift code cannot spell and that no cast
  /// turns into a `Bool`. Such a tuple is laid out exactly as its element, so its element is
  /// the payload, and the enum stores it as it would store the element alone.
  static func declared(of child: Any) -> (value: Any, type: TypeMetadata) {
    let type = staticType(of: child)
    let elements = type.tupleElements
    guard elements.count == 1 else { return (child, type) }
    let elementType = unsafeBitCast(elements[0].pointer, to: Any.Type.self)
    func element<Tuple>(of _: Tuple.Type) -> Any {
      // `Tuple` is the child's own type, so the cast holds.
      guard let tuple = child as? Tuple else { return child }
      func load<Element>(_: Element.Type) -> Any {
        withUnsafePointer(to: tuple) { UnsafeRawPointer($0).load(as: Element.self) }
      }
      return load(elementType)
    }
    let tupleType: Any.Type = Swift.type(of: child)
    return (element(of: tupleType), elements[0])
  }
}
