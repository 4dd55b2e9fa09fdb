import Braid
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A descriptor read on a thread of its own, chunk by chunk, until its input ends, it fails, or
/// the reader is stopped: the one reading loop of the live clients (a TCP stream, a serial
/// device, an inotify descriptor, standard input) and of `serve`'s connections.
///
/// Blocking reads wait for input, not for time: no clock is involved. How ``stop()`` wakes a
/// blocked read depends on the descriptor:
/// - ``Wake/pipe``: the thread waits in `poll` on the descriptor and a wake-up pipe, and `stop`
///   writes to the pipe. This wakes any descriptor (a `shutdown` wakes only a socket) at the
///   cost of two descriptors more.
/// - ``Wake/shutdown``: the owner shuts its socket down to wake the read; `stop` only keeps
///   the thread from reading again. One descriptor per connection, for a server at its limit.
///
/// Whatever ended the reading, the thread closes the descriptors the reader owns under one lock
/// (never while a ``withOpenDescriptor(_:)`` body runs, never twice), counts them closed, and
/// only then calls `end`.
package final class DescriptorReader: Sendable {
  /// How a blocked read is woken for ``DescriptorReader/stop()``.
  package enum Wake: Sendable {
    /// By a wake-up pipe of the reader's own.
    case pipe
    /// By the owner, shutting its socket down.
    case shutdown
  }

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
  /// The read and write ends of the wake-up pipe, for ``Wake/pipe``.
  private let wake: (read: Int32, write: Int32)?
  private let counter: ResourceCount?
  private let stackSize: Int?
  private let state = SanitizerVisibleMutex(State.open)

  /// A reader of `descriptor`, not yet started.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor to read.
  ///   - ownsDescriptor: Whether the reader closes it when the reading ends.
  ///   - wake: How a blocked read is woken for ``stop()``.
  ///   - counter: Counts the reader open until its descriptors are closed, for leak checks.
  ///   - stackSize: The thread's stack size, when not the system's default.
  /// - Throws: ``SystemError`` when no wake-up pipe can be made (the process is out of
  ///   descriptors); an owned `descriptor` is closed then.
  package init(
    descriptor: Int32, ownsDescriptor: Bool, wake: Wake, counter: ResourceCount? = nil, stackSize: Int? = nil
  ) throws(SystemError) {
    if case .pipe = wake {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else {
        let error = SystemError.lastError()
        if ownsDescriptor { close(descriptor) }
        throw error
      }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      self.wake = (ends[0], ends[1])
    } else {
      self.wake = nil
    }
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
        if let wake {
          close(wake.read)
          close(wake.write)
        }
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
    guard let wake else { return state.withLock { $0 == .open } }
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

  /// Stops the reading: with ``Wake/pipe`` the blocked read wakes at once; with
  /// ``Wake/shutdown`` the thread reads no more once its owner's shutdown wakes it. Safe to
  /// call more than once, from any thread.
  package func stop() {
    state.withLock { state in
      guard case .open = state else { return }
      if let wake {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
      }
      state = .stopped
    }
  }

  /// Blocks until `descriptor` hangs up (a peer's reset, or the owner's own `shutdown`), for a
  /// socket whose input has ended but whose peer may still be reading.
  package static func waitForHangUp(_ descriptor: Int32) {
    var socket = pollfd(fd: descriptor, events: 0, revents: 0)
    while poll(&socket, 1, -1) < 0, errno == EINTR {}
  }
}
