extension SQLiteDatabase {
  /// A value bound to a statement parameter or read from a result column.
  ///
  /// A column value's case follows the SQLite storage class of the value in that row, not the
  /// column's declared type.
  public enum Value: Sendable, Hashable {
    /// A 64-bit signed integer: SQLite's `INTEGER` storage class.
    ///
    /// Bound with `sqlite3_bind_int64`, read with `sqlite3_column_int64`.
    case integer(Int64)
    /// A floating-point number: SQLite's `REAL` storage class.
    ///
    /// Bound with `sqlite3_bind_double`, read with `sqlite3_column_double`.
    case real(Double)
    /// A string: SQLite's `TEXT` storage class.
    ///
    /// Bound with `sqlite3_bind_text` as all of its UTF-8 bytes (NUL characters included), and
    /// copied by SQLite; read back whole from `sqlite3_column_text` and `sqlite3_column_bytes`
    /// (a NUL inside does not end it), bytes that are not UTF-8 repaired with U+FFFD.
    case text(String)
    /// Bytes: SQLite's `BLOB` storage class.
    ///
    /// Bound with `sqlite3_bind_blob` and copied by SQLite; read with `sqlite3_column_blob`.
    case blob([UInt8])
    /// SQL `NULL`: SQLite's `NULL` storage class.
    case null
  }
}
