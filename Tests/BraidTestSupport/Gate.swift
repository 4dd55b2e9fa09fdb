import Braid

/// A one-shot latch: `wait()` suspends until `open()` is called (before or after).
package final class Gate: Sendable {
  private enum State {
    case closed([CheckedContinuation<Void, Never>])
    case open
  }

  private let state = SanitizerVisibleMutex(State.closed([]))

  package init() {}

  package func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard case .closed(let waiters) = state else { return [] }
      state = .open
      return waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  package func wait() async {
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

  package var isOpen: Bool {
    state.withLock { if case .open = $0 { true } else { false } }
  }
}
