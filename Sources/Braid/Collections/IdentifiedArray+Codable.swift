extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array, in order.
  ///
  /// The ids are not written separately: `[{"id":1,"title":"Milk"}]`, exactly as an `Array`
  /// would encode.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Rethrows what encoding an element throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: storage)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an identified array from a plain array of `Identifiable` elements.
  ///
  /// Decoding only needs `Identifiable` elements because the key path to their ids cannot be
  /// encoded. Input with two elements of the same id is rejected, never silently merged:
  ///
  /// ```swift
  /// let rows = try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: data)
  /// ```
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` whose coding path ends at the duplicate element,
  ///   when two elements share an id; otherwise what decoding an element throws.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    if let count = container.count {
      storage.reserveCapacity(count)
    }
    while !container.isAtEnd {
      let offset = container.currentIndex
      let element = try container.decode(Element.self)
      let (inserted, existing) = append(element)
      guard inserted else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [ArrayOffsetKey(offset)],
            debugDescription: """
              Duplicate id \(element.id) at offsets \(existing) and \(offset); \
              an IdentifiedArray needs unique ids.
              """
          )
        )
      }
    }
  }
}

/// A coding key naming a position in an array, for error paths.
struct ArrayOffsetKey: CodingKey {
  let intValue: Int?
  let stringValue: String

  init(_ offset: Int) {
    intValue = offset
    stringValue = "Index \(offset)"
  }

  init?(intValue: Int) {
    self.init(intValue)
  }

  init?(stringValue: String) {
    return nil
  }
}
