import Braid
import BraidLocation
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An open descriptor (a TCP socket or a serial device) read line by line on a dedicated thread
/// (blocking reads wait for I/O, not for time: no clock is involved), for NMEA and gpsd streams.
///
/// The reading thread waits in `poll` on the descriptor and on a wake-up pipe. ``stop()`` writes
/// to the pipe, which ends the wait whatever kind of descriptor it is (a `shutdown` wakes only a
/// socket); the reading thread then closes the descriptor and the pipe. Both happen under one
/// lock, so the descriptor is closed exactly once, never while a read is in flight, and never
/// written to after it was closed (its number may belong to another file by then).
package final class LineConnection: Sendable {
  private enum State { case open, stopped, closed }

  /// Lines longer than this are cut off and skipped: a stream that never sends a line break
  /// cannot grow memory without bound.
  static let maximumLineLength = 4096

  private let descriptor: Int32
  /// The read and write ends of the wake-up pipe.
  private let wake: (read: Int32, write: Int32)
  private let state = SanitizerVisibleMutex(State.open)

  /// How many connections have a descriptor not yet closed, for leak checks in tests.
  package static var openDescriptorCount: Int { openDescriptors.value }
  /// The same count, to wait on in tests.
  package static let openDescriptors = ResourceCount()

  /// Takes ownership of `descriptor`.
  ///
  /// - Throws: ``LocationError/sourceUnavailable(_:)`` when no wake-up pipe can be made (the
  ///   process is out of descriptors); `descriptor` is closed then.
  init(descriptor: Int32, name: String) throws(LocationError) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      let reason = String(cString: strerror(errno))
      Glibc.close(descriptor)
      throw .sourceUnavailable("\(name): \(reason)")
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    self.descriptor = descriptor
    self.wake = (ends[0], ends[1])
    Self.openDescriptors.opened()
  }

  /// The lines the peer sends, without their line endings, until it closes the connection, the
  /// device goes away or ``stop()`` is called. Call it once: it starts the reading thread.
  func lines() -> AsyncStream<String> {
    AsyncStream { continuation in
      Thread.detachNewThread { [self] in
        var splitter = LineSplitter(maximumLength: Self.maximumLineLength)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while waitForInput() {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count < 0, errno == EINTR || errno == EAGAIN { continue }
          guard count > 0 else { break }
          splitter.add(buffer[0..<count]) { continuation.yield($0) }
        }
        splitter.finish { continuation.yield($0) }
        self.state.withLock { state in
          Glibc.close(descriptor)
          Glibc.close(wake.read)
          Glibc.close(wake.write)
          state = .closed
        }
        Self.openDescriptors.closed()
        continuation.finish()
      }
    }
  }

  /// Waits until the descriptor has input or has ended.
  ///
  /// - Returns: `false` once ``stop()`` was called or the wait itself failed.
  private func waitForInput() -> Bool {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0, errno == EINTR { continue }
      // Input, hang-up and errors all let `read` tell what happened.
      return ready > 0 && descriptors[1].revents == 0
    }
  }

  /// Sends `text` to the peer; does nothing once the connection is stopped or closed.
  func send(_ text: String) {
    state.withLock { state in
      guard case .open = state else { return }
      var bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
          Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Ends the connection: the reading thread wakes, closes the descriptor and finishes the
  /// lines. Safe to call more than once.
  func stop() {
    state.withLock { state in
      guard case .open = state else { return }
      var byte: UInt8 = 1
      _ = Glibc.write(wake.write, &byte, 1)
      state = .stopped
    }
  }
}
