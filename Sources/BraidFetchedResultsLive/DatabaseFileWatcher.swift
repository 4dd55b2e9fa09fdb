import Braid
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Watches a database's directory with inotify and calls back when the database file, its
/// write-ahead log or its rollback journal is written, created, deleted or renamed: the moments
/// another connection or process may have committed. (The `-shm` file is left out: readers,
/// this observer among them, write to it.)
///
/// A thread of its own waits in `poll` on the inotify descriptor and a wake-up pipe; ``stop()``
/// writes to the pipe, and the thread closes both before it ends.
package final class DatabaseFileWatcher: Sendable {
  private let descriptor: Int32
  private let wake: (read: Int32, write: Int32)
  private let isStopped = SanitizerVisibleMutex(false)

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
    var ends: [Int32] = [0, 0]
    guard inotify_add_watch(descriptor, directory, mask) >= 0, pipe(&ends) == 0 else {
      close(descriptor)
      return nil
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    self.descriptor = descriptor
    self.wake = (ends[0], ends[1])
    Self.opened.opened()
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while waitForEvents() {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        if Self.names(in: buffer[0..<count]).contains(where: names.contains) { onChange() }
      }
      isStopped.withLock { stopped in
        close(descriptor)
        close(wake.read)
        close(wake.write)
        stopped = true
      }
      Self.opened.closed()
    }
  }

  /// The file names in a buffer of inotify events.
  private static func names(in bytes: ArraySlice<UInt8>) -> [String] {
    var names: [String] = []
    var offset = bytes.startIndex
    let header = MemoryLayout<inotify_event>.size
    while offset + header <= bytes.endIndex {
      // inotify_event: wd (4), mask (4), cookie (4), len (4), then `len` bytes of name.
      let length = bytes[(offset + 12)..<(offset + 16)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
      let nameStart = offset + header
      let nameEnd = min(bytes.endIndex, nameStart + Int(length))
      let name = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
      if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
      offset = nameStart + Int(length)
    }
    return names
  }

  private func waitForEvents() -> Bool {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0, errno == EINTR { continue }
      return ready > 0 && descriptors[1].revents == 0
    }
  }

  /// Stops watching: the thread wakes, closes its descriptors and ends. Safe to call twice.
  func stop() {
    isStopped.withLock { stopped in
      guard !stopped else { return }
      var byte: UInt8 = 1
      _ = write(wake.write, &byte, 1)
      stopped = true
    }
  }
}
