/// What a store tells, and asks of, whoever watches the stores made in a task: the one seam
/// the engine offers a test harness. Package-only; `BraidTesting`'s store tracker is the one
/// conformer (the `.checksStoreLeaks` trait installs it).
///
/// A store reads ``StoreHooksScope/current`` once, when it is made. Without hooks (every store
/// outside such a test) the engine pays one check per store and per effect task.
@usableFromInline
package protocol StoreHooks: AnyObject, Sendable {
  /// The executor the store's effect tasks prefer; `nil` for the global concurrent executor.
  var effectExecutor: (any TaskExecutor)? { get }
  /// A store was made; its effects deliver their actions on `isolation` (`actor` when known).
  func storeOpened(isolation: StoreIsolation, actor: (any Actor)?)
  /// A store was released.
  func storeClosed()
  /// One of the store's effect tasks was spawned.
  func effectTaskStarted()
  /// One of the store's effect tasks ended: its operation returned, finished or cancelled.
  func effectTaskEnded()
  /// Waits until the effects of the stores made under these hooks have settled: what a
  /// `TestClock` does before it advances.
  func settleEffects() async
}

/// Where a store finds the ``StoreHooks`` of the task it is made in.
@usableFromInline
package enum StoreHooksScope {
  /// The hooks stores made now report to.
  @TaskLocal package static var current: (any StoreHooks)?
}
