/// Test support: the stores made while a tracker is current count themselves and the effect
/// tasks they start, so a test can check that every one has ended when it ends. Package-only.
///
/// A store reads ``current`` once, when it is made; effect tasks are counted from the moment
/// they are spawned until their operation returns, whether it finished or was cancelled.
@usableFromInline
package final class StoreTracker: Sendable {
  /// The tracker stores made now report to.
  @TaskLocal package static var current: StoreTracker?

  /// Stores made under this tracker and not yet released.
  package let liveStores = ResourceCount()

  /// Effect tasks of those stores that have not ended.
  package let liveEffects = ResourceCount()

  package init() {}
}
