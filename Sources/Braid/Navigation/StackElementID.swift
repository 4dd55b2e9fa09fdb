/// The identity of an element of a ``StackState``: `#0`, `#1`, `#2`… in the order elements are
/// pushed.
///
/// A stack numbers its own elements, so the ids follow the sends and are the same in every run:
/// a test writes `StackElementID(0)`, or `0`, for the first element pushed.
public struct StackElementID: Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The element's number.
  public let rawValue: Int

  /// The id numbered `rawValue`.
  ///
  /// - Parameter rawValue: The number.
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The id numbered by a literal: `0` where a `StackElementID` is expected.
  ///
  /// - Parameter value: The number.
  public init(integerLiteral value: Int) {
    self.rawValue = value
  }

  /// Orders ids by number: the order their elements were pushed in.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `#0`, `#1`…
  public var description: String { "#\(rawValue)" }
}

extension StackElementID: CustomDumpStringConvertible {
  /// `#0`, as in test failures' diffs.
  public var customDumpDescription: String { description }
}
