extension StoreCore {
  /// Starts a task off the store's isolation, so effect work never blocks the store: on `executor`
  /// when one is set (its child tasks inherit the preference), else on the global executor;
  /// told to the store's hooks when it has some.
  @usableFromInline
  nonisolated static func spawn(
    priority: TaskPriority?,
    on executor: (any TaskExecutor)?,
    hooks: (any StoreHooks)?,
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    let hooks = effectStarted(hooks: hooks)
    // Closure literals, not `operation` itself: passing the closure value to `Task` converted it
    // through reabstraction thunks, each an allocation.
    guard let executor else {
      return Task(priority: priority) {
        defer { effectEnded(hooks: hooks) }
        await operation()
      }
    }
    return Task(executorPreference: executor, priority: priority) {
      defer { effectEnded(hooks: hooks) }
      await operation()
    }
  }
}
