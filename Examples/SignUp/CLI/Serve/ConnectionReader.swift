import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A connection's input: a thread of its own reads the socket and hands complete lines to the
/// server, at most `window` (64) lines ahead of the server's handling of them, so a client that
/// sends faster than its lines are handled (a long `wait`) is held back by TCP instead of
/// filling the server's memory.
///
/// When the client closes its sending side, the thread tells the connection (which answers
/// with a state line) and then watches the socket until it hangs up: a client that closed
/// altogether answers that line with a reset, and the connection hears at once that its client
/// is gone; a client that only stopped sending keeps reading until the connection ends.
final class ConnectionReader: Sendable {
  /// The lines, in order; finishes when the client closes its side or the socket fails.
  let lines: AsyncStream<LineFramer.Line>
  private let continuation: AsyncStream<LineFramer.Line>.Continuation
  private let descriptor: Int32
  /// The longest line, in bytes.
  let lineLimit: Int
  private let slots: DispatchSemaphore
  private let isStopped = Atomic<Bool>(false)
  private let events: Events

  /// What the reader tells its connection.
  struct Events: Sendable {
    /// The client closed its sending side: no more lines will come.
    var endOfInput: @Sendable () -> Void
    /// The socket hung up (the client reset it, or the connection shut it down).
    var hangUp: @Sendable () -> Void
    /// The thread has ended.
    var stopped: @Sendable () -> Void
  }

  init(descriptor: Int32, lineLimit: Int, window: Int = 64, events: Events) {
    (lines, continuation) = AsyncStream.makeStream()
    self.descriptor = descriptor
    self.lineLimit = lineLimit
    slots = DispatchSemaphore(value: window)
    self.events = events
    let thread = Thread { [self] in run() }
    thread.stackSize = 256 * 1024
    thread.start()
  }

  /// Says one line has been handled, making room for the next.
  func handled() {
    slots.signal()
  }

  /// Stops handing lines over; the thread ends at its next line or when the socket is shut down.
  func stop() {
    isStopped.store(true, ordering: .releasing)
    slots.signal()
  }

  private func run() {
    defer { events.stopped() }
    let end = readLines()
    continuation.finish()
    if isStopped.load(ordering: .acquiring) { return }
    switch end {
    case .stopped:
      return
    case .failed:
      events.hangUp()
    case .endOfInput:
      events.endOfInput()
      // Waits for a hang-up only: a reset from the client, or the connection's own shutdown.
      var socket = pollfd(fd: descriptor, events: 0, revents: 0)
      while poll(&socket, 1, -1) < 0, errno == EINTR {}
      events.hangUp()
    }
  }

  /// How reading ended.
  private enum End {
    /// The client closed its sending side.
    case endOfInput
    /// The socket failed (the client reset it).
    case failed
    /// The reader was stopped.
    case stopped
  }

  /// Hands lines over until the input ends.
  private func readLines() -> End {
    var framer = LineFramer(limit: lineLimit)
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while !isStopped.load(ordering: .acquiring) {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        if let last = framer.finish() { _ = hand(last) }
        return count == 0 ? .endOfInput : .failed
      }
      let lines = buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      for line in lines where !hand(line) { return .stopped }
    }
    return .stopped
  }

  /// Waits for room, then hands `line` over; `false` once stopped.
  private func hand(_ line: LineFramer.Line) -> Bool {
    slots.wait()
    guard !isStopped.load(ordering: .acquiring) else { return false }
    continuation.yield(line)
    return true
  }
}
