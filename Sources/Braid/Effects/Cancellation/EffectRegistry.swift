import Synchronization

/// The running effects of one store: every task it started, indexed by the cancellation keys
/// each registered under.
///
/// Effects are registered synchronously when the store starts them, so a `.cancel(id:)` in the
/// same reducer pass finds them. A task removes itself when it ends; cancelling removes it at
/// once.
@usableFromInline
final class EffectRegistry: Sendable {
  struct Entry {
    var keys: [CancellationKey]
    var task: Task<Void, Never>?
    /// The client teardown of a subscription effect, run at once when the entry is cancelled.
    var teardown: SubscriptionTeardown?
  }

  struct State {
    var nextID: UInt64 = 0
    var entries: [UInt64: Entry] = [:]
    var index: [CancellationKey: Set<UInt64>] = [:]
  }

  private let state = SanitizerVisibleMutex(State())

  @usableFromInline
  init() {}

  /// Reserves a slot for a task about to start under `keys`; attach the task with
  /// ``attach(_:to:)``.
  func reserve(keys: [CancellationKey], teardown: SubscriptionTeardown? = nil) -> UInt64 {
    state.withLock { state in
      let id = state.nextID
      state.nextID &+= 1
      state.entries[id] = Entry(keys: keys, task: nil, teardown: teardown)
      for key in keys { state.index[key, default: []].insert(id) }
      return id
    }
  }

  /// Records the task for a reserved slot, unless the task has already finished.
  func attach(_ task: Task<Void, Never>, to id: UInt64) {
    state.withLock { state in
      state.entries[id]?.task = task
    }
  }

  /// Forgets a finished task.
  func remove(_ id: UInt64) {
    state.withLock { state in
      _ = Self.removeEntry(id, from: &state)
    }
  }

  /// Cancels every task registered under `key`, and runs the client teardown of every
  /// subscription among them before returning: a `.cancel(id:)` has stopped the client by the
  /// time the `send` that returned it returns.
  @usableFromInline
  func cancel(_ key: CancellationKey) {
    let entries = state.withLock { state -> [Entry] in
      guard let ids = state.index[key] else { return [] }
      return ids.sorted().compactMap { Self.removeEntry($0, from: &state) }
    }
    Self.stop(entries)
  }

  /// The slots registered now, to cancel later with ``cancel(slots:)``.
  var slots: [UInt64] { state.withLock { $0.entries.keys.sorted() } }

  /// Cancels the tasks in `slots` that are still registered, tearing their subscriptions down
  /// first: what a dismount does to the effects that were running when it began.
  func cancel(slots: [UInt64]) {
    let entries = state.withLock { state in slots.compactMap { Self.removeEntry($0, from: &state) } }
    Self.stop(entries)
  }

  /// Cancels every task and tears every subscription down: the store is going away.
  func cancelAll() {
    let entries = state.withLock { state -> [Entry] in
      let entries = state.entries.sorted { $0.key < $1.key }.map(\.value)
      state.entries.removeAll()
      state.index.removeAll()
      return entries
    }
    Self.stop(entries)
  }

  /// Runs the teardowns of `entries` and cancels their tasks, outside the lock (a teardown may
  /// send, or cancel more effects).
  ///
  /// Teardown first: cancelling a subscription's task ends its drain on another thread, which
  /// tears the client down too. Were the task cancelled first, that thread could win the
  /// once-only teardown and still be running it when this call returned — the gauge caught a
  /// `.cancel(id:)` returning before the client had stopped.
  private static func stop(_ entries: [Entry]) {
    for entry in entries {
      entry.teardown?.run()
      entry.task?.cancel()
    }
  }

  /// The number of effect tasks still running.
  var count: Int { state.withLock { $0.entries.count } }

  /// The number of distinct cancellation keys with a running task.
  var keyCount: Int { state.withLock { $0.index.count } }

  private static func removeEntry(_ id: UInt64, from state: inout State) -> Entry? {
    guard let entry = state.entries.removeValue(forKey: id) else { return nil }
    for key in entry.keys {
      state.index[key]?.remove(id)
      if state.index[key]?.isEmpty == true { state.index[key] = nil }
    }
    return entry
  }
}
