import Braid
import BraidFetchedResults
import BraidFetchedResultsLive
import BraidSQLite
import BraidTestSupport
import BraidTesting
import Foundation
import Testing

/// The live observer on real database files, on the real clock (the short waits for a WAL commit
/// to be published are real).
///
/// In rollback-journal mode the backstop is a minute, longer than any test, so every change is
/// seen through the file notification and `data_version`: the journal's deletion, which ends a
/// commit, is itself a notification. In WAL mode the last notification of a commit (its log
/// write) comes before the commit is published, by however long the writer is descheduled in
/// between; the observer looks again for a second, and the backstop bounds the rest. There the
/// backstop is the production default, one second — the flakiness gauge caught a minute-long
/// backstop missing a commit published late on a busy machine.
/// Serialized: each test checks that every observer connection and watcher is closed after.
@MainActor
@Suite(.checksStoreLeaks, .serialized, .timeLimit(.minutes(2)))
struct LiveObserverTests {
  static func store(_ database: TemporaryDatabase) -> Store<Observing.State, Observing.Action> {
    let backstop: Duration = database.journal == "WAL" ? .seconds(1) : .seconds(60)
    return Store(initialState: Observing.State()) {
      Observing(client: .live(path: database.path, backstop: backstop))
    }
  }

  @Test(arguments: ["WAL", "DELETE"])
  func commitsFromAnotherConnectionArriveAsChanges(journal: String) async throws {
    let database = try TemporaryDatabase(journal: journal)
    try database.insert(1, "bea")
    try database.insert(2, "al")
    let store = Self.store(database)
    let task = store.send(.start(Observing.people))
    #expect(await store.until { !$0.events.isEmpty })
    #expect(
      store.state.events == [.initial(FetchedResultsSnapshot([Person(id: 2, name: "al"), Person(id: 1, name: "bea")]))])

    try database.insert(3, "cy")
    #expect(await store.until { $0.events.count == 2 })
    guard case .didChangeContent(let snapshot, let changes) = store.state.events.last else {
      Issue.record("expected a change, got \(store.state.events)")
      return
    }
    #expect(snapshot.elements.map(\.name) == ["al", "bea", "cy"])
    #expect(changes.inserts == [FetchedIndexPath(section: 0, item: 2)])
    #expect(changes.count == 1)

    // A rename that reorders: a move, with the new value.
    try database.writer.execute("UPDATE people SET name = 'zed' WHERE id = 2")
    #expect(await store.until { $0.events.count == 3 })
    if case .didChangeContent(let renamed, let moved) = store.state.events.last {
      #expect(renamed.elements.map(\.name) == ["bea", "cy", "zed"])
      #expect(
        moved.moves == [.init(from: FetchedIndexPath(section: 0, item: 0), to: FetchedIndexPath(section: 0, item: 2))])
    } else {
      Issue.record("expected the rename as a change, got \(store.state.events)")
    }
    // An edit in place: an update. A delete: a delete.
    try database.writer.execute("UPDATE people SET team = 'red' WHERE id = 1")
    try database.writer.execute("DELETE FROM people WHERE id = 3")
    #expect(
      await store.until {
        $0.snapshot?.elements.map(\.name) == ["bea", "zed"] && $0.snapshot?.elements.first?.team == "red"
      })
    #expect(store.state.failures.isEmpty)
    #expect(
      store.state.events.allSatisfy {
        if case .didChangeContent(_, let changes) = $0 { !changes.isEmpty } else { true }
      })

    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
    #expect(ObserverConnection.openCount == 0)
    #expect(DatabaseFileWatcher.openCount == 0)
  }

  @Test func aMissingTableIsReportedAndTheObserverRecoversWhenItAppears() async throws {
    let database = try TemporaryDatabase()
    let store = Self.store(database)
    let task = store.send(.start(Observing.request("SELECT id, name FROM friends ORDER BY name")))
    #expect(await store.until { $0.events.count == 2 })
    #expect(store.state.events.first == .initial(.empty))
    guard case .missingTable(let message) = store.state.failures.first else {
      Issue.record("expected missingTable, got \(store.state.events)")
      return
    }
    #expect(message == "no such table: friends")
    try database.writer.execute("CREATE TABLE friends (id INTEGER PRIMARY KEY, name TEXT)")
    try database.writer.execute("INSERT INTO friends VALUES (1, 'ada')")
    #expect(await store.until { $0.snapshot?.count == 1 })
    // Dropped mid-observation: reported, the last snapshot kept.
    try database.writer.execute("DROP TABLE friends")
    #expect(await store.until { $0.failures.count == 2 })
    #expect(store.state.snapshot?.count == 1)
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }

  @Test func badRequestsAreTypedErrors() async throws {
    let database = try TemporaryDatabase()
    try database.insert(1, "ada", team: "b")
    try database.insert(2, "bo", team: "a")
    let cases: [(FetchRequest<Person>, @Sendable (FetchedResultsError?) -> Bool)] = [
      (Observing.request("DELETE FROM people"), { if case .notAQuery? = $0 { true } else { false } }),
      (
        Observing.request("SELECT id, name FROM people; DELETE FROM people"),
        { if case .notAQuery? = $0 { true } else { false } }
      ),
      (Observing.request("SELEKT id FROM people"), { if case .invalidSQL? = $0 { true } else { false } }),
      (
        Observing.request("SELECT id, name FROM people WHERE id = ?"),
        { if case .invalidSQL? = $0 { true } else { false } }
      ),
      (Observing.request("SELECT id FROM people"), { if case .decoding? = $0 { true } else { false } }),
      // Sorted by name, the two rows' teams ("b", then "a") each come in one run: no error yet.
      (Observing.request("SELECT id, name, team FROM people ORDER BY name", sectionColumn: "team"), { $0 == nil }),
    ]
    for (request, isExpected) in cases {
      let store = Self.store(database)
      let task = store.send(.start(request))
      // A failed first fetch sends an empty initial snapshot, then the failure.
      let fails = !isExpected(nil)
      #expect(await store.until { $0.events.count == (fails ? 2 : 1) })
      // A failed first fetch still starts with an (empty) initial snapshot.
      if !store.state.failures.isEmpty { #expect(store.state.events.first == .initial(.empty)) }
      #expect(isExpected(store.state.failures.first), "\(request.sql): \(store.state.failures)")
      store.send(.stop)
      await task.finish()
    }
    try database.insert(3, "cy", team: "b")
    let store = Self.store(database)
    let task = store.send(
      .start(Observing.request("SELECT id, name, team FROM people ORDER BY name", sectionColumn: "team")))
    #expect(await store.until { !$0.failures.isEmpty })
    #expect(store.state.failures == [.sectionColumnNotLeadingSort("team")])
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }

  @Test func sectionsFollowTheSectionColumn() async throws {
    let database = try TemporaryDatabase()
    try database.insert(1, "ada", team: "red")
    try database.insert(2, "bo", team: "blue")
    let store = Self.store(database)
    let task = store.send(.start(Observing.byTeam))
    #expect(await store.until { $0.snapshot != nil })
    #expect(store.state.snapshot?.sections.map(\.name) == ["blue", "red"])
    try database.insert(3, "cy", team: "green")
    #expect(await store.until { $0.events.count == 2 })
    if case .didChangeContent(_, let changes) = store.state.events.last {
      #expect(changes.insertedSections == [1])
      #expect(changes.inserts == [FetchedIndexPath(section: 1, item: 0)])
    } else {
      Issue.record("expected the new section as a change, got \(store.state.events)")
    }
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }

  @Test func updateAndRefetchCommandsReachTheObserver() async throws {
    let database = try TemporaryDatabase()
    try database.insert(1, "ada")
    try database.insert(2, "bo")
    let store = Self.store(database)
    let task = store.send(.start(Observing.people))
    #expect(await store.until { $0.snapshot?.count == 2 })
    store.send(.update(Observing.request("SELECT id, name FROM people WHERE name LIKE 'a%' ORDER BY name")))
    #expect(await store.until { $0.snapshot?.count == 1 })
    if case .didChangeContent(_, let changes) = store.state.events.last {
      #expect(changes.deletes == [FetchedIndexPath(section: 0, item: 1)])
    } else {
      Issue.record("expected the narrower request as a change, got \(store.state.events)")
    }
    let before = store.state.events.count
    store.send(.refetch)
    // Nothing changed: a refetch sends nothing. A later commit still arrives.
    try database.insert(3, "abe")
    #expect(await store.until { $0.snapshot?.count == 2 })
    #expect(store.state.events.count == before + 1)
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }

  @Test func aDeletedDatabaseIsReportedAndARecreatedOneIsObserved() async throws {
    let database = try TemporaryDatabase(journal: "DELETE")
    try database.insert(1, "ada")
    let store = Self.store(database)
    let task = store.send(.start(Observing.people))
    #expect(await store.until { $0.snapshot?.count == 1 })
    database.writer.close()
    try FileManager.default.removeItem(atPath: database.path)
    #expect(await store.until { !$0.failures.isEmpty })
    guard case .databaseUnavailable = store.state.failures.first else {
      Issue.record("expected databaseUnavailable, got \(store.state.failures)")
      return
    }
    let replacement = try SQLiteDatabase(path: database.path)
    try replacement.execute(
      "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team TEXT NOT NULL DEFAULT '')")
    try replacement.execute("INSERT INTO people (id, name) VALUES (2, 'bo'), (3, 'cy')")
    #expect(await store.until { $0.snapshot?.count == 2 })
    #expect(store.state.snapshot?.elements.map(\.name) == ["bo", "cy"])
    replacement.close()
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }

  @Test func aFileThatIsNotADatabaseIsReportedCorrupt() async throws {
    let directory = NSTemporaryDirectory() + "braid-observer-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/garbage.sqlite"
    try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: path))
    let store = Store(initialState: Observing.State()) {
      Observing(client: .live(path: path, backstop: .seconds(60)))
    }
    let task = store.send(.start(Observing.people))
    #expect(await store.until { !$0.failures.isEmpty })
    guard case .corrupt = store.state.failures.first else {
      Issue.record("expected corrupt, got \(store.state.failures)")
      return
    }
    store.send(.stop)
    await task.finish()
    await untilObserversClosed()
  }
}
