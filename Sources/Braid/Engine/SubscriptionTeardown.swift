/// The client teardown of a running subscription effect, shared by its task and the store's
/// registry so that whichever comes first runs it, once.
///
/// The registry runs it synchronously when the effect is cancelled (by `.cancel(id:)`,
/// `cancelInFlight` or the store going away), so the client has stopped before the cancelling
/// `send` returns and before a restarted effect under the same id creates its own. The task runs
/// it when the client completes. A retry attaches its new client's teardown; attaching after the
/// teardown ran tears the new client down at once.
@usableFromInline
final class SubscriptionTeardown: Sendable {
  private enum State {
    case running(AnyCancellable?)
    /// Stopped; the client that was attached, whose teardown may still be running on the thread
    /// that stopped it.
    case stopped(AnyCancellable?)
  }

  private let state = SanitizerVisibleMutex(State.running(nil))
  /// Called once the teardown has stopped the client, on the thread that stopped it.
  private let onStop: (@Sendable () -> Void)?

  /// A teardown that calls `onStop` after it has stopped the client for good.
  init(onStop: (@Sendable () -> Void)? = nil) {
    self.onStop = onStop
  }

  /// Makes `cancellable` the client to tear down; tears it down at once when already stopped.
  func attach(_ cancellable: AnyCancellable) {
    let runNow = state.withLock { state -> Bool in
      guard case .running = state else { return true }
      state = .running(cancellable)
      return false
    }
    if runNow { cancellable.cancel() }
  }

  /// Tears the attached client down, once, and returns when it has stopped — also when another
  /// thread (the effect's task, the registry) is tearing it down at that moment.
  func run() {
    let (cancellable, isFirst) = state.withLock { state -> (AnyCancellable?, Bool) in
      switch state {
      case .running(let cancellable):
        state = .stopped(cancellable)
        return (cancellable, true)
      case .stopped(let cancellable):
        return (cancellable, false)
      }
    }
    cancellable?.cancel()
    if isFirst { onStop?() }
  }
}
