extension StoreCore {
  /// Starts the feature's mount effect: the store has just been created.
  @usableFromInline
  func mount() {
    inspection?.emit(.mounted)
    guard lifecycle.mount != nil else { return }
    inspection?.startingHook = .mount
    _ = perform { $0.lifecycle.mountEffect($0.state) }
    inspection?.startingHook = nil
  }

  /// Starts the feature's dismount effect, then cancels every effect that was running before
  /// it (subscriptions torn down by the time this returns). The dismount effect itself runs on.
  func dismount() -> StoreTask {
    inspection?.emit(.dismounted)
    let running = registry.running
    inspection?.startingHook = .dismount
    let task = perform { $0.lifecycle.dismountEffect($0.state) }
    inspection?.startingHook = nil
    registry.cancel(running)
    return task
  }

  /// Starts an effect built from the store, with the store's dependencies, outside any send.
  func perform(_ build: (StoreCore) -> Effect<Action>) -> StoreTask {
    DependencyValues.withStoreValues(dependencyScope) {
      let effect = build(self)
      if effect.isNone { return .empty }
      let cascade = effect.isSynchronous ? nil : SendCascade(registry: registry)
      var tasks: [Task<Void, Never>]? = nil
      start(effect, context: EffectContext(cascade: cascade), into: &tasks)
      if !observers.isEmpty { notifyObservers() }
      return StoreTask(cascade: cascade)
    }
  }

  /// Runs a released store's dismount effect, fire and forget, on an actor of its own: in a
  /// store of its own that drops every action (there is no feature left to receive them), kept
  /// until the effect ends.
  nonisolated static func dismountReleased(
    _ snapshot: ReleaseSnapshot<State, Action>,
    dependencies: DependencyValues?
  ) {
    let host = ReleaseHost()
    Task { await host.dismount(snapshot, dependencies: dependencies) }
  }
}

/// Where a released store's dismount effect runs: the store's own isolation is gone with it.
actor ReleaseHost {
  func dismount<State, Action>(_ snapshot: ReleaseSnapshot<State, Action>, dependencies: DependencyValues?) async {
    let orphan = StoreCore<State, Action>(
      initialState: snapshot.state,
      reducer: { _, _ in .none },
      dependencies: dependencies ?? DependencyValues(),
      isolation: self
    )
    let task = orphan.perform { _ in snapshot.dismount(snapshot.state) }
    await task.finish()
    withExtendedLifetime(orphan) {}
  }
}

/// A released store's last state and its dismount hook, handed from its `deinit` to a
/// ``ReleaseHost``.
final class ReleaseSnapshot<State, Action: Sendable>: @unchecked Sendable {
  // Unchecked: made in the store's deinit, when nothing else can reach the state, and read only
  // by the one task it is handed to.
  let state: State
  let dismount: (State) -> Effect<Action>

  init(state: State, dismount: @escaping (State) -> Effect<Action>) {
    self.state = state
    self.dismount = dismount
  }
}
