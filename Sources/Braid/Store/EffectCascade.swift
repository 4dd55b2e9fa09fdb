/// The tasks of one ``Store/send(_:)`` and of everything it sets off: the effects its action
/// started, the effects of the actions those effects send, and so on. ``StoreTask`` waits for and
/// cancels a cascade, as TCA's `StoreTask` does, so `await store.send(.task).finish()` lasts
/// as long as all of that work.
///
/// A task joins when it starts and leaves when it ends, so a long-lived cascade (an app's
/// lifetime task) holds only the tasks still running. A task that ends sends its last actions
/// before it leaves, so the tasks those actions start have already joined: the cascade is empty
/// only when all of its work is done.
@usableFromInline
final class EffectCascade: Sendable {
  private struct State {
    var running: [UInt64: Task<Void, Never>] = [:]
    /// Members reserved but not yet attached to their task.
    var reserved: Set<UInt64> = []
    var nextID: UInt64 = 0
    var isCancelled = false
    var waiters: [CheckedContinuation<Void, Never>] = []

    var isEmpty: Bool { running.isEmpty && reserved.isEmpty }
  }

  private let state = SanitizerVisibleMutex(State())

  @usableFromInline
  init() {}

  /// Reserves a place for a task about to start; pass the id to ``attach(_:to:)`` and, when the
  /// task ends, to ``leave(_:)``.
  func reserve() -> UInt64 {
    state.withLock { state in
      state.nextID &+= 1
      state.reserved.insert(state.nextID)
      return state.nextID
    }
  }

  /// Attaches `task` to its reserved place, or cancels it if the cascade was cancelled.
  func attach(_ task: Task<Void, Never>, to id: UInt64) {
    let cancel = state.withLock { state -> Bool in
      // Ended already: it left before it was attached.
      guard state.reserved.remove(id) != nil else { return false }
      if state.isCancelled { return true }
      state.running[id] = task
      return false
    }
    if cancel { task.cancel() }
  }

  /// Removes a task that ended.
  func leave(_ id: UInt64) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.reserved.remove(id)
      state.running[id] = nil
      guard state.isEmpty else { return [] }
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels every running task and every task that joins later.
  func cancel() {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      state.isCancelled = true
      return Array(state.running.values)
    }
    for task in tasks { task.cancel() }
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Waits until no task of the cascade is running. Cancelling the waiting task cancels the
  /// cascade.
  func finish() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let done = state.withLock { state -> Bool in
          if state.isEmpty { return true }
          state.waiters.append(continuation)
          return false
        }
        if done { continuation.resume() }
      }
    } onCancel: {
      cancel()
    }
  }
}
