import Braid
import BraidPOSIX
import Foundation

/// Watches a database's directory with inotify and calls back when the database file, its
/// write-ahead log or its rollback journal is written, created, deleted or renamed: the moments
/// another connection or process may have committed. (The `-shm` file is left out: readers,
/// this observer among them, write to it.)
///
/// A ``DirectoryWatcher`` does the watching; ``stop()`` ends it, and its thread closes the
/// descriptors before it ends.
package final class DatabaseFileWatcher: Sendable {
  private let watcher: DirectoryWatcher

  /// How many watchers hold descriptors, for leak checks in tests.
  package static var openCount: Int { opened.value }
  /// The same count, to wait on in tests.
  package static let opened = ResourceCount()

  /// Starts watching the directory of `path`.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - onChange: Called on the watcher's thread for each relevant event.
  /// - Returns: `nil` when inotify is unavailable (the observer then relies on its backstop
  ///   timer alone).
  init?(path: String, onChange: @escaping @Sendable () -> Void) {
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent
    guard
      let watcher = DirectoryWatcher(
        directory: url.deletingLastPathComponent().path, names: [name, name + "-wal", name + "-journal"],
        counter: Self.opened, onChange: onChange)
    else { return nil }
    self.watcher = watcher
  }

  /// Stops watching: the thread wakes, closes its descriptors and ends. Safe to call twice.
  func stop() {
    watcher.stop()
  }
}
