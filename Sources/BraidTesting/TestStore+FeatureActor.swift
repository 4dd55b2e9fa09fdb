import Braid

extension TestStore {
  /// Runs one step of the test on the feature's actor: from the caller's executor, hops there
  /// (no hop when the caller is on it already), mounts the feature if it has not yet, and runs
  /// `step` with the test store.
  ///
  /// The store is not `Sendable`, but the test awaits every step, and every step and every
  /// effect delivery runs on that actor: nothing touches the store concurrently.
  func onFeatureActor<T>(
    _ step: @escaping (TestStore, isolated any Actor) async -> T,
    caller: isolated (any Actor)? = #isolation
  ) async -> T {
    // Two boxes, not one holding a tuple: Swift 6.3 over-releases a tuple destructured out of
    // a generic box on the far side of such a hop (a use-after-free, reproduced standalone).
    await Self.run(UncheckedTransfer(self), UncheckedTransfer(step), on: featureActor).value
  }

  private static func run<T>(
    _ transferredStore: UncheckedTransfer<TestStore>,
    _ transferredStep: UncheckedTransfer<(TestStore, isolated any Actor) async -> T>,
    on actor: isolated any Actor
  ) async -> UncheckedTransfer<T> {
    let store = transferredStore.value
    let step = transferredStep.value
    if store.needsMount {
      store.needsMount = false
      store.store.mount()
    }
    return UncheckedTransfer(await step(store, actor))
  }
}

/// Carries a value that is not `Sendable` across one hop to the feature's actor and back, for
/// ``TestStore/onFeatureActor(_:)``, which keeps it from being used on both sides at once.
struct UncheckedTransfer<Value>: @unchecked Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
