import Braid
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Watches a directory with inotify and calls back when one of the named files in it is
/// written, created, deleted or renamed (a file replaced by `rename` included): how the live
/// clients learn that another process changed a file.
///
/// A ``DescriptorReader`` reads the inotify descriptor on a thread of its own; ``stop()`` wakes
/// it through its pipe, and the thread closes the descriptors before it ends.
package final class DirectoryWatcher: Sendable {
  private let reader: DescriptorReader

  /// Starts watching the files `names` in `directory`.
  ///
  /// - Parameters:
  ///   - directory: The directory to watch; it must exist.
  ///   - names: The file names whose changes matter.
  ///   - counter: Counts the watcher open until its descriptors are closed, for leak checks.
  ///   - onChange: Called on the watcher's thread for each buffer of events that names one of
  ///     `names`.
  /// - Returns: `nil` when inotify is unavailable or the directory cannot be watched.
  package init?(
    directory: String, names: Set<String>, counter: ResourceCount? = nil, onChange: @escaping @Sendable () -> Void
  ) {
    let descriptor = inotify_init1(Int32(IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
    guard inotify_add_watch(descriptor, directory, mask) >= 0,
      let reader = try? DescriptorReader(descriptor: descriptor, ownsDescriptor: true, counter: counter)
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
  package func stop() {
    reader.stop()
  }
}
