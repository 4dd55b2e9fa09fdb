extension EngineStore {
  /// Starts a task off the store's isolation, so effect work never blocks the store: on `executor`
  /// when one is set (its child tasks inherit the preference), else on the global executor;
  /// counted by `tracker` when the store was made under one.
  @usableFromInline
  nonisolated static func spawn(
    priority: TaskPriority?,
    on executor: (any TaskExecutor)?,
    tracker: EngineTracker?,
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let tracker = effectStarted(tracker: tracker)
    // Closure literals, not `operation` itself: passing the closure value to `Task` converted it
    // through reabstraction thunks, each an allocation.
    guard let executor else {
      return Task(priority: priority) {
        defer { effectEnded(tracker: tracker) }
        await operation()
      }
    }
    return Task(executorPreference: executor, priority: priority) {
      defer { effectEnded(tracker: tracker) }
      await operation()
    }
  }
}
