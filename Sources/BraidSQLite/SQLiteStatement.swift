import CSQLite

/// One statement's run on a connection: prepared, checked, bound, stepped to its end and
/// finalized.
enum SQLiteStatement {
  /// Runs the one statement in `sql` with `parameters` bound, and returns its rows.
  ///
  /// Refused before it runs, with a typed error: SQL with a second statement after the first
  /// (which would otherwise be dropped without a word), a parameter count that is not the
  /// placeholders' (a missing one would be bound as `NULL`), and, when `readOnly`, a statement
  /// that could write.
  static func run(
    _ sql: String, _ parameters: [SQLiteDatabase.Value], readOnly: Bool, on handle: OpaquePointer
  ) throws -> SQLiteRows {
    var statement: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let (status, rest) = sql.withCString { text in
      let status = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
      return (status, tail.map { String(cString: $0) } ?? "")
    }
    guard status == SQLITE_OK, let statement else { throw error(on: handle) }
    defer { sqlite3_finalize(statement) }
    guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
      throw SQLiteError(kind: .multipleStatements, message: "more than one statement: \(sql)")
    }
    if readOnly, sqlite3_stmt_readonly(statement) == 0 {
      throw SQLiteError(kind: .notReadOnly, message: "not a read-only statement: \(sql)")
    }
    let placeholders = Int(sqlite3_bind_parameter_count(statement))
    guard placeholders == parameters.count else {
      throw SQLiteError(
        kind: .misuse,
        message: "the statement has \(placeholders) parameter(s) and \(parameters.count) value(s) were given")
    }
    for (index, parameter) in parameters.enumerated() {
      guard bind(parameter, at: Int32(index + 1), of: statement) == SQLITE_OK else { throw error(on: handle) }
    }
    let count = sqlite3_column_count(statement)
    let columns = (0..<count).map { String(cString: sqlite3_column_name(statement, $0)) }
    var rows: [[SQLiteDatabase.Value]] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return SQLiteRows(columns: columns, rows: rows) }
      guard status == SQLITE_ROW else { throw error(on: handle) }
      rows.append((0..<count).map { value(statement, $0) })
    }
  }

  private static func bind(_ parameter: SQLiteDatabase.Value, at position: Int32, of statement: OpaquePointer) -> Int32
  {
    switch parameter {
    case .integer(let value): return sqlite3_bind_int64(statement, position, value)
    case .real(let value): return sqlite3_bind_double(statement, position, value)
    case .text(let value):
      var text = value
      return text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) {
          sqlite3_bind_text(statement, position, $0.baseAddress, Int32($0.count), braid_sqlite_transient())
        }
      }
    case .blob(let bytes):
      return bytes.withUnsafeBytes {
        sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), braid_sqlite_transient())
      }
    case .null: return sqlite3_bind_null(statement, position)
    }
  }

  private static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteDatabase.Value {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
    case SQLITE_NULL: return .null
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      // `sqlite3_column_text` first, so that `sqlite3_column_bytes` counts the text form.
      guard let text = sqlite3_column_text(statement, column) else { return .text("") }
      let count = Int(sqlite3_column_bytes(statement, column))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    }
  }

  static func error(on handle: OpaquePointer) -> SQLiteError {
    SQLiteError(
      code: sqlite3_errcode(handle),
      extendedCode: sqlite3_extended_errcode(handle),
      message: String(cString: sqlite3_errmsg(handle))
    )
  }
}
