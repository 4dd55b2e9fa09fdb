import Braid
import BraidFetchedResults
import CSQLite
import Foundation

/// The observer's own read connection to the database: the data version that tells it another
/// connection committed, and the fetch. Used by one task at a time (the observer's loop).
package final class ObserverConnection {
  private let handle: OpaquePointer
  private let path: String
  /// The file the connection opened, to notice it being deleted or replaced underneath.
  let inode: UInt64?
  private var isClosed = false

  /// How long a read waits for another connection's lock before failing.
  static let busyTimeoutMilliseconds: Int32 = 50

  /// How many observer connections are open, for leak checks in tests.
  package static var openCount: Int { opened.value }
  /// The same count, to wait on in tests.
  package static let opened = ResourceCount()

  /// Opens `path`, which must exist: an observer never creates a database.
  ///
  /// - Throws: ``FetchedResultsError/databaseUnavailable(_:)`` when the file is missing or
  ///   cannot be opened, ``FetchedResultsError/corrupt(_:)`` when it is not a database.
  init(path: String) throws(FetchedResultsError) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .databaseUnavailable("\(path): no such file")
    }
    var handle: OpaquePointer?
    // A path is a file path: one that starts with `file:` is a file in the current directory,
    // never a URI SQLite could open in memory.
    let fileName = path.hasPrefix("file:") ? "./" + path : path
    let status = sqlite3_open_v2(fileName, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close_v2(handle)
      throw .databaseUnavailable("\(path): \(message)")
    }
    self.handle = handle
    self.path = path
    self.inode = Self.inode(of: path)
    Self.opened.opened()
    // A lock held for a moment (a commit, a WAL recovery) is waited out briefly; a lock held
    // longer fails the read, and the observer reports it and tries again on a later wake-up.
    sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
  }

  deinit { close() }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    sqlite3_close_v2(handle)
    Self.opened.closed()
  }

  /// The inode at `path` now, or `nil` when nothing is there.
  static func inode(of path: String) -> UInt64? {
    var information = stat()
    guard stat(path, &information) == 0 else { return nil }
    return UInt64(information.st_ino)
  }

  /// Whether the file the connection opened is still the one at its path.
  var isCurrent: Bool { inode != nil && Self.inode(of: path) == inode }

  /// Checkpoints the replaced file's write-ahead log into that file and truncates the log to
  /// nothing, through this connection, which still has the old file open. A connection to a
  /// moved or deleted database that simply closes leaves its log at the path (SQLite does not
  /// checkpoint a moved file on close), and every connection to the new file, the observer's
  /// next one included, would read the old rows through it
  /// (`aWALDatabaseReplacedByAMoveIsReadWithItsOwnRows`). Does nothing in rollback-journal mode.
  ///
  /// - Throws: ``FetchedResultsError/databaseUnavailable(_:)`` when another connection still
  ///   reads the old log, so it cannot be released yet; the observer keeps this connection and
  ///   tries again at its next check.
  func releaseLogOfReplacedFile() throws(FetchedResultsError) {
    var logFrames: Int32 = 0
    var checkpointed: Int32 = 0
    let status = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, &logFrames, &checkpointed)
    guard status == SQLITE_OK else {
      throw .databaseUnavailable(
        "\(path) was replaced while another connection still used the old file's write-ahead log "
          + "(\(String(cString: sqlite3_errmsg(handle)))); until it closes, the new file would be read with the old rows"
      )
    }
  }

  /// `PRAGMA data_version`: it changes when another connection commits.
  func dataVersion() throws(FetchedResultsError) -> Int64 {
    let rows = try query("PRAGMA data_version", arguments: [])
    guard let version = rows.first?.values.first?.integer else {
      throw .sqlite("PRAGMA data_version returned nothing")
    }
    return version
  }

  /// Reads the schema table, which makes the connection notice a schema another connection
  /// changed (a table created since it last prepared a statement).
  func refreshSchema() throws(FetchedResultsError) {
    _ = try query("SELECT count(*) FROM sqlite_master", arguments: [])
  }

  /// Runs one read-only statement and returns its rows.
  ///
  /// - Throws: ``FetchedResultsError/notAQuery(_:)`` for anything but one read-only statement,
  ///   and the mapped SQLite failure otherwise.
  func query(_ sql: String, arguments: [FetchValue]) throws(FetchedResultsError) -> [FetchedRow] {
    var statement: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let prepared = sql.withCString { text in
      let status = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
      let rest = tail.map { String(cString: $0) } ?? ""
      return (status, rest)
    }
    guard prepared.0 == SQLITE_OK, let statement else { throw error(preparing: sql) }
    defer { sqlite3_finalize(statement) }
    guard prepared.1.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ";"))).isEmpty
    else {
      throw .notAQuery("more than one statement: \(sql)")
    }
    guard sqlite3_stmt_readonly(statement) != 0 else { throw .notAQuery(sql) }
    let parameterCount = Int(sqlite3_bind_parameter_count(statement))
    guard parameterCount == arguments.count else {
      throw .invalidSQL("the query has \(parameterCount) parameter(s) and \(arguments.count) argument(s) were given")
    }
    for (index, argument) in arguments.enumerated() {
      let position = Int32(index + 1)
      let status: Int32
      switch argument {
      case .null: status = sqlite3_bind_null(statement, position)
      case .integer(let value): status = sqlite3_bind_int64(statement, position, value)
      case .real(let value): status = sqlite3_bind_double(statement, position, value)
      case .text(let value):
        var text = value
        status = text.withUTF8 { bytes in
          bytes.withMemoryRebound(to: CChar.self) {
            sqlite3_bind_text(statement, position, $0.baseAddress, Int32($0.count), braid_sqlite_transient())
          }
        }
      case .blob(let bytes):
        status = bytes.withUnsafeBytes {
          sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), braid_sqlite_transient())
        }
      }
      guard status == SQLITE_OK else { throw error(running: sql) }
    }
    let columnCount = sqlite3_column_count(statement)
    let columns = (0..<columnCount).map { String(cString: sqlite3_column_name(statement, $0)) }
    var rows: [FetchedRow] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return rows }
      guard status == SQLITE_ROW else { throw error(running: sql) }
      rows.append(FetchedRow(columns: columns, values: (0..<columnCount).map { value(statement, $0) }))
    }
  }

  private func value(_ statement: OpaquePointer, _ column: Int32) -> FetchValue {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
    case SQLITE_NULL: return .null
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      let count = Int(sqlite3_column_bytes(statement, column))
      guard count > 0, let text = sqlite3_column_text(statement, column) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    }
  }

  private func error(preparing sql: String) -> FetchedResultsError {
    let code = sqlite3_errcode(handle)
    let message = String(cString: sqlite3_errmsg(handle))
    if code == SQLITE_ERROR {
      if message.hasPrefix("no such table") || message.hasPrefix("no such column") {
        return .missingTable(message)
      }
      return .invalidSQL("\(message): \(sql)")
    }
    return error(code: code, message: message)
  }

  private func error(running sql: String) -> FetchedResultsError {
    error(code: sqlite3_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
  }

  private func error(code: Int32, message: String) -> FetchedResultsError {
    switch code {
    case SQLITE_BUSY, SQLITE_LOCKED: .locked("\(path): \(message)")
    case SQLITE_NOTADB, SQLITE_CORRUPT: .corrupt("\(path): \(message)")
    case SQLITE_CANTOPEN: .databaseUnavailable("\(path): \(message)")
    case SQLITE_ERROR where message.hasPrefix("no such table"): .missingTable(message)
    default: .sqlite("\(path): \(message) (code \(code))")
    }
  }
}
