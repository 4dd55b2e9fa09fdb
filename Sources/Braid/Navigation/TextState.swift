/// Text held in state, for alerts, dialogs and buttons: TCA's `TextState`, as plain text.
///
/// ```swift
/// AlertState { TextState("Delete?") }
/// ```
public struct TextState: Equatable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The text.
  public var string: String

  /// Text of `string`.
  ///
  /// - Parameter string: The text.
  public init(_ string: String) {
    self.string = string
  }

  /// Text from a literal: `"Delete?"` where a `TextState` is expected.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self.string = value
  }

  /// The text itself.
  public var description: String { string }
}
