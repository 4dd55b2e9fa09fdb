import Braid

/// Lets the writer, made before the connection, reach it when the client is gone.
final class GoneSignal: Sendable {
  private struct State {
    var fired = false
    var action: (@Sendable () -> Void)?
  }
  private let state = SanitizerVisibleMutex(State())

  func connect(_ action: @escaping @Sendable () -> Void) {
    let fired = state.withLock { state in
      state.action = action
      return state.fired
    }
    if fired { action() }
  }

  func fire() {
    let action = state.withLock { state -> (@Sendable () -> Void)? in
      guard !state.fired else { return nil }
      state.fired = true
      return state.action
    }
    action?()
  }
}
