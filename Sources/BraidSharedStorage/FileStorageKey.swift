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
  let saves: FileSaves
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data

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
    saves = FileSaves(path: id, storage: storage, clock: storage.clock)
    self.decode = decode
    self.encode = encode
  }

  /// The file's value, or `nil` when there is no file, or it cannot be read or decoded
  /// (reported).
  public func load() -> Value? {
    let data: Data
    do {
      guard let content = try saves.storage.load(id) else { return nil }
      data = content
    } catch {
      reportIssue("The shared value starts from its default: \(error)")
      return nil
    }
    do {
      let value = try decode(data)
      saves.remember(data)
      return value
    } catch {
      saves.markUndecodable()
      reportIssue(
        "\(id) does not decode as \(Value.self) (\(error)): the value starts from its default, and the first save moves the file to \(id).undecodable"
      )
      return nil
    }
  }

  /// Saves `value`: at once, or at the end of the current 250 ms window.
  public func save(_ value: Value) {
    do {
      saves.save(try encode(value))
    } catch {
      reportIssue("The shared value of \(id) was not saved: it does not encode: \(error)")
    }
  }

  /// Delivers each value another process writes to the file.
  public func subscribe(_ receive: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    saves.storage.watch(id) { [saves, decode, id] in
      guard let data = try? saves.storage.load(id), !saves.isKnown(data) else { return }
      saves.remember(data)
      do {
        receive(try decode(data))
      } catch {
        reportIssue("\(id) was changed outside this process and does not decode as \(Value.self): \(error)")
      }
    }
  }

  /// Returns once every value saved so far is on disk.
  public func flush() async throws {
    try await saves.flush()
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
