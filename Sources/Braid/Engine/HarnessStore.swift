/// The store a harness drives (package only): a `TestStore` or an exploration's walk. The state,
/// reducer and effects of a store, isolated to the actor given at creation, with its effect
/// tasks on the harness's executor, and no observers and no scoping.
///
/// Not `Sendable`: its owner uses it on that actor only, where its effects deliver too.
package final class HarnessStore<State, Action: Sendable> {
  private let root: StoreCore<State, Action>

  /// Creates a core running `functions` on `initialState`; ``mount()`` it next, on `isolation`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - functions: The feature's reducer and lifecycle hooks.
  ///   - effectExecutor: The executor its effect tasks prefer, from the start.
  ///   - isolation: The actor the core is used on and effects deliver to.
  ///   - inspector: Receives everything the core does.
  package init(
    initialState: State,
    functions: ReducerFunctions<State, Action>,
    effectExecutor: any TaskExecutor,
    isolation: any Actor,
    inspector: StoreInspector<State, Action>? = nil
  ) {
    root = StoreCore(
      initialState: initialState,
      reducer: functions.reduce,
      lifecycle: functions.lifecycle,
      dependencies: DependencyValues.currentValues.openingScope(),
      isolation: isolation,
      inspector: inspector
    )
    root.effectExecutor = effectExecutor
  }

  /// Starts the feature's mount effects, as a store's creation does.
  package func mount() {
    root.mount()
  }

  /// Reduces `action` and starts its effects, as ``Store/send(_:)``.
  package func send(_ action: Action) -> StoreTask {
    root.send(action)
  }

  /// The current state.
  package var state: State { root.state }

  /// Dismounts the feature, as ``Store/dismount()``.
  package func dismount() -> StoreTask {
    root.dismount()
  }

  /// The number of effects running, as ``Store/runningEffectCount``.
  package var runningEffectCount: Int { root.registry.count }
}
