import BraidSQLite
import Foundation
import Synchronization

extension UserDirectory {
  /// Where the live directory keeps its database unless told otherwise: `$BRAID_USERS_DB`, or
  /// `~/.local/share/braid/users.sqlite` (created on first use).
  public static var defaultDatabasePath: String {
    if let path = ProcessInfo.processInfo.environment["BRAID_USERS_DB"], !path.isEmpty { return path }
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    return "\(home)/.local/share/braid/users.sqlite"
  }

  /// A directory kept in the SQLite database at `path`.
  ///
  /// - Usernames are unique regardless of case (`Alice` and `alice` are the same user), enforced
  ///   by the database, so two processes racing for one name cannot both get it.
  /// - E-mail addresses must pass ``isValidEmail(_:)``.
  /// - Passwords are stored only as salted yescrypt hashes (the system's libcrypt).
  /// - Storage failures (a directory that cannot be created, a file that is not a database, a
  ///   lock held past `busyTimeout`) are thrown as ``UserDirectoryError/storage(_:)``, never a
  ///   crash. The database is opened on first use and closed when the last copy of the
  ///   directory is released.
  ///
  /// - Parameters:
  ///   - path: The database file; its directory is created if needed.
  ///   - busyTimeout: How long to wait for another connection's lock.
  public static func live(path: String = defaultDatabasePath, busyTimeout: Duration = .seconds(2)) -> UserDirectory {
    let store = UserStore(path: path, busyTimeout: busyTimeout)
    return UserDirectory(
      isUsernameAvailable: { username in try store.isAvailable(username) },
      signUp: { request in try store.signUp(request) }
    )
  }

  /// The e-mail rule: one `@`; a non-empty local part; a domain with a dot that neither starts
  /// nor ends it; no whitespace; at most 254 characters. It rejects typos, not every invalid
  /// address (only sending a message proves an address works).
  public static func isValidEmail(_ email: String) -> Bool {
    guard email.count <= 254, !email.contains(where: \.isWhitespace) else { return false }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let domain = parts[1]
    return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
  }
}

/// The SQLite side of the live directory: the connection, opened lazily, and its queries.
final class UserStore: Sendable {
  private let path: String
  private let busyTimeout: Duration
  private let database = Mutex<SQLiteDatabase?>(nil)

  init(path: String, busyTimeout: Duration) {
    self.path = path
    self.busyTimeout = busyTimeout
  }

  func isAvailable(_ username: String) throws -> Bool {
    try storage {
      let rows = try $0.query("SELECT count(*) FROM users WHERE username = ?", [.text(username)])
      return rows.first?.first == .integer(0)
    }
  }

  func signUp(_ request: SignUpRequest) throws {
    guard !request.username.isEmpty else { throw UserDirectoryError.usernameTaken(request.username) }
    guard UserDirectory.isValidEmail(request.email) else { throw UserDirectoryError.invalidEmail(request.email) }
    let hash = try PasswordHash.make(request.password)
    do {
      try storage {
        try $0.execute(
          "INSERT INTO users (username, email, password_hash, created_at) VALUES (?, ?, ?, datetime('now'))",
          [.text(request.username), .text(request.email), .text(hash)]
        )
      }
    } catch UserDirectoryError.storage(let message) where message.contains("UNIQUE constraint failed") {
      throw UserDirectoryError.usernameTaken(request.username)
    }
  }

  /// Runs `body` on the open database, turning SQLite failures into storage errors.
  private func storage<R>(_ body: (SQLiteDatabase) throws -> R) throws -> R {
    do {
      let database = try openDatabase()
      return try body(database)
    } catch let error as SQLiteError {
      throw UserDirectoryError.storage(error.description)
    }
  }

  private func openDatabase() throws -> SQLiteDatabase {
    try database.withLock { database in
      if let database { return database }
      let opened = try SQLiteDatabase(path: path, busyTimeout: busyTimeout)
      try opened.execute(
        """
        CREATE TABLE IF NOT EXISTS users (
          id INTEGER PRIMARY KEY,
          username TEXT NOT NULL UNIQUE COLLATE NOCASE,
          email TEXT NOT NULL,
          password_hash TEXT NOT NULL,
          created_at TEXT NOT NULL
        )
        """
      )
      database = opened
      return opened
    }
  }
}
