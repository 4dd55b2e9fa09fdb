import Synchronization

/// The running effects of one store: every task it started, in start order and indexed by the
/// cancellation keys each started under, and the count of running tasks of each of its sends'
/// cascades.
///
/// Effects are registered synchronously when the store starts them, so a `.cancel(id:)` in the
/// same reducer pass finds them. A task removes itself when it ends; cancelling removes it at
/// once. One lock guards the registry, its ``EffectHandle``s and its ``SendCascade``s.
@usableFromInline
final class EffectRegistry: Sendable {
  struct State {
    /// Listed handles, in registration order.
    var first: EffectHandle?
    unowned(unsafe) var last: EffectHandle?
    var count = 0
    var index: [CancellationKey: Bucket] = [:]
  }

  /// The handles registered under one key. Almost always one: held without an array, which
  /// cost an allocation per registration.
  enum Bucket {
    case one(EffectHandle)
    case many([EffectHandle])

    func each(_ body: (EffectHandle) -> Void) {
      switch self {
      case .one(let handle): body(handle)
      case .many(let handles): handles.forEach(body)
      }
    }

    func adding(_ handle: EffectHandle) -> Bucket {
      switch self {
      case .one(let first): .many([first, handle])
      case .many(let handles): .many(handles + [handle])
      }
    }

    /// The bucket without `handle`, or `nil` when it held only that one.
    func removing(_ handle: EffectHandle) -> Bucket? {
      switch self {
      case .one(let only): return only === handle ? nil : self
      case .many(var handles):
        handles.removeAll { $0 === handle }
        if handles.count == 1 { return .one(handles[0]) }
        return handles.isEmpty ? nil : .many(handles)
      }
    }
  }

  private let state = SanitizerVisibleMutex(State())

  @usableFromInline
  init() {}

  /// Registers `handle`'s `task`, which the store has just started: it counts in its cascade
  /// until it ends, and it is cancelled at once if the cascade has been cancelled. A task that
  /// has already ended is only remembered.
  @usableFromInline
  func register(_ handle: EffectHandle, task: Task<Void, Never>) {
    let cancel = state.withLock { state -> Bool in
      handle.task = task
      if handle.hasEnded { return false }
      Self.link(handle, into: &state)
      handle.isJoined = true
      guard let cascade = handle.cascade else { return false }
      cascade.running += 1
      return cascade.isCancelled
    }
    if cancel { task.cancel() }
  }

  /// Removes the task of `handle`, which has ended, and wakes whoever waits for its cascade to
  /// finish if it was the last one running.
  @usableFromInline
  func end(_ handle: EffectHandle) {
    // Reported before the cascade's waiters wake, so that an inspector has heard of the end by
    // the time `StoreTask.finish()` returns.
    if handle.inspection != nil { handle.reportEnd(cancelled: Task.isCancelled) }
    let waiters = state.withLock { state -> [UnsafeContinuation<Void, Never>] in
      handle.markEnded()
      if handle.isListed { Self.unlink(handle, from: &state, except: nil) }
      guard handle.isJoined, let cascade = handle.cascade else { return [] }
      cascade.running -= 1
      guard cascade.running == 0, !cascade.waiters.isEmpty else { return [] }
      defer { cascade.waiters = [] }
      return cascade.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels every task registered under `key`, and runs the client teardown of every
  /// subscription among them before returning: a `.cancel(id:)` has stopped the client by the
  /// time the `send` that returned it returns.
  @usableFromInline
  func cancel(_ key: CancellationKey) {
    let bucket = state.withLock { state -> Bucket? in
      guard let bucket = state.index.removeValue(forKey: key) else { return nil }
      bucket.each { Self.unlink($0, from: &state, except: key) }
      return bucket
    }
    bucket?.each { $0.stop() }
  }

  /// The tasks registered now, to cancel later with ``cancel(_:)-(_:[EffectHandle])``.
  var running: [EffectHandle] {
    state.withLock { state in Self.listed(in: state) }
  }

  /// Cancels those of `handles` still registered, tearing their subscriptions down first: what
  /// a dismount does to the effects that were running when it began.
  func cancel(_ handles: [EffectHandle]) {
    let stopped = state.withLock { state in
      handles.filter { handle in
        guard handle.isListed else { return false }
        Self.unlink(handle, from: &state, except: nil)
        return true
      }
    }
    for handle in stopped { handle.stop() }
  }

  /// Cancels every task and tears every subscription down: the store is going away.
  func cancelAll() {
    let handles = state.withLock { state -> [EffectHandle] in
      let handles = Self.listed(in: state)
      for handle in handles {
        handle.isListed = false
        handle.next = nil
        handle.previous = nil
      }
      state = State()
      return handles
    }
    for handle in handles { handle.stop() }
  }

  /// The number of effect tasks still running.
  var count: Int { state.withLock { $0.count } }

  /// The number of distinct cancellation keys with a running task.
  var keyCount: Int { state.withLock { $0.index.count } }

  // MARK: Cascades

  /// Cancels every running task of `cascade`, and every task that joins it later.
  func cancel(_ cascade: SendCascade) {
    let tasks = state.withLock { state -> [Task<Void, Never>] in
      cascade.isCancelled = true
      guard cascade.running > 0 else { return [] }
      var tasks: [Task<Void, Never>] = []
      var handle = state.first
      while let current = handle {
        if current.cascade === cascade, let task = current.task { tasks.append(task) }
        handle = current.next
      }
      return tasks
    }
    for task in tasks { task.cancel() }
  }

  /// Whether ``cancel(_:)-(SendCascade)`` has been called for `cascade`.
  func isCancelled(_ cascade: SendCascade) -> Bool {
    state.withLock { _ in cascade.isCancelled }
  }

  /// Whether no task of `cascade` is running.
  func isFinished(_ cascade: SendCascade) -> Bool {
    state.withLock { _ in cascade.running == 0 }
  }

  /// Resumes `waiter` once no task of `cascade` is running: now, or when the last one ends.
  func whenFinished(_ cascade: SendCascade, resume waiter: UnsafeContinuation<Void, Never>) {
    let finished = state.withLock { _ -> Bool in
      if cascade.running == 0 { return true }
      cascade.waiters.append(waiter)
      return false
    }
    if finished { waiter.resume() }
  }

  // MARK: The list and the index

  private static func link(_ handle: EffectHandle, into state: inout State) {
    handle.isListed = true
    handle.previous = state.last
    if let last = state.last { last.next = handle } else { state.first = handle }
    state.last = handle
    state.count += 1
    handle.forEachKey { key in
      if let position = state.index.index(forKey: key) {
        state.index.values[position] = state.index.values[position].adding(handle)
      } else {
        state.index[key] = .one(handle)
      }
    }
  }

  /// Takes `handle` out of the list, and out of the index under every key but `except` (whose
  /// entry the caller has removed).
  private static func unlink(
    _ handle: EffectHandle, from state: inout State, except removed: CancellationKey?
  ) {
    handle.isListed = false
    if let next = handle.next { next.previous = handle.previous } else { state.last = handle.previous }
    if let previous = handle.previous { previous.next = handle.next } else { state.first = handle.next }
    handle.next = nil
    handle.previous = nil
    state.count -= 1
    handle.forEachKey { key in
      guard key != removed, let position = state.index.index(forKey: key) else { return }
      if let rest = state.index.values[position].removing(handle) {
        state.index.values[position] = rest
      } else {
        state.index.remove(at: position)
      }
    }
  }

  private static func listed(in state: State) -> [EffectHandle] {
    var handles: [EffectHandle] = []
    handles.reserveCapacity(state.count)
    var handle = state.first
    while let current = handle {
      handles.append(current)
      handle = current.next
    }
    return handles
  }
}
