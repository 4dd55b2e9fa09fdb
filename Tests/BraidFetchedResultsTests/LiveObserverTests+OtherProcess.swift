import Braid
import BraidFetchedResults
import BraidFetchedResultsLive
import BraidSQLite
import BraidTestSupport
import Foundation
import Testing

extension LiveObserverTests {
  /// 1,000 single-row commits from the `sqlite3` shell, as fast as it can make them: the
  /// observer coalesces them and ends with exactly the table.
  @Test(
    .needs("the sqlite3 shell", isInstalled: SQLiteShell.isInstalled, package: "sqlite3"),
    arguments: ["WAL", "DELETE"])
  func aThousandCommitsFromAnotherProcessEndInTheTableExactly(journal: String) async throws {
    let database = try TemporaryDatabase(journal: journal)
    let store = Self.store(database)
    let task = store.send(.start(Observing.people))
    #expect(await store.until { $0.snapshot != nil })
    let shell = try SQLiteShell(path: database.path)
    shell.send(".timeout 5000")
    for id in 1...1_000 {
      shell.send("INSERT INTO people (id, name) VALUES (\(id), 'person \(String(format: "%04d", id))');")
    }
    #expect(shell.finish() == 0)
    #expect(await store.until(within: .seconds(30)) { $0.snapshot?.count == 1_000 })
    let table = try database.writer.query("SELECT id, name FROM people ORDER BY name")
    let expected = table.map { row -> Person in
      guard case .integer(let id) = row[0], case .text(let name) = row[1] else { return Person(id: -1, name: "") }
      return Person(id: id, name: name)
    }
    #expect(store.state.snapshot?.elements == expected)
    let changes = store.state.events.filter(\.isChange).count
    #expect(changes >= 1 && changes <= 1_000)
    #expect(store.state.failures.isEmpty, "\(store.state.failures)")
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
    #expect(ObserverConnection.openCount == 0)
  }

  /// Another process holds an exclusive lock: the first fetch reports it; the observer
  /// recovers when that process commits.
  @Test(.needs("the sqlite3 shell", isInstalled: SQLiteShell.isInstalled, package: "sqlite3"))
  func aLockHeldByAnotherProcessIsReportedAndItsReleaseSeen() async throws {
    let database = try TemporaryDatabase(journal: "DELETE")
    try database.insert(1, "ada")
    let shell = try SQLiteShell(path: database.path)
    shell.send("BEGIN EXCLUSIVE; INSERT INTO people (id, name) VALUES (2, 'bo'); SELECT 'locked';")
    #expect(await shell.readLine() == "locked")
    let store = Self.store(database)
    let task = store.send(.start(Observing.people))
    #expect(await store.until { !$0.failures.isEmpty })
    guard case .locked = store.state.failures.first else {
      Issue.record("expected locked, got \(store.state.events)")
      return
    }
    shell.send("COMMIT;")
    #expect(shell.finish() == 0)
    #expect(await store.until { $0.snapshot?.count == 2 })
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }
}
