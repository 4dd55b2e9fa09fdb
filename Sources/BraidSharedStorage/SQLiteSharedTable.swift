import Braid
import BraidPOSIX
import BraidSQLite
import Foundation

/// The `braid_shared` table that `.sqlite` keys keep their values in, on disk: one row per key,
/// the value's encoded bytes in a `BLOB`.
///
/// ```sql
/// CREATE TABLE braid_shared (key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL)
/// ```
///
/// Each operation opens its own connection and closes it before returning, so a shared value
/// holds no connection between saves; a watch holds one, to read `PRAGMA data_version`.
enum SQLiteSharedTable {
  /// The table's name.
  static let name = "braid_shared"

  /// The value under `key`, or `nil` when the database, the table or the row does not exist.
  static func load(_ database: String, _ key: String) throws -> Data? {
    guard FileManager.default.fileExists(atPath: database) else { return nil }
    // Read-write, though it only reads: a writer killed mid-transaction leaves a hot journal,
    // which only a connection that may write rolls back; a read-only one fails to read.
    return try run("read", key, in: database, access: .readWrite) { connection in
      let tables = try connection.query(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)])
      guard tables.first?.first == .integer(1) else { return nil }
      switch try connection.query("SELECT value FROM \(name) WHERE key = ?", [.text(key)]).first?.first {
      case .blob(let bytes)?: return Data(bytes)
      case .text(let text)?: return Data(text.utf8)
      default: return nil
      }
    }
  }

  /// Writes `data` under `key` in one transaction, committed with `synchronous = FULL`: durable
  /// on return. A missing database is created 0600, in a folder created 0700.
  static func save(_ data: Data, _ database: String, _ key: String) throws {
    let isNew = !FileManager.default.fileExists(atPath: database)
    if isNew { makeFolder(of: database) }
    try run("save", key, in: database, access: .readWriteCreate) { connection in
      if isNew { chmod(database, 0o600) }
      try connection.execute("PRAGMA synchronous = FULL")
      try connection.execute("CREATE TABLE IF NOT EXISTS \(name) (key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL)")
      try connection.transaction {
        try connection.execute(
          "INSERT INTO \(name) (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          [.text(key), .blob(Array(data))])
      }
    }
  }

  /// Moves the row of `key` to `destination` in one transaction, replacing what was there.
  static func move(_ database: String, _ key: String, to destination: String) throws {
    try run("move aside", key, in: database, access: .readWrite) { connection in
      try connection.execute("PRAGMA synchronous = FULL")
      try connection.transaction {
        try connection.execute(
          "INSERT OR REPLACE INTO \(name) (key, value) SELECT ?, value FROM \(name) WHERE key = ?",
          [.text(destination), .text(key)])
        try connection.execute("DELETE FROM \(name) WHERE key = ?", [.text(key)])
      }
    }
  }

  /// Calls `onChange` whenever a connection, of this process or another, may have committed to
  /// `database`: inotify wakes the watch on writes to the file, its log or its journal, and
  /// `PRAGMA data_version` tells a commit from the other writes.
  static func watch(_ database: String, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    makeFolder(of: database)
    let commits = SQLiteCommitDetector(database: database)
    let url = URL(fileURLWithPath: database)
    let file = url.lastPathComponent
    guard
      let watcher = DirectoryWatcher(
        directory: url.deletingLastPathComponent().path, names: [file, file + "-wal", file + "-journal"],
        onChange: { if commits.hasCommitted() { onChange() } })
    else { return SharedSubscription { commits.close() } }
    return SharedSubscription {
      watcher.stop()
      commits.close()
    }
  }

  private static func makeFolder(of database: String) {
    try? FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: database).deletingLastPathComponent().path, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
  }

  /// Runs `body` on a connection of its own, closed after it, with SQLite's errors named.
  private static func run<R>(
    _ step: String, _ key: String, in database: String, access: SQLiteDatabase.Access,
    _ body: (SQLiteDatabase) throws -> R
  ) throws(SQLiteStorageError) -> R {
    do {
      let connection = try SQLiteDatabase(path: database, access: access)
      defer { connection.close() }
      return try body(connection)
    } catch {
      throw SQLiteStorageError(database: database, key: key, step: step, reason: "\(error)")
    }
  }
}
