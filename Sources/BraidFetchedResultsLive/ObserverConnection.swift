import Braid
import BraidFetchedResults
import BraidSQLite
import Foundation

/// The observer's own connection to the database: the data version that tells it another
/// connection committed, and the fetch. Used by one task at a time (the observer's loop).
///
/// It opens the file read-write but never creates it, and runs reads only (`SQLiteDatabase`'s
/// `read` refuses a statement that could write): it must be able to write just once, to release
/// a replaced file's write-ahead log.
package final class ObserverConnection {
  private let database: SQLiteDatabase
  private let path: String
  /// The file the connection opened, to notice it being deleted or replaced underneath.
  let inode: UInt64?
  private var isClosed = false

  /// How long a read waits for another connection's lock before failing: a lock held for a
  /// moment (a commit, a WAL recovery) is waited out; one held longer fails the read, and the
  /// observer reports it and tries again on a later wake-up.
  static let busyTimeout = Duration.milliseconds(50)

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
    do {
      database = try SQLiteDatabase(path: path, access: .readWrite, busyTimeout: Self.busyTimeout)
    } catch {
      throw Self.mapped(error, path: path, sql: nil)
    }
    self.path = path
    self.inode = Self.inode(of: path)
    Self.opened.opened()
  }

  deinit { close() }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    database.close()
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
    do {
      try database.checkpointTruncatingLog()
    } catch {
      throw .databaseUnavailable(
        "\(path) was replaced while another connection still used the old file's write-ahead log "
          + "(\(error)); until it closes, the new file would be read with the old rows")
    }
  }

  /// `PRAGMA data_version`: it changes when another connection commits.
  func dataVersion() throws(FetchedResultsError) -> Int64 {
    do {
      return try database.dataVersion()
    } catch {
      throw Self.mapped(error, path: path, sql: "PRAGMA data_version")
    }
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
    let result: SQLiteRows
    do {
      result = try database.read(sql, arguments.map(Self.value))
    } catch {
      throw Self.mapped(error, path: path, sql: sql)
    }
    return result.rows.map { FetchedRow(columns: result.columns, values: $0.map(Self.value)) }
  }

  private static func value(_ value: FetchValue) -> SQLiteDatabase.Value {
    switch value {
    case .null: .null
    case .integer(let number): .integer(number)
    case .real(let number): .real(number)
    case .text(let text): .text(text)
    case .blob(let bytes): .blob(bytes)
    }
  }

  private static func value(_ value: SQLiteDatabase.Value) -> FetchValue {
    switch value {
    case .null: .null
    case .integer(let number): .integer(number)
    case .real(let number): .real(number)
    case .text(let text): .text(text)
    case .blob(let bytes): .blob(bytes)
    }
  }

  /// A failure of SQLite as the observer reports it.
  private static func mapped(_ error: any Error, path: String, sql: String?) -> FetchedResultsError {
    guard let error = error as? SQLiteError else { return .sqlite("\(path): \(error)") }
    let message = error.message
    switch error.kind {
    case .busy: return .locked("\(path): \(message)")
    case .corrupt: return .corrupt("\(path): \(message)")
    case .cannotOpen: return .databaseUnavailable("\(path): \(message)")
    case .notReadOnly, .multipleStatements: return .notAQuery(message)
    case .misuse: return .invalidSQL(message)
    case .other where message.hasPrefix("no such table") || message.hasPrefix("no such column"):
      return .missingTable(message)
    case .other where error.code == 1: return .invalidSQL(sql.map { "\(message): \($0)" } ?? message)
    case .readOnly, .constraint, .other: return .sqlite("\(path): \(message) (code \(error.extendedCode))")
    }
  }
}
