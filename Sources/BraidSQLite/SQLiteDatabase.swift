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
  private struct Connection: @unchecked Sendable {
    // @unchecked: the handle is only used under `connection`'s lock.
    let handle: OpaquePointer
  }

  private let connection: Mutex<Connection?>

  /// What a connection may do to its file.
  public enum Access: Sendable, Equatable {
    /// Read and write, creating the file (and its directory) when it is missing.
    case readWriteCreate
    /// Read and write a file that must exist.
    case readWrite
    /// Only read a file that must exist: every statement that would write fails with
    /// ``SQLiteError/Kind/readOnly``.
    case readOnly
  }

  /// Opens the database file at `path`: by default creating it, and its directory, if needed.
  ///
  /// `path` is always a file path, never a URI or a special name: a path that starts with
  /// `file:` names a file in the current directory (it is opened as `./file:…`), and a path
  /// SQLite would still open as an in-memory or temporary database (an empty path,
  /// `:memory:`) is refused, as is any path whose opened file is not the file `path` names.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - access: Whether the connection creates, writes or only reads the file.
  ///   - busyTimeout: How long to wait for another connection's lock before failing with
  ///     ``SQLiteError/Kind/busy``.
  /// - Throws: ``SQLiteError`` when the file cannot be opened or is not a database
  ///   (``SQLiteError/Kind/cannotOpen`` when `path` does not name a file, or names none that
  ///   exists and `access` does not create it).
  public init(path: String, access: Access = .readWriteCreate, busyTimeout: Duration = .seconds(2)) throws {
    let path = path.hasPrefix("file:") ? "./" + path : path
    var flags = SQLITE_OPEN_FULLMUTEX
    switch access {
    case .readWriteCreate:
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    case .readWrite: flags |= SQLITE_OPEN_READWRITE
    case .readOnly: flags |= SQLITE_OPEN_READONLY
    }
    var handle: OpaquePointer?
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
    try withHandle { try SQLiteStatement.run(sql, parameters, readOnly: false, on: $0).rows }
  }

  /// Runs one statement that only reads, and returns its rows with the columns' names.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement with `?` placeholders.
  ///   - parameters: The values bound to the placeholders, in order.
  /// - Returns: The columns' names and the rows.
  /// - Throws: ``SQLiteError``; ``SQLiteError/Kind/notReadOnly`` for a statement that could
  ///   write, before it runs.
  public func read(_ sql: String, _ parameters: [Value] = []) throws -> SQLiteRows {
    try withHandle { try SQLiteStatement.run(sql, parameters, readOnly: true, on: $0) }
  }

  /// Runs `body` with the open connection's handle, under the lock.
  func withHandle<R>(_ body: (OpaquePointer) throws -> R) throws -> R {
    try connection.withLock { connection -> R in
      guard let handle = connection?.handle else {
        throw SQLiteError(kind: .misuse, message: "the database is closed")
      }
      return try body(handle)
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
}
