import Braid
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A descriptor read on a thread of its own, chunk by chunk, until its input ends, it fails, or
/// the reader is stopped: the one reading loop of the live clients (a TCP stream, a serial
/// device, an inotify descriptor) and of standard input. (A server's many sockets share one
/// ``EventLoop`` instead; `epoll` cannot watch a regular file, which standard input may be.)
///
/// Blocking reads wait for input, not for time: no clock is involved. The thread waits in
/// `poll` on the descriptor and a wake-up pipe, which ``stop()`` writes to: this wakes any
/// descriptor (a `shutdown` wakes only a socket, not a silent serial device).
///
/// Whatever ended the reading, the thread closes the descriptors the reader owns under one lock
/// (never while a ``withOpenDescriptor(_:)`` body runs, never twice), counts them closed, and
/// only then calls `end`.
package final class DescriptorReader: Sendable {
  /// How the reading ended.
  package enum End: Sendable, Equatable {
    /// The input ended (a peer closed its side, a file or pipe reached its end).
    case endOfInput
    /// A read failed, with this `errno`.
    case failed(Int32)
    /// ``DescriptorReader/stop()`` was called, or `chunk` asked to stop.
    case stopped
  }

  private enum State { case open, stopped, closed }

  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// The read and write ends of the wake-up pipe.
  private let wake: (read: Int32, write: Int32)
  private let counter: ResourceCount?
  private let stackSize: Int?
  private let state = SanitizerVisibleMutex(State.open)

  /// A reader of `descriptor`, not yet started.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor to read.
  ///   - ownsDescriptor: Whether the reader closes it when the reading ends.
  ///   - counter: Counts the reader open until its descriptors are closed, for leak checks.
  ///   - stackSize: The thread's stack size, when not the system's default.
  /// - Throws: ``SystemError`` when no wake-up pipe can be made (the process is out of
  ///   descriptors); an owned `descriptor` is closed then.
  package init(
    descriptor: Int32, ownsDescriptor: Bool, counter: ResourceCount? = nil, stackSize: Int? = nil
  ) throws(SystemError) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      let error = SystemError.lastError()
      if ownsDescriptor { close(descriptor) }
      throw error
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    wake = (ends[0], ends[1])
    self.descriptor = descriptor
    self.ownsDescriptor = ownsDescriptor
    self.counter = counter
    self.stackSize = stackSize
    counter?.opened()
  }

  /// Starts the reading thread. Call it once.
  ///
  /// - Parameters:
  ///   - chunk: Called on the thread with each chunk read; returns `false` to stop reading.
  ///   - end: Called once on the thread, after the owned descriptors are closed.
  package func start(
    chunk: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool, end: @escaping @Sendable (End) -> Void
  ) {
    let thread = Thread { [self] in
      let reason = read(chunk)
      state.withLock { state in
        if ownsDescriptor { close(descriptor) }
        close(wake.read)
        close(wake.write)
        state = .closed
      }
      counter?.closed()
      end(reason)
    }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
  }

  private func read(_ chunk: (UnsafeRawBufferPointer) -> Bool) -> End {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      guard waitForInput() else { return .stopped }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      if count == 0 { return .endOfInput }
      guard count > 0 else { return .failed(errno) }
      let more = buffer.withUnsafeBytes { chunk(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      guard more else { return .stopped }
    }
  }

  /// Waits until the descriptor has input or has ended; `false` once ``stop()`` was called.
  private func waitForInput() -> Bool {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0, errno == EINTR { continue }
      // Input, hang-up and errors all let `read` tell what happened; a stop wins over input.
      return ready > 0 && descriptors[1].revents == 0
    }
  }

  /// Runs `body` with the descriptor while it is open and not stopped (to write to it: its
  /// number may belong to another file once it is closed); `nil` otherwise.
  package func withOpenDescriptor<R>(_ body: (Int32) -> R) -> R? {
    state.withLock { state in
      guard case .open = state else { return nil }
      return body(descriptor)
    }
  }

  /// Stops the reading: the blocked read wakes at once. Safe to call more than once, from any
  /// thread.
  package func stop() {
    state.withLock { state in
      guard case .open = state else { return }
      var byte: UInt8 = 1
      _ = write(wake.write, &byte, 1)
      state = .stopped
    }
  }
}
