import BraidSQLite
import UserDirectoryClient

/// The `users` table the live directory needs, and how an existing database is brought to it.
///
/// Usernames are unique by ``UsernameKey`` through a `username_key` column with a unique index.
/// Rows written by other programs (the `sqlite3` shell, say) get an ASCII-lowercase key from a
/// trigger at once, so uniqueness holds for them too, and the exact key when the directory next
/// opens the database.
///
/// A sign-up's request id, when it has one, is kept in `request_id` under a unique index, so a
/// request sent again finds the account it created.
package enum UsersSchema {
  /// The columns the directory reads and writes, besides `username_key`.
  package static let requiredColumns = ["id", "username", "email", "password_hash", "created_at"]

  package static let keyIndex = "users_username_key"
  package static let requestIndex = "users_request_id"

  /// Creates the table, or checks and migrates the one there: adds `username_key` if missing,
  /// fills in keys that are missing or stale, and makes sure a unique index enforces them.
  ///
  /// Runs in one `BEGIN IMMEDIATE` transaction, so two processes opening one new database do not
  /// both migrate it.
  ///
  /// - Throws: ``UserDirectoryError/storage(_:)`` naming what is wrong when the table lacks a
  ///   column or holds two users the rule says are one; ``SQLiteError`` for the database itself.
  package static func prepare(_ database: SQLiteDatabase, path: String) throws {
    try database.transaction {
      let columns = try database.query("SELECT name FROM pragma_table_info('users')").compactMap(\.first)
      if columns.isEmpty {
        try database.execute(
          """
          CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            username TEXT NOT NULL,
            username_key TEXT,
            email TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            created_at TEXT NOT NULL,
            request_id TEXT
          )
          """
        )
      } else {
        let missing = requiredColumns.filter { !columns.contains(.text($0)) }
        guard missing.isEmpty else {
          throw UserDirectoryError.storage(
            "\(path): its users table cannot hold the directory: it has no \(missing.joined(separator: ", ")) column (the directory needs \(requiredColumns.joined(separator: ", ")))."
          )
        }
        if !columns.contains(.text("username_key")) {
          try database.execute("ALTER TABLE users ADD COLUMN username_key TEXT")
        }
        if !columns.contains(.text("request_id")) {
          try database.execute("ALTER TABLE users ADD COLUMN request_id TEXT")
        }
      }
      // NULLs are distinct in a unique index: requests without an id never collide.
      try database.execute("CREATE UNIQUE INDEX IF NOT EXISTS \(requestIndex) ON users (request_id)")
      try repairKeys(database, path: path)
      try ensureUniqueKeyIndex(database)
      try database.execute(
        """
        CREATE TRIGGER IF NOT EXISTS users_key_on_insert AFTER INSERT ON users
        WHEN NEW.username_key IS NULL
        BEGIN UPDATE users SET username_key = lower(NEW.username) WHERE rowid = NEW.rowid; END
        """
      )
      try database.execute(
        """
        CREATE TRIGGER IF NOT EXISTS users_key_on_rename AFTER UPDATE OF username ON users
        WHEN NEW.username IS NOT OLD.username AND NEW.username_key IS OLD.username_key
        BEGIN UPDATE users SET username_key = lower(NEW.username) WHERE rowid = NEW.rowid; END
        """
      )
    }
  }

  /// Gives every row its exact key, failing if two rows' usernames share one.
  private static func repairKeys(_ database: SQLiteDatabase, path: String) throws {
    let rows = try database.query("SELECT rowid, username, username_key FROM users")
    var owners: [String: String] = [:]
    var stale: [(rowid: SQLiteDatabase.Value, key: String)] = []
    for row in rows {
      guard row.count == 3, case .text(let username) = row[1] else { continue }
      let key = UsernameKey.of(username)
      if let other = owners.updateValue(username, forKey: key) {
        throw UserDirectoryError.storage(
          "\(path): the users \(quoted(other)) and \(quoted(username)) are one username under the directory's rule (the same after Unicode NFKC normalization and case folding); rename or remove one of them."
        )
      }
      if row[2] != .text(key) { stale.append((row[0], key)) }
    }
    // Clear first, so a stale key that equals another row's new one cannot collide midway.
    for entry in stale {
      try database.execute("UPDATE users SET username_key = NULL WHERE rowid = ?", [entry.rowid])
    }
    for entry in stale {
      try database.execute("UPDATE users SET username_key = ? WHERE rowid = ?", [.text(entry.key), entry.rowid])
    }
  }

  /// Makes sure a unique, non-partial index on `username_key` alone exists.
  private static func ensureUniqueKeyIndex(_ database: SQLiteDatabase) throws {
    for index in try database.query("SELECT name, \"unique\", partial FROM pragma_index_list('users')") {
      guard index.count == 3, case .text(let name) = index[0], index[1] == .integer(1), index[2] == .integer(0)
      else { continue }
      let indexed = try database.query("SELECT name FROM pragma_index_info(?)", [.text(name)]).compactMap(\.first)
      if indexed == [.text("username_key")] { return }
    }
    try database.execute("DROP INDEX IF EXISTS \(keyIndex)")
    try database.execute("CREATE UNIQUE INDEX \(keyIndex) ON users (username_key)")
  }

  /// A username as a message shows it, with control characters escaped.
  private static func quoted(_ username: String) -> String {
    "\""
      + username.unicodeScalars.map {
        $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0)
      }.joined() + "\""
  }
}
