/// A type that chooses the text it dumps as in test failures and `_printChanges()`.
///
/// ```swift
/// extension Token: CustomDumpStringConvertible {
///   var customDumpDescription: String { "Token(•••)" }
/// }
/// ```
///
/// The text replaces the value's fields in dumps and diffs; it does not change whether two
/// values are equal.
public protocol CustomDumpStringConvertible {
  /// The text to dump.
  var customDumpDescription: String { get }
}

/// A type that chooses the structure it dumps as: which fields, elements or cases to show.
///
/// ```swift
/// extension Session: CustomDumpReflectable {
///   var customDumpMirror: Mirror {
///     Mirror(self, children: ["user": user, "expires": expires], displayStyle: .struct)
///   }
/// }
/// ```
///
/// Use it to hide noisy or secret fields from test failures. It does not change whether two
/// values are equal.
public protocol CustomDumpReflectable {
  /// The structure to dump.
  var customDumpMirror: Mirror { get }
}
