extension IdentifiedArray: Equatable where Element: Equatable {
  /// Returns whether two identified arrays hold equal elements in the same order.
  ///
  /// ```swift
  /// IdentifiedArrayOf<Row>([a, b]) == [a, b]  // true
  /// IdentifiedArrayOf<Row>([a, b]) == [b, a]  // false: order matters
  /// ```
  ///
  /// - Complexity: O(*n*).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage == rhs.storage
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements, in order, into `hasher`.
  ///
  /// - Parameter hasher: The hasher to feed.
  /// - Complexity: O(*n*).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, written like an array literal: `[Row(id: 1), Row(id: 2)]`.
  public var description: String {
    storage.description
  }
}

extension IdentifiedArray: CustomDebugStringConvertible {
  /// The type and its elements, for debugging: `IdentifiedArray([Row(id: 1), Row(id: 2)])`.
  public var debugDescription: String {
    "IdentifiedArray(\(storage.debugDescription))"
  }
}
