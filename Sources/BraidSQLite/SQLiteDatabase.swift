import CSQLite
import Foundation
import Synchronization

/// One SQLite connection: prepared statements with bound parameters only, typed errors, and the
/// connection closed when the value is released.
///
/// Calls are serialized by a lock, so one connection may be shared between tasks.
///
/// ```swift
/// let database = try SQLiteDatabase(path: "users.sqlite")
/// try database.execute("CREATE TABLE IF NOT EXISTS users (name TEXT)")
/// try database.execute("INSERT INTO users (name) VALUES (?)", [.text("alice")])
/// let rows = try database.query("SELECT name FROM users WHERE name = ?", [.text("alice")])
/// ```
public final class SQLiteDatabase: Sendable {
  /// A value bound to a statement parameter or read from a result column.
  ///
  /// A column value's case follows the SQLite storage class of the value in that row, not the
  /// column's declared type. `REAL` and `BLOB` values have no case of their own: they are read as
  /// ``text(_:)``.
  public enum Value: Sendable, Equatable {
    /// A 64-bit signed integer: SQLite's `INTEGER` storage class.
    ///
    /// Bound with `sqlite3_bind_int64`. A result value whose storage class is `INTEGER` is read
    /// back as this case with `sqlite3_column_int64`.
    case integer(Int64)
    /// A string: SQLite's `TEXT` storage class.
    ///
    /// Bound with `sqlite3_bind_text` as all of its UTF-8 bytes (NUL characters included), and
    /// copied by SQLite. A result value whose storage class is `TEXT`, `REAL` or `BLOB` is read
    /// back as this case from `sqlite3_column_text` and `sqlite3_column_bytes`: a `REAL` as
    /// SQLite's text form of the number, a `BLOB` as its bytes decoded as UTF-8.
    case text(String)
    /// SQL `NULL`: SQLite's `NULL` storage class.
    ///
    /// Bound with `sqlite3_bind_null`. A `NULL` result value is read back as this case.
    case null
  }

  private struct Connection: @unchecked Sendable {
    // @unchecked: the handle is only used under `connection`'s lock.
    let handle: OpaquePointer
  }

  private let connection: Mutex<Connection?>

  /// Opens (creating if needed) the database file at `path`, creating its directory first.
  ///
  /// `path` is always a file path, never a URI or a special name: a path that starts with
  /// `file:` names a file in the current directory (it is opened as `./file:…`), and a path
  /// SQLite would still open as an in-memory or temporary database (an empty path,
  /// `:memory:`) is refused, as is any path whose opened file is not the file `path` names.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - busyTimeout: How long to wait for another connection's lock before failing with
  ///     ``SQLiteError/Kind/busy``.
  /// - Throws: ``SQLiteError`` when the file cannot be opened or is not a database
  ///   (``SQLiteError/Kind/cannotOpen`` when `path` does not name a file).
  public init(path: String, busyTimeout: Duration = .seconds(2)) throws {
    let path = path.hasPrefix("file:") ? "./" + path : path
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
      sqlite3_close(handle)
      throw SQLiteError(code: status, message: message)
    }
    // Debian's SQLite reads URIs and special names whatever the open flags say: what was opened
    // is checked, not what was asked for.
    guard Self.opensFile(handle, path: path) else {
      sqlite3_close(handle)
      throw SQLiteError(
        code: SQLITE_CANTOPEN, message: "'\(path)' would open an in-memory or temporary database, not a file")
    }
    // Clamped first to what SQLite takes (0 to Int32.max ms), so no timeout, however absurd,
    // overflows on the way to milliseconds.
    let timeout = min(max(busyTimeout, .zero), .milliseconds(Int32.max))
    let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    connection = Mutex(Connection(handle: handle))
    // Reading the schema proves the file is a database (a corrupt file fails here, not later).
    do {
      _ = try query("SELECT count(*) FROM sqlite_master")
    } catch {
      close()
      throw error
    }
  }

  deinit {
    close()
  }

  /// Whether `handle`'s main database is the file at `path`: SQLite reports an empty name for
  /// an in-memory or temporary database.
  private static func opensFile(_ handle: OpaquePointer, path: String) -> Bool {
    guard let name = sqlite3_db_filename(handle, "main"), name.pointee != 0 else { return false }
    guard let opened = realpath(name, nil) else { return false }
    defer { free(opened) }
    guard let meant = realpath(path, nil) else { return false }
    defer { free(meant) }
    return strcmp(opened, meant) == 0
  }

  /// Closes the connection; later calls throw. Safe to call more than once.
  public func close() {
    connection.withLock { connection in
      if let handle = connection?.handle { sqlite3_close_v2(handle) }
      connection = nil
    }
  }

  /// Runs a statement that returns no rows.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement with `?` placeholders.
  ///   - parameters: The values bound to the placeholders, in order.
  /// - Throws: ``SQLiteError``.
  public func execute(_ sql: String, _ parameters: [Value] = []) throws {
    _ = try query(sql, parameters)
  }

  /// Runs a statement and returns its rows, each an array of column values.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement with `?` placeholders.
  ///   - parameters: The values bound to the placeholders, in order.
  /// - Returns: The rows.
  /// - Throws: ``SQLiteError``.
  public func query(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
    try connection.withLock { connection -> [[Value]] in
      guard let handle = connection?.handle else {
        throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed")
      }
      return try Self.run(sql, parameters, on: handle)
    }
  }

  /// Runs `body` inside one `BEGIN IMMEDIATE … COMMIT` transaction, rolled back if it throws.
  ///
  /// - Parameter body: The statements to run, through this database.
  /// - Returns: What `body` returns.
  /// - Throws: ``SQLiteError`` or what `body` throws.
  public func transaction<R>(_ body: () throws -> R) throws -> R {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  private static func run(_ sql: String, _ parameters: [Value], on handle: OpaquePointer) throws -> [[Value]] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw error(on: handle)
    }
    defer { sqlite3_finalize(statement) }
    for (index, parameter) in parameters.enumerated() {
      let position = Int32(index + 1)
      let status: Int32
      switch parameter {
      case .integer(let value): status = sqlite3_bind_int64(statement, position, value)
      case .text(let value):
        var text = value
        status = text.withUTF8 { bytes in
          bytes.withMemoryRebound(to: CChar.self) {
            sqlite3_bind_text(statement, position, $0.baseAddress, Int32($0.count), braid_sqlite_transient())
          }
        }
      case .null: status = sqlite3_bind_null(statement, position)
      }
      guard status == SQLITE_OK else { throw error(on: handle) }
    }
    var rows: [[Value]] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return rows }
      guard status == SQLITE_ROW else { throw error(on: handle) }
      rows.append(
        (0..<sqlite3_column_count(statement)).map { column in
          switch sqlite3_column_type(statement, column) {
          case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
          case SQLITE_NULL: .null
          default: .text(Self.text(statement, column))
          }
        })
    }
  }

  /// A column's value as text, all of its bytes (a NUL inside does not end it).
  private static func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
    // `sqlite3_column_text` first, so that `sqlite3_column_bytes` counts the text form.
    guard let text = sqlite3_column_text(statement, column) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  private static func error(on handle: OpaquePointer) -> SQLiteError {
    SQLiteError(
      code: sqlite3_errcode(handle),
      extendedCode: sqlite3_extended_errcode(handle),
      message: String(cString: sqlite3_errmsg(handle))
    )
  }
}
