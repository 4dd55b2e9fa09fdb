import Braid
import BraidPOSIX
import Foundation

/// The file system `.fileStorage` keys read and write: the real one, or a stand-in in memory
/// for tests (as swift-sharing's file storage has in tests).
///
/// Live code uses ``fileSystem``. Tests get ``inMemory(clock:)`` unless they set
/// `$0.defaultFileStorage = .fileSystem`, so a test never writes into the user's files.
public struct FileStorage: Sendable {
  /// The file's content, or `nil` when there is no file.
  public var load: @Sendable (_ path: String) throws -> Data?
  /// Replaces the file's content so that it is never seen torn and is durable on return.
  public var save: @Sendable (_ data: Data, _ path: String) throws -> Void
  /// Moves a file aside (an undecodable one, before it is overwritten).
  public var move: @Sendable (_ path: String, _ destination: String) throws -> Void
  /// Calls `onChange` whenever the file may have changed, until the subscription is cancelled.
  public var watch: @Sendable (_ path: String, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription
  /// The clock that times the 250 ms between coalesced saves.
  public var clock: any Clock<Duration>

  /// A file storage made of these operations.
  public init(
    load: @escaping @Sendable (_ path: String) throws -> Data?,
    save: @escaping @Sendable (_ data: Data, _ path: String) throws -> Void,
    move: @escaping @Sendable (_ path: String, _ destination: String) throws -> Void,
    watch: @escaping @Sendable (_ path: String, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.load = load
    self.save = save
    self.move = move
    self.watch = watch
    self.clock = clock
  }

  /// The real file system: atomic, durable writes (a temporary file, `fsync`, `rename`, then
  /// `fsync` of the folder; files 0600, a missing folder made 0700), and changes made by other
  /// processes seen through inotify, a file replaced by `rename` included. Loading a file
  /// removes the temporary files that writers killed mid-write left beside it.
  public static let fileSystem = FileStorage(
    load: { path in
      AtomicFile.removeLeftovers(of: path)
      guard FileManager.default.fileExists(atPath: path) else { return nil }
      do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw FileStorageError(path: path, step: "read the file", reason: "\(error)")
      }
    },
    save: { data, path in try AtomicFile.write(data, to: path) },
    move: { path, destination in
      guard rename(path, destination) == 0 else { throw FileStorageError.system(path: path, step: "move it aside") }
    },
    watch: { path, onChange in
      let url = URL(fileURLWithPath: path)
      let folder = url.deletingLastPathComponent().path
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      guard let watcher = DirectoryWatcher(directory: folder, names: [url.lastPathComponent], onChange: onChange)
      else { return SharedSubscription {} }
      return SharedSubscription { watcher.stop() }
    }
  )

  /// A file system in memory, empty: what tests use unless they ask for real files. A save is
  /// seen by the storage's watchers, as another process's write would be.
  ///
  /// - Parameter clock: The clock that times the saves' windows: a `TestClock` to test them.
  /// - Returns: The file system.
  public static func inMemory(clock: any Clock<Duration> = ContinuousClock()) -> FileStorage {
    let files = InMemoryStore()
    return FileStorage(
      load: { files.load($0) }, save: { files.save($0, $1, group: $1) },
      move: { files.move($0, to: $1, group: $0) }, watch: { files.watch($0, $1) }, clock: clock)
  }
}

extension FileStorage {
  /// The file at `path` in this storage, as a place to save a value.
  func target(path: String) -> SaveTarget {
    SaveTarget(
      name: path, load: { try load(path) }, save: { try save($0, path) }, asideName: path + ".undecodable",
      moveAside: { try move(path, path + ".undecodable") }, watch: { watch(path, $0) }, clock: clock)
  }
}

private enum FileStorageKeyDependency: DependencyKey {
  static let liveValue = FileStorage.fileSystem
  static var testValue: FileStorage { .inMemory() }
}

extension DependencyValues {
  /// The file system `.fileStorage` keys use: the real one live, one in memory in tests.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageKeyDependency.self] }
    set { self[FileStorageKeyDependency.self] = newValue }
  }
}
