import Braid
import BraidFetchedResults
import BraidFetchedResultsLive
import BraidSQLite
import Foundation
import Testing

/// The observer's promises where a commit meets a lock, and where the file is replaced: the
/// last committed value is never missed, and a replaced file is read as itself.
extension LiveObserverTests {
  /// A lock taken between the observer's read of the data version and its query (a writer
  /// that commits, then starts a transaction large enough to spill and rolls it back): the
  /// fetch fails, and the next check must still fetch the commit it would have shown.
  @Test func aFetchThatALockStoppedIsTriedAgain() throws {
    let database = try TemporaryDatabase(journal: "DELETE")
    try database.insert(1, "ada")
    let locker = try SQLiteDatabase(path: database.path)
    var fetcher = ObserverFetcher<Person>(path: database.path)
    defer {
      fetcher.close()
      locker.close()
    }
    let quiet = ObserverFetcher<Person>.Input(request: Observing.people, force: false, reportsLocks: false)
    #expect(fetcher.check(taking: quiet).count == 1)
    try database.insert(2, "bo")
    fetcher.afterVersionRead = { try? locker.execute("BEGIN EXCLUSIVE") }
    // The lock is taken for a commit in progress: nothing to tell yet.
    #expect(fetcher.check(taking: quiet).isEmpty)
    fetcher.afterVersionRead = nil
    try locker.execute("ROLLBACK")
    let events = fetcher.check(taking: quiet)
    guard case .didChangeContent(let snapshot, _)? = events.first else {
      Issue.record("the commit the lock held up was never fetched: \(events)")
      return
    }
    #expect(snapshot.elements.map(\.name) == ["ada", "bo"])
  }

  /// A database in WAL mode, replaced by `mv` after a commit while the observer has it open:
  /// the old file's log must not stay at the path, where the new file would be read through it.
  @Test func aWALDatabaseReplacedByAMoveIsReadWithItsOwnRows() async throws {
    let database = try TemporaryDatabase(journal: "WAL")
    try database.insert(1, "ada")
    let store = Self.store(database)
    let task = store.send(.start(Observing.people))
    #expect(await store.until { $0.snapshot?.count == 1 })
    try database.insert(2, "bo")
    #expect(await store.until { $0.snapshot?.count == 2 })
    database.writer.close()

    let replacementPath = database.directory + "/replacement.sqlite"
    let replacement = try SQLiteDatabase(path: replacementPath)
    _ = try replacement.query("PRAGMA journal_mode=WAL")
    try replacement.execute(
      "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team TEXT NOT NULL DEFAULT '')")
    try replacement.execute("INSERT INTO people (id, name) VALUES (7, 'zed')")
    replacement.close()
    #expect(rename(replacementPath, database.path) == 0)

    #expect(await store.until { $0.snapshot?.elements.map(\.name) == ["zed"] }, "\(store.state.events)")
    // Any connection reads the new file's own rows: the old log is gone from the path.
    let reader = try SQLiteDatabase(path: database.path)
    #expect(try reader.query("SELECT name FROM people") == [[.text("zed")]])
    reader.close()
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }
}
