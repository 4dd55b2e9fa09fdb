import Braid
import BraidFetchedResults
import BraidFetchedResultsLive
import BraidSQLite
import BraidTestSupport
import Foundation
import Testing

/// A row of the test table.
struct Person: Identifiable, Equatable, Sendable {
  var id: Int64
  var name: String
  var team: String = ""
}

/// A database file in a directory of its own, with a writer connection.
final class TemporaryDatabase {
  let directory: String
  let path: String
  let writer: SQLiteDatabase
  let journal: String

  init(journal: String = "WAL") throws {
    self.journal = journal
    directory = NSTemporaryDirectory() + "braid-observer-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    path = directory + "/people.sqlite"
    writer = try SQLiteDatabase(path: path)
    _ = try writer.query("PRAGMA journal_mode=\(journal)")
    try writer.execute(
      "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team TEXT NOT NULL DEFAULT '')")
  }

  func insert(_ id: Int64, _ name: String, team: String = "") throws {
    try writer.execute(
      "INSERT INTO people (id, name, team) VALUES (?, ?, ?)", [.integer(id), .text(name), .text(team)])
  }

  deinit {
    writer.close()
    try? FileManager.default.removeItem(atPath: directory)
  }
}

/// A feature that records every event of one observer.
struct Observing: Reducer {
  struct State: Equatable {
    var events: [FetchedResultsEvent<Person>] = []
    var snapshot: FetchedResultsSnapshot<Person>?

    var failures: [FetchedResultsError] {
      events.compactMap { if case .failed(let error) = $0 { error } else { nil } }
    }
  }

  enum Action: Sendable {
    case start(FetchRequest<Person>)
    case refetch
    case update(FetchRequest<Person>)
    case stop
    case event(FetchedResultsEvent<Person>)
  }

  struct ID: Hashable, Sendable {}

  let client: FetchedResultsClient<Person>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let request): return client.create(ID(), request).map(Action.event)
    case .refetch: return client.refetch(ID()).fireAndForget()
    case .update(let request): return client.update(ID(), request).fireAndForget()
    case .stop: return client.destroy(ID()).fireAndForget()
    case .event(let event):
      state.events.append(event)
      switch event {
      case .initial(let snapshot), .didChangeContent(let snapshot, _): state.snapshot = snapshot
      case .failed: break
      }
      return .none
    }
  }

  static let people = FetchRequest<Person>(sql: "SELECT id, name, team FROM people ORDER BY name") { row in
    Person(id: try row.integer("id"), name: try row.text("name"), team: try row.text("team"))
  }

  static let byTeam = FetchRequest<Person>(
    sql: "SELECT id, name, team FROM people ORDER BY team, name", sectionColumn: "team"
  ) { row in
    Person(id: try row.integer("id"), name: try row.text("name"), team: try row.text("team"))
  }

  static func request(_ sql: String, sectionColumn: String? = nil) -> FetchRequest<Person> {
    FetchRequest(sql: sql, sectionColumn: sectionColumn) { row in
      Person(id: try row.integer("id"), name: try row.text("name"), team: (try? row.text("team")) ?? "")
    }
  }
}

extension FetchedResultsEvent {
  var isChange: Bool { if case .didChangeContent = self { true } else { false } }
}

/// Waits, boundedly, until every observer connection and watcher is closed.
func untilObserversClosed() async {
  let connections = await ObserverConnection.opened.until { $0 == 0 }
  let watchers = await DatabaseFileWatcher.opened.until { $0 == 0 }
  #expect(connections && watchers, "observer connections or file watchers still open")
}
