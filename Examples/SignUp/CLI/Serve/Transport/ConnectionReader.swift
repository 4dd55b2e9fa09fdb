import BraidPOSIX
import Dispatch
import Synchronization

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
  /// Reads the socket; woken for a stop by the connection's own `shutdown`, so that a
  /// connection costs one descriptor.
  private let reader: DescriptorReader

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
    // A reader that does not own the descriptor and has no pipe cannot fail to be made.
    reader = try! DescriptorReader(
      descriptor: descriptor, ownsDescriptor: false, wake: .shutdown, stackSize: 256 * 1024)
    let framer = FramerBox(LineFramer(maximumLength: lineLimit, terminator: .lf, invalidUTF8: .reject))
    reader.start { [self] bytes in
      framer.framer.lines(bytes).allSatisfy { hand($0) }
    } end: { [self] end in
      // The last line, when the input ended (or failed) without a final line end.
      if end != .stopped, let last = framer.framer.finish() { _ = hand(last) }
      finish(end)
    }
  }

  /// Says one line has been handled, making room for the next.
  func handled() {
    slots.signal()
  }

  /// Stops handing lines over; the thread ends at its next line or when the socket is shut down.
  func stop() {
    isStopped.store(true, ordering: .releasing)
    reader.stop()
    slots.signal()
  }

  private func finish(_ end: DescriptorReader.End) {
    defer { events.stopped() }
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
      DescriptorReader.waitForHangUp(descriptor)
      events.hangUp()
    }
  }

  /// Waits for room, then hands `line` over; `false` once stopped.
  private func hand(_ line: LineFramer.Line) -> Bool {
    slots.wait()
    guard !isStopped.load(ordering: .acquiring) else { return false }
    continuation.yield(line)
    return true
  }
}
