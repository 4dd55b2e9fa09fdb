import Braid
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A connection's output: lines queued by the server, written by a thread of the connection's
/// own so that a client slow to read never blocks the server's work. The thread runs only while
/// output is waiting: an idle connection holds none (500 idle connections, 6 threads in all).
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
    /// Whether the writing thread is running; it ends when nothing is left to write.
    var isWriting = false

    /// Whether a writing thread should be started now: there is something to do and none runs.
    mutating func startsWriting() -> Bool {
      guard !isWriting, !pending.isEmpty || isFinishing || isClosed else { return false }
      isWriting = true
      return true
    }
  }

  private let descriptor: Int32
  /// The most bytes that may wait to be written.
  let limit: Int
  private let state = SanitizerVisibleMutex(State())
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
  }

  /// Starts a writing thread if there is something to do and none runs.
  private func startWritingIfNeeded() {
    guard state.withLock({ $0.startsWriting() }) else { return }
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
      startWritingIfNeeded()
      onFailure("the client stopped reading (over \(limit) bytes of output waiting)")
      return false
    case false?:
      startWritingIfNeeded()
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
    startWritingIfNeeded()
  }

  /// Writes what is queued until nothing is left, then ends; ends for good (`onStopped`) once
  /// finishing and drained, or closed.
  private func run() {
    while true {
      let (chunk, stops) = state.withLock { state -> ([UInt8], Bool?) in
        if state.isClosed { return ([], true) }
        let chunk = state.pending
        state.pending.removeAll(keepingCapacity: true)
        if chunk.isEmpty {
          if state.isFinishing { return ([], true) }
          // Nothing to write: the thread ends, and the next write starts another.
          state.isWriting = false
          return ([], false)
        }
        return (chunk, nil)
      }
      switch stops {
      case true?:
        onStopped()
        return
      case false?:
        return
      case nil:
        break
      }
      if let error = send(chunk) {
        let wasClosed = state.withLock { state in
          defer { state.isClosed = true }
          return state.isClosed || state.isFinishing
        }
        if !wasClosed { onFailure("the client does not take its output (\(String(cString: strerror(error))))") }
        onStopped()
        return
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
