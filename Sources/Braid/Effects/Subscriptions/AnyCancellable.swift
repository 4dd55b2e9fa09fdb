import Dispatch
import Foundation
import Synchronization

/// A token that runs a teardown exactly once: when ``cancel()`` is first called or when the
/// token is released, whichever comes first.
///
/// Return one from the body of ``Effect/subscribe(_:catch:fileID:line:)`` to stop a
/// delegate-style client when the effect completes or is cancelled.
///
/// ```swift
/// return .subscribe { subscriber in
///   let manager = LocationManager(onUpdate: { subscriber.send(.locationUpdated($0)) })
///   manager.start()
///   return AnyCancellable { manager.stop() }
/// }
/// ```
public final class AnyCancellable: Sendable, Hashable {
  private enum State {
    case pending(@Sendable () -> Void)
    /// Running on `thread`; `done` is left when it returns; `waiters` other threads wait for it.
    case running(thread: pthread_t, done: DispatchGroup, waiters: Int)
    case finished
  }

  private let state: SanitizerVisibleMutex<State>

  /// Creates a token that runs `cancel` once.
  ///
  /// - Parameter cancel: The teardown. It may run on any thread.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    state = SanitizerVisibleMutex(.pending(cancel))
  }

  deinit {
    cancel()
  }

  /// Runs the teardown if it has not run yet, and returns once it has finished — also when
  /// another thread is running it at that moment, so that whoever cancels knows the client has
  /// stopped. Safe to call from any thread, any number of times, and from inside the teardown
  /// itself (which then returns at once).
  public func cancel() {
    enum Step {
      case run(@Sendable () -> Void, DispatchGroup)
      case wait(DispatchGroup)
      case done
    }
    let step = state.withLock { state -> Step in
      switch state {
      case .pending(let body):
        let done = DispatchGroup()
        done.enter()
        state = .running(thread: pthread_self(), done: done, waiters: 0)
        return .run(body, done)
      case .running(let thread, let done, let waiters):
        if pthread_equal(thread, pthread_self()) != 0 { return .done }
        state = .running(thread: thread, done: done, waiters: waiters + 1)
        return .wait(done)
      case .finished:
        return .done
      }
    }
    switch step {
    case .run(let body, let done):
      body()
      state.withLock { $0 = .finished }
      done.leave()
    case .wait(let done):
      done.wait()
    case .done:
      break
    }
  }

  /// How many threads wait in ``cancel()`` for a teardown another thread is running: for tests
  /// that must know a second cancel is waiting before they let the teardown finish.
  package var teardownWaiters: Int {
    state.withLock { state in
      if case .running(_, _, let waiters) = state { return waiters }
      return 0
    }
  }

  /// Whether the teardown has run (or is running).
  public var isCancelled: Bool {
    state.withLock { state in
      if case .pending = state { return false }
      return true
    }
  }

  /// Tokens are equal only to themselves.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
