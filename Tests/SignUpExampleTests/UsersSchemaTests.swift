import BraidSQLite
import Foundation
import Testing
import UserDirectoryClient
import UserDirectoryLive

/// Usernames are unique by Unicode NFKC and case folding, in a table the directory checks and
/// migrates when it opens a database that already has one.
struct UsersSchemaTests {
  static func request(_ username: String) -> SignUpRequest {
    SignUpRequest(username: username, email: "someone@example.com", password: "correct horse")
  }

  /// A database file made by someone else before the directory opens it.
  static func withDatabase(_ sql: [String], _ body: (String) async throws -> Void) async throws {
    try await UserDirectoryLiveTests.withTemporaryFolder { folder in
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let path = "\(folder)/users.sqlite"
      let database = try SQLiteDatabase(path: path)
      for statement in sql { try database.execute(statement) }
      database.close()
      try await body(path)
    }
  }

  @Test func usernamesAreOneWhenTheyMatchAfterNFKCAndCaseFolding() async throws {
    try await UserDirectoryLiveTests.withTemporaryFolder { folder in
      let directory = UserDirectory.live(path: "\(folder)/users.sqlite")
      try await directory.signUp(Self.request("Émile"))
      for same in ["émile", "ÉMILE", "E\u{301}mile", "e\u{301}MILE"] {
        #expect(try await !directory.isUsernameAvailable(same), "\(same)")
        await #expect(throws: UserDirectoryError.usernameTaken(same)) { try await directory.signUp(Self.request(same)) }
      }
      #expect(try await directory.isUsernameAvailable("Emile"))
      try await directory.signUp(Self.request("ＥＭＩＬＥ"))
      #expect(try await !directory.isUsernameAvailable("emile"))
      try await directory.signUp(Self.request("Straße"))
      #expect(try await !directory.isUsernameAvailable("STRASSE"))
      try await directory.signUp(Self.request("ﬁsh"))
      #expect(try await !directory.isUsernameAvailable("FISH"))
    }
  }

  /// The case: a `users` table without the uniqueness constraint took both.
  @Test func aTableWithoutTheConstraintGetsTheUniqueKey() async throws {
    let legacy =
      "CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT, email TEXT, password_hash TEXT, created_at TEXT)"
    try await Self.withDatabase([legacy, "INSERT INTO users VALUES (1, 'frank', 'f@x.org', 'h', 'then')"]) { path in
      let directory = UserDirectory.live(path: path)
      #expect(try await !directory.isUsernameAvailable("FRANK"))
      await #expect(throws: UserDirectoryError.usernameTaken("FRANK")) {
        try await directory.signUp(Self.request("FRANK"))
      }
      let index = try SQLiteDatabase(path: path).query(
        "SELECT \"unique\" FROM pragma_index_list('users') WHERE name = 'users_username_key'")
      #expect(index == [[.integer(1)]])
    }
  }

  /// The schema Braid used before: ASCII-only `COLLATE NOCASE`. Its rows keep working and get
  /// the Unicode rule.
  @Test func thePreviousSchemaIsMigratedWithItsRows() async throws {
    let previous = """
      CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        email TEXT NOT NULL, password_hash TEXT NOT NULL, created_at TEXT NOT NULL)
      """
    let rows = "INSERT INTO users VALUES (1, 'Émile', 'e@x.org', 'h', 'then'), (2, 'alice', 'a@x.org', 'h', 'then')"
    try await Self.withDatabase([previous, rows]) { path in
      let directory = UserDirectory.live(path: path)
      #expect(try await !directory.isUsernameAvailable("émile"))
      #expect(try await !directory.isUsernameAvailable("ALICE"))
      try await directory.signUp(Self.request("bob"))
      let keys = try SQLiteDatabase(path: path).query("SELECT username, username_key FROM users ORDER BY id")
      #expect(
        keys == [[.text("Émile"), .text("émile")], [.text("alice"), .text("alice")], [.text("bob"), .text("bob")]])
    }
  }

  @Test func aTableWithoutRequestIDsGetsTheColumnAndItsUniqueIndex() async throws {
    let before = """
      CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, username_key TEXT,
        email TEXT NOT NULL, password_hash TEXT NOT NULL, created_at TEXT NOT NULL)
      """
    let rows = "INSERT INTO users VALUES (1, 'alice', 'alice', 'a@x.org', 'h', 'then')"
    try await Self.withDatabase([before, rows]) { path in
      let directory = UserDirectory.live(path: path)
      let retried = SignUpRequest(username: "bob", email: "b@x.org", password: "correct horse", requestID: "r-1")
      try await directory.signUp(retried)
      try await directory.signUp(retried)
      let stored = try SQLiteDatabase(path: path).query("SELECT username, request_id FROM users ORDER BY id")
      #expect(stored == [[.text("alice"), .null], [.text("bob"), .text("r-1")]])
      // The index, not the directory's check alone, keeps an id to one account.
      let other = try SQLiteDatabase(path: path)
      #expect(throws: SQLiteError.self) {
        try other.execute(
          "INSERT INTO users (username, username_key, email, password_hash, created_at, request_id) VALUES ('c', 'c', 'c@x.org', 'h', 'now', 'r-1')"
        )
      }
    }
  }

  @Test func twoUsersTheRuleMakesOneAreAClearErrorNotAGuess() async throws {
    let legacy =
      "CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT, email TEXT, password_hash TEXT, created_at TEXT)"
    let rows = "INSERT INTO users VALUES (1, 'Émile', 'a@x.org', 'h', 'then'), (2, 'émile', 'b@x.org', 'h', 'then')"
    try await Self.withDatabase([legacy, rows]) { path in
      let directory = UserDirectory.live(path: path)
      await #expect(
        throws: UserDirectoryError.storage(
          "\(path): the users \"Émile\" and \"émile\" are one username under the directory's rule (the same after Unicode NFKC normalization and case folding); rename or remove one of them."
        )
      ) { _ = try await directory.isUsernameAvailable("zed") }
      // Nothing was changed: the failed migration rolled back.
      let columns = try SQLiteDatabase(path: path).query("SELECT name FROM pragma_table_info('users')")
      #expect(!columns.contains([.text("username_key")]))
    }
  }

  @Test func aTableMissingColumnsIsRefusedNamingThem() async throws {
    try await Self.withDatabase(["CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT)"]) { path in
      let directory = UserDirectory.live(path: path)
      await #expect(
        throws: UserDirectoryError.storage(
          "\(path): its users table cannot hold the directory: it has no email, password_hash, created_at column (the directory needs id, username, email, password_hash, created_at)."
        )
      ) { try await directory.signUp(Self.request("zed")) }
    }
  }

  /// Another program writing the table (as the users walkthrough does with `sqlite3`) gets a key
  /// from the trigger at once, so it cannot make a second "alice" either.
  @Test func rowsWrittenByAnotherProgramAreKeyedAtOnce() async throws {
    try await UserDirectoryLiveTests.withTemporaryFolder { folder in
      let path = "\(folder)/users.sqlite"
      let directory = UserDirectory.live(path: path)
      try await directory.signUp(Self.request("alice"))
      let other = try SQLiteDatabase(path: path)
      #expect(throws: SQLiteError.self) {
        try other.execute(
          "INSERT INTO users (username, email, password_hash, created_at) VALUES ('ALICE', 'x', 'h', 'now')")
      }
      try other.execute("UPDATE users SET username = 'Zoe' WHERE username = 'alice'")
      #expect(try await directory.isUsernameAvailable("alice"))
      #expect(try await !directory.isUsernameAvailable("zoe"))
      try other.execute(
        "INSERT INTO users (username, email, password_hash, created_at) VALUES ('Ann', 'x', 'h', 'now')")
      #expect(try await !directory.isUsernameAvailable("ANN"))
    }
  }
}
