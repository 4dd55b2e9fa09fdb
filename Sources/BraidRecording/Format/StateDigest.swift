import Braid

/// A digest of a value's content that agrees across processes and machines: the stable hash of
/// its content on one line, with dump hooks left out and dictionary and set entries sorted.
///
/// A trace records one after each reduced action; a replay computes it again and compares.
public enum StateDigest {
  /// The digest of `value`: 16 hexadecimal digits.
  ///
  /// - Parameter value: Any value, such as a feature's state.
  /// - Returns: The digest.
  public static func of(_ value: Any) -> String {
    StableHash.hex(of: ValueDump.canonical(value).utf8)
  }
}
