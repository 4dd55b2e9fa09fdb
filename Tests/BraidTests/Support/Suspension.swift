import Braid
import Synchronization

/// Suspends until the current task is cancelled, then throws `CancellationError`: a stand-in
/// for long-running work that never finishes on its own.
func suspendUntilCancelled() async throws {
  let gate = Gate()
  await withTaskCancellationHandler {
    await gate.wait()
  } onCancel: {
    gate.open()
  }
  throw CancellationError()
}

/// A one-shot latch: `wait()` suspends until `open()` is called (before or after).
final class Gate: Sendable {
  private enum State {
    case closed([CheckedContinuation<Void, Never>])
    case open
  }

  private let state = SanitizerVisibleMutex(State.closed([]))

  init() {}

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard case .closed(let waiters) = state else { return [] }
      state = .open
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        switch state {
        case .open:
          return true
        case .closed(var waiters):
          waiters.append(continuation)
          state = .closed(waiters)
          return false
        }
      }
      if resumeNow { continuation.resume() }
    }
  }

  var isOpen: Bool {
    state.withLock { if case .open = $0 { true } else { false } }
  }
}

/// A thread-safe counter and log for effects to write to from any thread.
final class Recorder<Value: Sendable>: Sendable {
  private let storage = SanitizerVisibleMutex<[Value]>([])

  init() {}

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }
}
