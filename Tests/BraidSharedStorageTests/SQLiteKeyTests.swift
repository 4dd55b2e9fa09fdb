import Braid
import BraidSQLite
import BraidSharedStorage
import BraidTestSupport
import Foundation
import Synchronization
import Testing

/// `.sqlite` on real database files: a row per key in one table, committed saves, commits from
/// other connections, an undecodable row kept aside, errors named, and a watch that lets its
/// connection go; and in tests, databases in memory by default.
struct SQLiteKeyTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("braid-sqlite-\(UUID())").path

  @Test func testsUseADatabaseInMemoryByDefault() async throws {
    let database = folder + "/app.sqlite"
    try await withDependencies {
      $0.date = .constant(.distantPast)
    } operation: {
      @Shared(.sqlite("count", database: database)) var count = 0
      $count.withLock { $0 = 7 }
      try await $count.save()
      #expect(!FileManager.default.fileExists(atPath: folder), "a test wrote into the real file system")
      let stored = try DependencyValues.current.defaultSQLiteStorage.load(database, "count")
      #expect(stored == Data("7".utf8))
    }
  }

  @Test func aSaveIsARowOfOneTableBesideTheDatabasesOwnTables() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/nested/app.sqlite"
    try await withDependencies {
      $0.defaultSQLiteStorage = .onDisk
    } operation: {
      @Shared(.sqlite("settings", database: database)) var settings = ["theme": "dark"]
      $settings.withLock { $0["theme"] = "light" }
      try await $settings.save()
    }
    let connection = try SQLiteDatabase(path: database, access: .readOnly)
    defer { connection.close() }
    let rows = try connection.query("SELECT key, CAST(value AS TEXT) FROM braid_shared")
    #expect(rows == [[.text("settings"), .text(#"{"theme":"light"}"#)]])
    let attributes = try FileManager.default.attributesOfItem(atPath: database)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder + "/nested")
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    // A new process (a fresh registry) loads what was saved.
    withDependencies {
      $0.defaultSQLiteStorage = .onDisk
    } operation: {
      @Shared(.sqlite("settings", database: database)) var settings = [String: String]()
      #expect(settings == ["theme": "light"])
    }
  }

  @Test func aCommitByAnotherConnectionReachesEveryHolder() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/app.sqlite"
    try await withDependencies {
      $0.defaultSQLiteStorage = .onDisk
    } operation: {
      @Shared(.sqlite("count", database: database)) var count = 0
      @SharedReader(.sqlite("count", database: database)) var reader = 0
      $count.withLock { $0 = 1 }
      try await $count.save()
      let changes = $count.changes
      // Another program writes the row in a transaction of its own, with the database's other
      // tables in it.
      let other = try SQLiteDatabase(path: database)
      try other.execute("CREATE TABLE users (name TEXT)")
      try other.transaction {
        try other.execute("INSERT INTO users VALUES ('blob')")
        try other.execute("UPDATE braid_shared SET value = ? WHERE key = 'count'", [.blob(Array("5".utf8))])
      }
      other.close()
      let next = await withTimeout { await changes.first { _ in true } }
      #expect(next == 5)
      #expect(count == 5)
      #expect(reader == 5)
    }
  }

  @Test func anUndecodableRowIsReportedKeptAsideAndReplaced() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/app.sqlite"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let setup = try SQLiteDatabase(path: database)
    try setup.execute("CREATE TABLE braid_shared (key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL)")
    try setup.execute("INSERT INTO braid_shared VALUES ('count', ?)", [.blob(Array("not json".utf8))])
    setup.close()
    let issues = Mutex<[String]>([])
    let record: @Sendable (IssueReporting.Issue) -> Void = { issue in issues.withLock { $0.append(issue.message) } }
    try await IssueReporting.withIssueHandler(record) {
      try await withDependencies {
        $0.defaultSQLiteStorage = .onDisk
      } operation: {
        @Shared(.sqlite("count", database: database)) var count = 3
        #expect(count == 3)
        $count.withLock { $0 += 1 }
        try await $count.save()
      }
    }
    let messages = issues.withLock { $0 }
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.first?.hasPrefix("'count' in \(database) does not decode as Int") == true)
    #expect(
      messages.last
        == "'count' in \(database) did not decode: it was moved to 'count.undecodable' in \(database) before the first save"
    )
    let check = try SQLiteDatabase(path: database, access: .readOnly)
    defer { check.close() }
    let rows = try check.query("SELECT key, CAST(value AS TEXT) FROM braid_shared ORDER BY key")
    #expect(rows == [[.text("count"), .text("4")], [.text("count.undecodable"), .text("not json")]])
  }

  @Test func aSaveThatCannotBeCommittedIsReportedAndThrownByTheSave() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A folder where the database file should be.
    let database = folder + "/app.sqlite"
    try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)
    let issues = Mutex<[String]>([])
    let record: @Sendable (IssueReporting.Issue) -> Void = { issue in issues.withLock { $0.append(issue.message) } }
    await IssueReporting.withIssueHandler(record) {
      await withDependencies {
        $0.defaultSQLiteStorage = .onDisk
      } operation: {
        @Shared(.sqlite("count", database: database)) var count = 0
        $count.withLock { $0 = 1 }
        await #expect(throws: SQLiteStorageError.self) { try await $count.save() }
        #expect(count == 1)
      }
    }
    let messages = issues.withLock { $0 }
    #expect(messages.contains { $0.hasPrefix("The shared value was not saved: cannot save 'count' in \(database):") })
  }

  @Test func aWatchHoldsOneConnectionUntilItIsCancelled() async throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/app.sqlite"
    try SQLiteStorage.onDisk.save(Data("1".utf8), database, "count")
    #expect(openDescriptors(on: database) == 0)
    let commits = Mutex(0)
    let watch = SQLiteStorage.onDisk.watch(database) { commits.withLock { $0 += 1 } }
    try SQLiteStorage.onDisk.save(Data("2".utf8), database, "count")
    #expect(await eventually { commits.withLock { $0 } >= 1 })
    #expect(openDescriptors(on: database) == 1)
    watch.cancel()
    #expect(openDescriptors(on: database) == 0)
  }
}
