import BraidSQLite
import Foundation
import Testing

struct SQLiteDatabaseTests {
  /// A path in a fresh folder under the system's temporary folder, removed after `body`.
  static func withDatabasePath<R>(_ body: (String) throws -> R) throws -> R {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-sqlite-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder.appendingPathComponent("test.sqlite").path)
  }

  @Test func boundValuesRoundTrip() throws {
    try Self.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (n INTEGER, s TEXT, x TEXT)")
      try database.execute("INSERT INTO t VALUES (?, ?, ?)", [.integer(-42), .text("héllo 'quoted'"), .null])
      let rows = try database.query("SELECT n, s, x FROM t WHERE s = ?", [.text("héllo 'quoted'")])
      #expect(rows == [[.integer(-42), .text("héllo 'quoted'"), .null]])
    }
  }

  @Test func textWithANulCharacterIsStoredAndReadWhole() throws {
    try Self.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (s TEXT)")
      try database.execute("INSERT INTO t VALUES (?)", [.text("nu\u{0}ll")])
      #expect(try database.query("SELECT s, length(CAST(s AS BLOB)) FROM t") == [[.text("nu\u{0}ll"), .integer(5)]])
      #expect(try database.query("SELECT count(*) FROM t WHERE s = ?", [.text("nu")]) == [[.integer(0)]])
    }
  }

  @Test func parametersAreNeverReadAsSQL() throws {
    try Self.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (s TEXT)")
      try database.execute("INSERT INTO t VALUES (?)", [.text("x'); DROP TABLE t; --")])
      #expect(try database.query("SELECT count(*) FROM t") == [[.integer(1)]])
    }
  }

  @Test func badSQLAndConstraintsAreTypedErrors() throws {
    try Self.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      let syntax = #expect(throws: SQLiteError.self) { try database.execute("SELEKT 1") }
      #expect(syntax?.kind == .other)
      #expect(syntax?.message.contains("syntax error") == true)
      try database.execute("CREATE TABLE t (s TEXT UNIQUE)")
      try database.execute("INSERT INTO t VALUES (?)", [.text("a")])
      let duplicate = #expect(throws: SQLiteError.self) {
        try database.execute("INSERT INTO t VALUES (?)", [.text("a")])
      }
      #expect(duplicate?.kind == .constraint)
    }
  }

  @Test func aFileThatIsNotADatabaseFailsToOpen() throws {
    try Self.withDatabasePath { path in
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
      let error = #expect(throws: SQLiteError.self) { _ = try SQLiteDatabase(path: path) }
      #expect(error?.kind == .corrupt)
    }
  }

  @Test(arguments: ["", ":memory:"])
  func aNameSQLiteWouldKeepInMemoryIsRefused(name: String) {
    let error = #expect(throws: SQLiteError.self) { _ = try SQLiteDatabase(path: name) }
    #expect(error?.kind == .cannotOpen)
    #expect(error?.message == "'\(name)' would open an in-memory or temporary database, not a file")
  }

  @Test(arguments: [Duration.seconds(Int64.max), .seconds(Int64.min), .zero, .milliseconds(1)])
  func anyBusyTimeoutOpensWithoutOverflowing(timeout: Duration) throws {
    try Self.withDatabasePath { path in
      let rows = try SQLiteDatabase(path: path, busyTimeout: timeout).query("SELECT 1")
      #expect(rows == [[.integer(1)]])
    }
  }

  @Test func aDatabaseReachedThroughASymbolicLinkIsItsFile() throws {
    try Self.withDatabasePath { path in
      try SQLiteDatabase(path: path).execute("CREATE TABLE t (s TEXT)")
      let link = path + "-link"
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
      #expect(try SQLiteDatabase(path: link).query("SELECT count(*) FROM t") == [[.integer(0)]])
    }
  }

  @Test func aClosedDatabaseThrowsInsteadOfCrashing() throws {
    try Self.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      database.close()
      database.close()
      let error = #expect(throws: SQLiteError.self) { _ = try database.query("SELECT 1") }
      #expect(error?.message == "the database is closed")
    }
  }

  @Test func aThrowingTransactionRollsBack() throws {
    struct Abort: Error {}
    try Self.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (n INTEGER)")
      #expect(throws: Abort.self) {
        try database.transaction {
          try database.execute("INSERT INTO t VALUES (1)")
          throw Abort()
        }
      }
      #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
      // Two statements, not a one-line closure: Swift 6.3.1 can give a closure written after an
      // `#expect(throws:) { … }` in the same scope the macro closure's mangled name, and then call
      // the wrong one (CONTRIBUTING.md).
      let inserted = try database.transaction {
        try database.execute("INSERT INTO t VALUES (2)")
        return try database.query("SELECT count(*) FROM t")
      }
      #expect(inserted == [[.integer(1)]])
      #expect(try database.query("SELECT n FROM t") == [[.integer(2)]])
    }
  }

  @Test func aLockHeldByAnotherConnectionIsBusyAfterTheTimeout() throws {
    try Self.withDatabasePath { path in
      let holder = try SQLiteDatabase(path: path)
      try holder.execute("CREATE TABLE t (n INTEGER)")
      let waiter = try SQLiteDatabase(path: path, busyTimeout: .milliseconds(20))
      try holder.execute("BEGIN IMMEDIATE")
      let error = #expect(throws: SQLiteError.self) { try waiter.execute("INSERT INTO t VALUES (1)") }
      #expect(error?.kind == .busy)
      try holder.execute("ROLLBACK")
      try waiter.execute("INSERT INTO t VALUES (1)")
      #expect(try holder.query("SELECT count(*) FROM t") == [[.integer(1)]])
    }
  }

  @Test func aOneLineTransactionRunsItsBodyOnce() throws {
    try Self.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (n INTEGER)")
      try database.transaction { try database.execute("INSERT INTO t VALUES (1)") }
      #expect(try database.query("SELECT count(*) FROM t") == [[.integer(1)]])
    }
  }
}
