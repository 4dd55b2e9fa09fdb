/// One value of a fetched row, as SQLite stores it.
public enum FetchValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// The value as an integer, if it is one.
  public var integer: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The value as a number: an integer or a real.
  public var real: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The value as text, if it is text.
  public var text: String? {
    if case .text(let value) = self { value } else { nil }
  }
}
