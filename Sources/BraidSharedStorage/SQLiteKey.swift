import Braid
import Foundation

/// A shared value kept under a key in a SQLite database: `@Shared(.sqlite("count", database:))`.
///
/// ```swift
/// @Shared(.sqlite("settings", database: "/var/lib/app/app.sqlite")) var settings = Settings()
/// ```
///
/// - The value is encoded as JSON into a row of the database's `braid_shared` table
///   (`key TEXT PRIMARY KEY, value BLOB`), created when missing; other tables are left alone.
/// - Every save is one transaction committed with `synchronous = FULL`. Saves are coalesced as
///   `.fileStorage`'s are: the first mutation is written at once, later ones at most once per
///   250 ms, and `try await $settings.save()` returns once the value is committed.
/// - Commits by other connections or processes are seen through inotify on the database's
///   folder and `PRAGMA data_version`, and delivered to every holder. Across processes the last
///   writer wins, for the whole value.
/// - A value that does not decode is reported once; the value starts from its default, and the
///   first save moves the row to `KEY.undecodable` (reported) before writing.
///
/// In tests the database is ``SQLiteStorage/inMemory(clock:)`` unless the test sets
/// `$0.defaultSQLiteStorage = .onDisk`.
public struct SQLiteKey<Value: Sendable>: SharedKey {
  /// A database file and a key in it.
  public struct ID: Hashable, Sendable {
    /// The database file's absolute path.
    public let database: String
    /// The key in its `braid_shared` table.
    public let key: String
  }

  /// The database and the key.
  public let id: ID
  let value: PersistedValue<Value>

  /// The value under `key` in `database`, read with `decode` and written with `encode`.
  ///
  /// - Parameters:
  ///   - key: The value's key in the `braid_shared` table.
  ///   - database: The database file; a relative path is taken from the current directory.
  ///   - decode: Reads the stored bytes.
  ///   - encode: Writes a value.
  public init(
    _ key: String, database: String, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    id = ID(database: URL(fileURLWithPath: database).standardizedFileURL.path, key: key)
    let storage = DependencyValues.current.defaultSQLiteStorage
    value = PersistedValue(target: storage.target(database: id.database, key: key), decode: decode, encode: encode)
  }

  /// The stored value, or `nil` when there is none, or it cannot be read or decoded (reported).
  public func load() -> Value? { value.load() }

  /// Saves `value`: at once, or at the end of the current 250 ms window.
  public func save(_ value: Value) { self.value.save(value) }

  /// Delivers each value another connection or process commits.
  public func subscribe(_ receive: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    value.subscribe(receive)
  }

  /// Returns once every value saved so far is committed.
  public func flush() async throws {
    try await value.flush()
  }
}

extension SharedKey {
  /// The JSON value under `key` in the SQLite database at `database`.
  ///
  /// - Parameters:
  ///   - key: The value's key in the database's `braid_shared` table.
  ///   - database: The database file.
  /// - Returns: The key.
  public static func sqlite<V: Codable & Sendable>(_ key: String, database: String) -> Self
  where Self == SQLiteKey<V> {
    SQLiteKey(
      key, database: database, decode: { try JSONDecoder().decode(V.self, from: $0) },
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
      })
  }
}
