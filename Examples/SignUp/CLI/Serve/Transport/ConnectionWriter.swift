import Braid
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A connection's output: lines queued by the server, written by a thread of its own so that a
/// client slow to read never blocks the server's work.
///
/// At most ``limit`` bytes wait to be written; a client that lets more pile up (it never reads)
/// is disconnected, rather than the server holding its output without bound. A write the
/// client does not take within the socket's send timeout fails the same way.
final class ConnectionWriter: Sendable {
  private struct State {
    var pending: [UInt8] = []
    /// The last state line written, for ``writeLastStateAgain()``.
    var lastState: String?
    var isFinishing = false
    var isClosed = false
  }

  private let descriptor: Int32
  /// The most bytes that may wait to be written.
  let limit: Int
  private let state = SanitizerVisibleMutex(State())
  private let wakeUp = DispatchSemaphore(value: 0)
  /// Called once when the client stopped reading or the socket failed.
  private let onFailure: @Sendable (String) -> Void
  /// Called once, from the writer's thread, when it has stopped.
  private let onStopped: @Sendable () -> Void

  init(
    descriptor: Int32,
    limit: Int,
    onFailure: @escaping @Sendable (String) -> Void,
    onStopped: @escaping @Sendable () -> Void
  ) {
    self.descriptor = descriptor
    self.limit = limit
    self.onFailure = onFailure
    self.onStopped = onStopped
    let thread = Thread { [self] in run() }
    thread.stackSize = 256 * 1024
    thread.start()
  }

  /// Queues `line` and a newline. Returns `false`, queuing nothing, once the writer is closed
  /// or when the line would take the queue past ``limit``: then the writer closes, and the
  /// failure handler hears why.
  @discardableResult
  func write(_ line: String) -> Bool {
    let overflow = state.withLock { state -> Bool? in
      if state.isClosed || state.isFinishing { return nil }
      if state.pending.count + line.utf8.count + 1 > limit {
        state.isClosed = true
        return true
      }
      state.pending.append(contentsOf: line.utf8)
      state.pending.append(UInt8(ascii: "\n"))
      return false
    }
    switch overflow {
    case nil: return false
    case true?:
      wakeUp.signal()
      onFailure("the client stopped reading (over \(limit) bytes of output waiting)")
      return false
    case false?:
      wakeUp.signal()
      return true
    }
  }

  /// Queues `line`, a state line, as ``write(_:)`` does, and keeps it as the last state.
  func writeState(_ line: String) {
    state.withLock { $0.lastState = line }
    write(line)
  }

  /// Queues the last state line again, if there was one.
  func writeLastStateAgain() {
    guard let line = state.withLock({ $0.lastState }) else { return }
    write(line)
  }

  /// Writes what is queued, then stops (see `onStopped`).
  func finish() {
    state.withLock { $0.isFinishing = true }
    wakeUp.signal()
  }

  private func run() {
    defer { onStopped() }
    while true {
      wakeUp.wait()
      while true {
        let (chunk, stop) = state.withLock { state -> ([UInt8], Bool) in
          if state.isClosed { return ([], true) }
          let chunk = state.pending
          state.pending.removeAll(keepingCapacity: true)
          return (chunk, chunk.isEmpty && state.isFinishing)
        }
        if stop { return }
        if chunk.isEmpty { break }
        if let error = send(chunk) {
          let wasClosed = state.withLock { state in
            defer { state.isClosed = true }
            return state.isClosed || state.isFinishing
          }
          if !wasClosed { onFailure("the client does not take its output (\(String(cString: strerror(error))))") }
          return
        }
      }
    }
  }

  /// Writes all of `bytes`, blocking; the error number when the socket failed (the client is
  /// gone, or took nothing for the send timeout).
  private func send(_ bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.send(descriptor, buffer.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if written < 0 {
        let error = errno
        if error == EINTR { continue }
        return error
      }
      offset += written
    }
    return nil
  }
}
