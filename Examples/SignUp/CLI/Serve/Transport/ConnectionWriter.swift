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
    /// Bytes taken by the writing thread and not yet sent.
    var sending = 0
    /// Sessions waiting for the output to drain below their bound.
    var waiters: [(bound: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The output not yet sent: what waits, and what is being sent.
    var backlog: Int { pending.count + sending }

    /// The waiters whose bound the backlog is now below, or all once the writer is done.
    mutating func waitersToResume() -> [CheckedContinuation<Void, Never>] {
      let done = isClosed || isFinishing
      let (ready, waiting) = (
        waiters.filter { done || backlog < $0.bound }, waiters.filter { !done && backlog >= $0.bound }
      )
      waiters = waiting
      return ready.map(\.continuation)
    }

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
    let (overflow, ready) = state.withLock { state -> (Bool?, [CheckedContinuation<Void, Never>]) in
      if state.isClosed || state.isFinishing { return (nil, []) }
      if state.pending.count + line.utf8.count + 1 > limit {
        state.isClosed = true
        return (true, state.waitersToResume())
      }
      state.pending.append(contentsOf: line.utf8)
      state.pending.append(UInt8(ascii: "\n"))
      return (false, [])
    }
    for waiter in ready { waiter.resume() }
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
    let ready = state.withLock { state in
      state.isFinishing = true
      return state.waitersToResume()
    }
    for waiter in ready { waiter.resume() }
    startWritingIfNeeded()
  }

  /// Waits until fewer than `bound` bytes of output remain to be sent, or the writer is done.
  ///
  /// The session waits here before it takes its next line, so that input is paced by output:
  /// a client that sends many lines while it reads is answered in full, held back by TCP while
  /// its answers wait, and only a client that stops reading altogether for the send timeout is
  /// disconnected.
  func waitForRoom(below bound: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.isClosed || state.isFinishing || state.backlog < bound { return true }
        state.waiters.append((bound, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Writes what is queued until nothing is left, then ends; ends for good (`onStopped`) once
  /// finishing and drained, or closed.
  private func run() {
    while true {
      let (chunk, stops, ready) = state.withLock { state -> ([UInt8], Bool?, [CheckedContinuation<Void, Never>]) in
        // What was being sent is sent.
        state.sending = 0
        let ready = state.waitersToResume()
        if state.isClosed { return ([], true, ready) }
        let chunk = state.pending
        state.pending.removeAll(keepingCapacity: true)
        state.sending = chunk.count
        if chunk.isEmpty {
          if state.isFinishing { return ([], true, ready) }
          // Nothing to write: the thread ends, and the next write starts another.
          state.isWriting = false
          return ([], false, ready)
        }
        return (chunk, nil, ready)
      }
      for waiter in ready { waiter.resume() }
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
        let (wasClosed, ready) = state.withLock { state in
          let wasClosed = state.isClosed || state.isFinishing
          state.isClosed = true
          state.sending = 0
          return (wasClosed, state.waitersToResume())
        }
        for waiter in ready { waiter.resume() }
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
