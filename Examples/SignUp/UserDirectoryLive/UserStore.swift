import BraidSQLite
import Foundation
import Synchronization
import UserDirectoryClient
import UsersDatabase

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
      let rows = try $0.query("SELECT count(*) FROM users WHERE username_key = ?", [.text(UsernameKey.of(username))])
      return rows.first?.first == .integer(0)
    }
  }

  /// Checks `request` and hashes its password: the slow, database-free half of a sign-up.
  func passwordHash(for request: SignUpRequest) throws -> String {
    guard !request.username.isEmpty else { throw UserDirectoryError.usernameTaken(request.username) }
    guard UserDirectory.isValidEmail(request.email) else { throw UserDirectoryError.invalidEmail(request.email) }
    return try PasswordHash.make(request.password)
  }

  /// Stores the user of `request` with its password's `hash`.
  func insert(_ request: SignUpRequest, passwordHash hash: String) throws {
    do {
      try storage {
        try $0.execute(
          """
          INSERT INTO users (username, username_key, email, password_hash, created_at)
          VALUES (?, ?, ?, ?, datetime('now'))
          """,
          [.text(request.username), .text(UsernameKey.of(request.username)), .text(request.email), .text(hash)]
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
      throw UserDirectoryError.storage("\(path): \(error.description)")
    }
  }

  private func openDatabase() throws -> SQLiteDatabase {
    try database.withLock { database in
      if let database { return database }
      let file: UsersDatabasePath
      do throws(UsersDatabasePath.Problem) {
        file = try UsersDatabasePath(path)
        try file.createFileIfNeeded()
      } catch {
        throw UserDirectoryError.storage(error.message)
      }
      let opened = try SQLiteDatabase(path: file.fileName, busyTimeout: busyTimeout)
      try UsersSchema.prepare(opened, path: path)
      database = opened
      return opened
    }
  }
}
