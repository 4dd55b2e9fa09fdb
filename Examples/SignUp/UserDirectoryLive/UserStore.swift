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

  /// The username of the account the request `id` created, if any.
  func storedSignUp(_ id: String) throws -> String? {
    try storage {
      let rows = try $0.query("SELECT username FROM users WHERE request_id = ?", [.text(id)])
      guard case .text(let username)? = rows.first?.first else { return nil }
      return username
    }
  }

  /// Checks `request` and hashes its password: the slow, database-free half of a sign-up.
  func passwordHash(for request: SignUpRequest) throws -> String {
    try SignUpRules.check(request)
    return try PasswordHash.make(request.password)
  }

  /// Stores the user of `request` with its password's `hash`, or, when the request's id is
  /// stored already, answers as the first time did.
  func insert(_ request: SignUpRequest, passwordHash hash: String) throws {
    if let id = request.requestID, let stored = try storedSignUp(id) {
      return try SignUpRules.answer(request, storedUsername: stored)
    }
    do {
      try storage {
        try $0.execute(
          """
          INSERT INTO users (username, username_key, email, password_hash, created_at, request_id)
          VALUES (?, ?, ?, ?, datetime('now'), ?)
          """,
          [
            .text(request.username), .text(UsernameKey.of(request.username)), .text(request.email), .text(hash),
            request.requestID.map(SQLiteDatabase.Value.text) ?? .null,
          ]
        )
      }
    } catch UserDirectoryError.storage(let message) where message.contains("UNIQUE constraint failed") {
      // Another process may have stored the same request between the check above and the
      // insert; its row collides on the name's key as well, and either index may report it.
      if let id = request.requestID, let stored = try storedSignUp(id) {
        return try SignUpRules.answer(request, storedUsername: stored)
      }
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
