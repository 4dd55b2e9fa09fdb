import Braid
import BraidPOSIX

#if canImport(Glibc)
  import Glibc
#endif

/// A connection's input: the server's ``EventLoop`` reads the socket when it has input, and the
/// reader hands complete lines to the session, at most `window` (64) lines ahead of the
/// session's handling of them. With the window full it stops re-arming the socket, so a client
/// that sends faster than its lines are handled (a long `wait`) is held back by TCP instead of
/// filling the server's memory; no thread waits for a connection's input.
///
/// When the client closes its sending side, the reader tells the connection (which answers
/// with a state line) and then watches the socket until it hangs up: a client that closed
/// altogether answers that line with a reset, and the connection hears at once that its client
/// is gone; a client that only stopped sending keeps reading until the connection ends.
final class ConnectionReader: Sendable {
  /// What the reader tells its connection.
  struct Events: Sendable {
    /// The client closed its sending side: no more lines will come.
    var endOfInput: @Sendable () -> Void
    /// The socket hung up (the client reset it, or the connection shut it down).
    var hangUp: @Sendable () -> Void
    /// The reader is done with the socket, which the loop no longer watches.
    var stopped: @Sendable () -> Void
  }

  private enum Phase { case reading, waitingForHangUp, done }

  private struct State {
    var framer: LineFramer
    /// Lines read and not yet handed over: the window is full.
    var pending: [LineFramer.Line] = []
    /// How many more lines may be handed over before the session handles one.
    var slots: Int
    /// Whether the socket is left unarmed until the session makes room.
    var isPaused = false
    /// How reading ended; the lines finish once `pending` is handed over.
    var ending: DescriptorReader.End?
    var hasFinishedLines = false
    var isStopped = false
    var phase = Phase.reading
  }

  /// What to do once the lock is let go: the connection's callbacks may come back to the
  /// reader.
  private enum Step {
    case arm(readable: Bool)
    case finishLines
    case endOfInput
    case hangUp
    case done
  }

  /// The lines, in order; finishes when the client closes its side or the socket fails.
  let lines: AsyncStream<LineFramer.Line>
  private let continuation: AsyncStream<LineFramer.Line>.Continuation
  private let descriptor: Int32
  /// The longest line, in bytes.
  let lineLimit: Int
  private let loop: EventLoop
  private let events: Events
  private let state: SanitizerVisibleMutex<State>

  init(descriptor: Int32, lineLimit: Int, window: Int = 64, loop: EventLoop, events: Events) {
    (lines, continuation) = AsyncStream.makeStream()
    self.descriptor = descriptor
    self.lineLimit = lineLimit
    self.loop = loop
    self.events = events
    state = SanitizerVisibleMutex(
      State(framer: LineFramer(maximumLength: lineLimit, terminator: .lf, invalidUTF8: .reject), slots: window))
    do {
      try loop.add(descriptor) { [self] event in handle(event) }
    } catch {
      // The loop cannot watch it: the connection ends as if the socket had failed.
      perform(state.withLock { end(.failed(ECONNRESET), &$0) })
    }
  }

  /// Says one line has been handled, making room for the next.
  func handled() {
    perform(
      state.withLock { state -> [Step] in
        state.slots += 1
        var steps = handOver(&state)
        guard state.pending.isEmpty else { return steps }
        if state.ending != nil {
          steps += finish(&state)
        } else if state.isPaused {
          state.isPaused = false
          steps.append(.arm(readable: true))
        }
        return steps
      })
  }

  /// Stops handing lines over; the reader is done at its next event (the connection's own
  /// shutdown brings one), or at once when it was waiting for room.
  func stop() {
    perform(
      state.withLock { state -> [Step] in
        state.isStopped = true
        state.pending.removeAll()
        guard state.phase == .reading, state.isPaused || state.ending != nil else { return [] }
        return end(.stopped, &state)
      })
  }

  /// An event of the socket, on the loop's thread.
  private func handle(_ event: EventLoop.Event) {
    let phase = state.withLock(\.phase)
    switch (phase, event) {
    case (.done, _):
      return
    case (.waitingForHangUp, .hangUp):
      perform(
        state.withLock { state in
          state.phase = .done
          return [.hangUp, .done]
        })
    case (.waitingForHangUp, .readable):
      perform([.arm(readable: false)])
    case (.reading, .hangUp):
      perform(state.withLock { end(.failed(ECONNRESET), &$0) })
    case (.reading, .readable):
      read()
    }
  }

  private func read() {
    var buffer = [UInt8](repeating: 0, count: 4_096)
    let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    let error = errno
    perform(
      state.withLock { state -> [Step] in
        if state.isStopped { return end(.stopped, &state) }
        if count < 0, error == EAGAIN || error == EWOULDBLOCK || error == EINTR { return [.arm(readable: true)] }
        if count == 0 { return end(.endOfInput, &state) }
        if count < 0 { return end(.failed(error), &state) }
        state.pending += state.framer.lines(buffer[..<count])
        let steps = handOver(&state)
        if state.pending.isEmpty { return steps + [.arm(readable: true)] }
        state.isPaused = true
        return steps
      })
  }

  /// The loop could not arm the socket, so no event will come for it: reading ends as a
  /// failure, and waiting for the hang-up ends as a hang-up.
  private func armFailed(_ code: Int32, _ state: inout State) -> [Step] {
    switch state.phase {
    case .reading: return end(.failed(code), &state)
    case .waitingForHangUp:
      state.phase = .done
      return [.hangUp, .done]
    case .done: return []
    }
  }

  /// Reading ended: the last line, if any, waits its turn, then the lines finish.
  private func end(_ reason: DescriptorReader.End, _ state: inout State) -> [Step] {
    guard state.ending == nil || reason == .stopped else { return [] }
    if reason != .stopped, let last = state.framer.finish() { state.pending.append(last) }
    if reason == .stopped { state.pending.removeAll() }
    state.ending = reason
    return handOver(&state) + (state.pending.isEmpty ? finish(&state) : [])
  }

  /// Finishes the lines, once, and says what follows.
  private func finish(_ state: inout State) -> [Step] {
    guard !state.hasFinishedLines, let ending = state.ending else { return [] }
    state.hasFinishedLines = true
    if state.isStopped || ending == .stopped {
      state.phase = .done
      return [.finishLines, .done]
    }
    switch ending {
    case .endOfInput:
      state.phase = .waitingForHangUp
      // Waits for a hang-up only: a reset from the client, or the connection's own shutdown.
      return [.finishLines, .endOfInput, .arm(readable: false)]
    case .failed, .stopped:
      state.phase = .done
      return [.finishLines, .hangUp, .done]
    }
  }

  /// Hands pending lines over while there is room.
  private func handOver(_ state: inout State) -> [Step] {
    while state.slots > 0, !state.pending.isEmpty {
      state.slots -= 1
      continuation.yield(state.pending.removeFirst())
    }
    return []
  }

  private func perform(_ steps: [Step]) {
    for step in steps {
      switch step {
      case .arm(let readable):
        do {
          try loop.arm(descriptor, readable: readable)
        } catch {
          // No event will come: end as if the socket had failed.
          perform(state.withLock { armFailed(error.code, &$0) })
        }
      case .finishLines: continuation.finish()
      case .endOfInput: events.endOfInput()
      case .hangUp: events.hangUp()
      case .done:
        // Before the connection may close the descriptor, whose number may then be reused.
        loop.remove(descriptor)
        events.stopped()
      }
    }
  }
}
