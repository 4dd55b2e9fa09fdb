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
final class ConnectionReader: Sendable {
  /// The lines, in order; finishes when the client closes its side or the socket fails.
  let lines: AsyncStream<LineFramer.Line>
  private let continuation: AsyncStream<LineFramer.Line>.Continuation
  private let descriptor: Int32
  /// The longest line, in bytes.
  let lineLimit: Int
  private let slots: DispatchSemaphore
  private let isStopped = Atomic<Bool>(false)
  private let onStopped: @Sendable () -> Void

  init(descriptor: Int32, lineLimit: Int, window: Int = 64, onStopped: @escaping @Sendable () -> Void) {
    (lines, continuation) = AsyncStream.makeStream()
    self.descriptor = descriptor
    self.lineLimit = lineLimit
    slots = DispatchSemaphore(value: window)
    self.onStopped = onStopped
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
    defer {
      continuation.finish()
      onStopped()
    }
    var framer = LineFramer(limit: lineLimit)
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while !isStopped.load(ordering: .acquiring) {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        if let last = framer.finish() { _ = hand(last) }
        return
      }
      let lines = buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
      for line in lines where !hand(line) { return }
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
