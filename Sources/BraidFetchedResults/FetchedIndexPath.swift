/// Where an element is in a snapshot: its section and its position in that section.
public struct FetchedIndexPath: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The section's position.
  public var section: Int
  /// The element's position in its section.
  public var item: Int

  /// An index path.
  ///
  /// - Parameters:
  ///   - section: The section's position.
  ///   - item: The element's position in its section.
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.section, lhs.item) < (rhs.section, rhs.item)
  }

  public var description: String { "[\(section), \(item)]" }
}
