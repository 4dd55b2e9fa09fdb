import Braid
import Foundation

/// A shared value kept in a JSON file: swift-sharing's `.fileStorage`, on Linux.
///
/// ```swift
/// @Shared(.fileStorage("/home/blob/.local/share/app/counter.json")) var count = 0
/// ```
///
/// - Every save is atomic and durable: a temporary file, `fsync`, `rename`, then `fsync` of the
///   folder, so the file is never torn. The file is created 0600, its folder 0700 when missing.
/// - Saves are coalesced: the first mutation is written at once, later ones at most once per
///   250 ms, each write holding the newest value. `try await $count.save()` returns once the
///   value is on disk.
/// - Changes written by another process (a file replaced by `rename` included) are read through
///   inotify and delivered to every holder. Across processes the last writer wins, for the
///   whole value: `withLock` is atomic within one process only.
/// - A file that does not decode is reported once; the value starts from its default in memory,
///   and the first save moves the file to `NAME.undecodable` (reported) before writing. A custom
///   `decode:` can read an older format instead.
///
/// In tests the file system is ``FileStorage/inMemory(clock:)`` unless the test sets
/// `$0.defaultFileStorage = .fileSystem`.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  /// The file's absolute path.
  public let id: String
  let value: PersistedValue<Value>

  /// The key of the file at `path`, read with `decode` and written with `encode`.
  ///
  /// - Parameters:
  ///   - path: The file; a relative path is taken from the current directory.
  ///   - decode: Reads the file's content.
  ///   - encode: Writes a value.
  public init(
    path: String, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    id = URL(fileURLWithPath: path).standardizedFileURL.path
    let storage = DependencyValues.current.defaultFileStorage
    value = PersistedValue(target: storage.target(path: id), decode: decode, encode: encode)
  }

  /// The file's value, or `nil` when there is no file, or it cannot be read or decoded
  /// (reported).
  public func load() -> Value? { value.load() }

  /// Saves `value`: at once, or at the end of the current 250 ms window.
  public func save(_ value: Value) { self.value.save(value) }

  /// Delivers each value another process writes to the file.
  public func subscribe(_ receive: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    value.subscribe(receive)
  }

  /// Returns once every value saved so far is on disk.
  public func flush() async throws {
    try await value.flush()
  }
}

extension FileStorageKey where Value: Codable {
  /// The key of the JSON file at `path`.
  ///
  /// - Parameter path: The file.
  public init(path: String) {
    self.init(
      path: path, decode: { try JSONDecoder().decode(Value.self, from: $0) },
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
      })
  }
}

extension SharedKey {
  /// The JSON file at `path`.
  ///
  /// - Parameter path: The file.
  /// - Returns: The key.
  public static func fileStorage<V: Codable & Sendable>(_ path: String) -> Self where Self == FileStorageKey<V> {
    FileStorageKey(path: path)
  }

  /// The JSON file at `url`.
  ///
  /// - Parameter url: The file.
  /// - Returns: The key.
  public static func fileStorage<V: Codable & Sendable>(_ url: URL) -> Self where Self == FileStorageKey<V> {
    FileStorageKey(path: url.path)
  }

  /// The file at `path`, read with `decode` (for a value whose type changed, say, reading the
  /// older format too) and written as JSON.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - decode: Reads the file's content.
  /// - Returns: The key.
  public static func fileStorage<V: Codable & Sendable>(
    _ path: String, decode: @escaping @Sendable (Data) throws -> V
  ) -> Self where Self == FileStorageKey<V> {
    FileStorageKey(
      path: path, decode: decode,
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
      })
  }
}
