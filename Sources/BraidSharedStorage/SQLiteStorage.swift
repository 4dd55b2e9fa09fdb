import Braid
import Foundation

/// The databases `.sqlite` keys read and write: files on disk, or a stand-in in memory for
/// tests.
///
/// Live code uses ``onDisk``. Tests get ``inMemory(clock:)`` unless they set
/// `$0.defaultSQLiteStorage = .onDisk`, so a test never writes into the user's databases.
public struct SQLiteStorage: Sendable {
  /// The value stored under a key, or `nil` when there is none.
  public var load: @Sendable (_ database: String, _ key: String) throws -> Data?
  /// Stores a value under a key in one transaction, durable on return.
  public var save: @Sendable (_ data: Data, _ database: String, _ key: String) throws -> Void
  /// Moves a key's value to another key (an undecodable one, before it is overwritten).
  public var move: @Sendable (_ database: String, _ key: String, _ destination: String) throws -> Void
  /// Calls `onChange` whenever the database may have had a commit, until the subscription is
  /// cancelled.
  public var watch: @Sendable (_ database: String, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription
  /// The clock that times the 250 ms between coalesced saves.
  public var clock: any Clock<Duration>

  /// A storage made of these operations.
  public init(
    load: @escaping @Sendable (_ database: String, _ key: String) throws -> Data?,
    save: @escaping @Sendable (_ data: Data, _ database: String, _ key: String) throws -> Void,
    move: @escaping @Sendable (_ database: String, _ key: String, _ destination: String) throws -> Void,
    watch: @escaping @Sendable (_ database: String, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.load = load
    self.save = save
    self.move = move
    self.watch = watch
    self.clock = clock
  }

  /// SQLite database files: each value a row of the `braid_shared` table
  /// (`key TEXT PRIMARY KEY, value BLOB`), each save one transaction committed with
  /// `synchronous = FULL`, and commits by other connections and processes seen through inotify
  /// and `PRAGMA data_version`. A database the storage creates is 0600, in a folder made 0700.
  ///
  /// No connection stays open between loads and saves; each watched database holds one
  /// connection, which only reads `data_version`, until its watch is cancelled.
  public static let onDisk = SQLiteStorage(
    load: SQLiteSharedTable.load, save: SQLiteSharedTable.save, move: SQLiteSharedTable.move(_:_:to:),
    watch: SQLiteSharedTable.watch)

  /// Databases in memory, empty: what tests use unless they ask for files. A save is seen by
  /// the database's watchers, as another process's commit would be.
  ///
  /// - Parameter clock: The clock that times the saves' windows: a `TestClock` to test them.
  /// - Returns: The storage.
  public static func inMemory(clock: any Clock<Duration> = ContinuousClock()) -> SQLiteStorage {
    let rows = InMemoryStore()
    let name = { @Sendable (database: String, key: String) in "\(database)\u{0}\(key)" }
    return SQLiteStorage(
      load: { rows.load(name($0, $1)) }, save: { rows.save($0, name($1, $2), group: $1) },
      move: { rows.move(name($0, $1), to: name($0, $2), group: $0) }, watch: { rows.watch($0, $1) }, clock: clock)
  }
}

extension SQLiteStorage {
  /// The row of `key` in `database`, as a place to save a value.
  func target(database: String, key: String) -> SaveTarget {
    SaveTarget(
      name: "'\(key)' in \(database)", load: { try load(database, key) }, save: { try save($0, database, key) },
      asideName: "'\(key).undecodable' in \(database)", moveAside: { try move(database, key, key + ".undecodable") },
      watch: { watch(database, $0) }, clock: clock)
  }
}

private enum SQLiteStorageDependency: DependencyKey {
  static let liveValue = SQLiteStorage.onDisk
  static var testValue: SQLiteStorage { .inMemory() }
}

extension DependencyValues {
  /// The databases `.sqlite` keys use: files live, in memory in tests.
  public var defaultSQLiteStorage: SQLiteStorage {
    get { self[SQLiteStorageDependency.self] }
    set { self[SQLiteStorageDependency.self] = newValue }
  }
}
