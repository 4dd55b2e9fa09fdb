import BraidSQLite
import Foundation
import Testing

/// What a connection refuses before SQLite runs anything, what it may do to its file, and what
/// an observer of the file reads from it.
struct SQLiteDatabaseAccessTests {
  typealias Path = SQLiteDatabaseTests

  @Test func realsAndBlobsRoundTripInTheirOwnCases() throws {
    try Path.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (r REAL, b BLOB)")
      try database.execute("INSERT INTO t VALUES (?, ?)", [.real(-2.5), .blob([0, 0xFF, 7])])
      #expect(try database.query("SELECT r, b FROM t") == [[.real(-2.5), .blob([0, 0xFF, 7])]])
      #expect(try database.query("SELECT typeof(r), typeof(b) FROM t") == [[.text("real"), .text("blob")]])
    }
  }

  @Test func aSecondStatementOrAWrongParameterCountIsRefusedBeforeAnythingRuns() throws {
    try Path.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (s TEXT)")
      let second = #expect(throws: SQLiteError.self) {
        try database.execute("INSERT INTO t VALUES ('a'); DROP TABLE t")
      }
      #expect(second?.kind == .multipleStatements)
      let missing = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (?)") }
      #expect(missing?.kind == .misuse)
      let extra = #expect(throws: SQLiteError.self) {
        try database.execute("INSERT INTO t VALUES (?)", [.text("a"), .text("b")])
      }
      #expect(extra?.kind == .misuse)
      // Nothing ran: no row, and the table is still there.
      #expect(try database.query("SELECT count(*) FROM t") == [[.integer(0)]])
      // A trailing semicolon and blanks are one statement.
      try database.execute("INSERT INTO t VALUES ('a'); \n ")
      #expect(try database.query("SELECT count(*) FROM t") == [[.integer(1)]])
    }
  }

  @Test func aReadRefusesAStatementThatCouldWriteAndNamesTheColumns() throws {
    try Path.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE t (id INTEGER, name TEXT)")
      try database.execute("INSERT INTO t VALUES (1, 'ada')")
      let write = #expect(throws: SQLiteError.self) { try database.read("DELETE FROM t") }
      #expect(write?.kind == .notReadOnly)
      #expect(
        try database.read("SELECT id, name AS who FROM t")
          == SQLiteRows(columns: ["id", "who"], rows: [[.integer(1), .text("ada")]]))
    }
  }

  @Test func aReadOnlyConnectionWritesNothingAndNoAccessButCreateMakesAFile() throws {
    try Path.withDatabasePath { path in
      let missing = #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path, access: .readWrite) }
      #expect(missing?.kind == .cannotOpen)
      #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path, access: .readOnly) }
      #expect(!FileManager.default.fileExists(atPath: path))
      try SQLiteDatabase(path: path).execute("CREATE TABLE t (s TEXT)")
      let reader = try SQLiteDatabase(path: path, access: .readOnly)
      let write = #expect(throws: SQLiteError.self) { try reader.execute("INSERT INTO t VALUES ('a')") }
      #expect(write?.kind == .readOnly)
      #expect(try reader.query("SELECT count(*) FROM t") == [[.integer(0)]])
    }
  }

  @Test func theDataVersionChangesWhenAnotherConnectionCommitsAndOnlyThen() throws {
    try Path.withDatabasePath { path in
      let writer = try SQLiteDatabase(path: path)
      try writer.execute("CREATE TABLE t (s TEXT)")
      let observer = try SQLiteDatabase(path: path, access: .readOnly)
      let first = try observer.dataVersion()
      #expect(try observer.dataVersion() == first)
      try writer.execute("INSERT INTO t VALUES ('a')")
      let second = try observer.dataVersion()
      #expect(second != first)
      // Its own reads change nothing.
      _ = try observer.query("SELECT count(*) FROM t")
      #expect(try observer.dataVersion() == second)
    }
  }

  @Test func aCheckpointEmptiesTheWriteAheadLog() throws {
    try Path.withDatabasePath { path in
      let database = try SQLiteDatabase(path: path)
      _ = try database.query("PRAGMA journal_mode=WAL")
      try database.execute("CREATE TABLE t (s TEXT)")
      try database.execute("INSERT INTO t VALUES ('a')")
      let log = path + "-wal"
      let size = { ((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int) ?? -1 }
      #expect(size() > 0)
      try database.checkpointTruncatingLog()
      #expect(size() == 0)
      #expect(try database.query("SELECT s FROM t") == [[.text("a")]])
    }
  }
}
