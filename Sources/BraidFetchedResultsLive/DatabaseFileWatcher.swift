import Braid
import BraidPOSIX
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Watches a database's directory with inotify and calls back when the database file, its
/// write-ahead log or its rollback journal is written, created, deleted or renamed: the moments
/// another connection or process may have committed. (The `-shm` file is left out: readers,
/// this observer among them, write to it.)
///
/// A `DescriptorReader` reads the inotify descriptor on a thread of its own; ``stop()`` wakes it
/// through its pipe, and the thread closes the descriptors before it ends.
package final class DatabaseFileWatcher: Sendable {
  private let reader: DescriptorReader

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
    let directory = url.deletingLastPathComponent().path
    let name = url.lastPathComponent
    let names: Set<String> = [name, name + "-wal", name + "-journal"]
    let descriptor = inotify_init1(Int32(IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
    guard inotify_add_watch(descriptor, directory, mask) >= 0,
      let reader = try? DescriptorReader(
        descriptor: descriptor, ownsDescriptor: true, counter: Self.opened)
    else {
      close(descriptor)
      return nil
    }
    self.reader = reader
    reader.start { bytes in
      if Self.names(in: bytes).contains(where: names.contains) { onChange() }
      return true
    } end: { _ in
    }
  }

  /// The file names in a buffer of inotify events.
  private static func names(in bytes: UnsafeRawBufferPointer) -> [String] {
    var names: [String] = []
    var offset = bytes.startIndex
    let header = MemoryLayout<inotify_event>.size
    while offset + header <= bytes.endIndex {
      // inotify_event: wd (4), mask (4), cookie (4), len (4), then `len` bytes of name.
      let length = bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
      let nameStart = offset + header
      let nameEnd = min(bytes.endIndex, nameStart + Int(length))
      let name = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
      if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
      offset = nameStart + Int(length)
    }
    return names
  }

  /// Stops watching: the thread wakes, closes its descriptors and ends. Safe to call twice.
  func stop() {
    reader.stop()
  }
}
