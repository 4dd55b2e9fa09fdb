/// The one store the tools drive a feature through, under their control (package only): a
/// `TestStore`, an exploration's walk, and through them replay, the timeline and emitted tests.
///
/// Around a ``StoreCore`` with no observers and no scoping, it holds:
/// - the dependency values every action is reduced with, changeable between steps;
/// - the effect mode (``HarnessEffects``): effects run on an ``EffectExecutor`` (concurrent, for
///   a test store; serial, queued until the explorer settles them), or are described as data;
/// - the reduction log: each action reduced and the state it left, read from the store's own
///   inspection stream, ahead of the caller's inspector.
///
/// Not `Sendable`: its owner uses it on the actor given at creation, where its effects deliver.
package final class HarnessStore<State, Action: Sendable> {
  private let root: StoreCore<State, Action>
  private let values: HarnessDependencies

  /// Builds the feature with the dependencies in force here, as `prepareDependencies` changes
  /// them (a dependency read while making the initial state or the reducer sees them, as in a
  /// `Store`); ``mount()`` it next, on `isolation`.
  ///
  /// - Parameters:
  ///   - initialState: Makes the state to start from.
  ///   - functions: Makes the feature's reducer functions.
  ///   - prepareDependencies: Sets the values actions are reduced with and effects start under.
  ///   - effects: Whether effects run, and on what, or are described.
  ///   - isolation: The actor the store is used on and effects deliver to.
  ///   - inspector: The caller's inspector, if any, attached after the reduction log.
  ///   - reduced: The reduction log's reader: called with each action and the state it left,
  ///     on `isolation`, inside the send that reduced it.
  package init(
    initialState: () -> State,
    functions: () -> ReducerFunctions<State, Action>,
    prepareDependencies: (inout DependencyValues) -> Void,
    effects: HarnessEffects<Action>,
    isolation: any Actor,
    inspector: StoreInspector<State, Action>? = nil,
    reduced: ((Action, State) -> Void)? = nil
  ) {
    var dependencies = DependencyValues.currentValues.openingScope()
    dependencies.set(by: prepareDependencies)
    let values = HarnessDependencies(dependencies)
    self.values = values
    let (initial, built) = DependencyValues.withCurrent(dependencies) { (initialState(), functions()) }
    let reduce = built.reduce
    let tracked = built.replacing(
      reduce: { state, action in
        let effect = DependencyValues.withCurrent(values.current) { reduce(&state, action) }
        return effects.track(effect) { ValueDump.dump(action) }
      },
      hookEffects: { hook, build in
        effects.track(DependencyValues.withCurrent(values.current, operation: build)) { hook }
      })
    root = StoreCore(
      initialState: initial, reducer: tracked.reduce, lifecycle: tracked.lifecycle, dependencies: dependencies,
      isolation: isolation)
    root.effectExecutor = effects.executor
    if let reduced { _ = root.addInspector(ReductionLog(reduced).inspector) }
    if let inspector { _ = root.addInspector(inspector) }
  }

  /// The dependency values later actions are reduced with, and their effects start under.
  package var dependencies: DependencyValues {
    get { values.current }
    set { values.current = newValue }
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

/// What a ``HarnessStore`` does with the effects its feature returns (package only).
package enum HarnessEffects<Action: Sendable> {
  /// Run on `executor`: concurrently, as a test store runs them, or queued on a serial executor
  /// until the explorer settles them. Each asynchronous part reports to the observer `observer`
  /// makes for it, given a label of the action or hook that started it.
  case running(on: EffectExecutor, observer: (_ startedBy: @escaping @Sendable () -> String) -> EffectObserver)
  /// Described into `record` as data, nothing of them run; their stand-in subscriptions park on
  /// `executor`. With `runningTiming`, the waits of timing operators run on `executor`, on the
  /// clocks the feature gave them, and what they start is described.
  case described(into: DescribedEffects<Action>, runningTiming: Bool = false, parkedOn: EffectExecutor)

  var executor: EffectExecutor {
    switch self {
    case .running(let executor, _), .described(_, _, let executor): executor
    }
  }

  /// `effect` as this mode runs it, labelled `startedBy` (made only when a part starts).
  func track(_ effect: Effect<Action>, startedBy: @escaping @Sendable () -> String) -> Effect<Action> {
    switch self {
    case .running(_, let observer): effect.observed(by: observer(startedBy))
    case .described(let record, let runningTiming, _):
      effect.described(into: record, runningTiming: runningTiming, startedBy: startedBy())
    }
  }
}

/// The dependency values of a harness, shared with its reducer so that a change made between
/// steps applies to later actions. Locked: a test sets them from its own executor, the reducer
/// reads them on the feature's actor.
private final class HarnessDependencies: Sendable {
  private let storage: SanitizerVisibleMutex<DependencyValues>
  init(_ values: DependencyValues) { storage = SanitizerVisibleMutex(values) }

  var current: DependencyValues {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// A harness's reduction log: pairs each action event of the store's stream with the state
/// event after it, and hands the two to its reader.
private final class ReductionLog<State, Action: Sendable>: @unchecked Sendable {
  // @unchecked: the store delivers its events one at a time, on its isolation, where the
  // reader runs too.
  private let reduced: (Action, State) -> Void
  /// The action whose state event comes next.
  private var reducing: Action?

  init(_ reduced: @escaping (Action, State) -> Void) {
    self.reduced = reduced
  }

  /// An inspector that feeds the log; its events need no time stamp.
  var inspector: StoreInspector<State, Action> {
    StoreInspector(unstamped: { [self] event in
      switch event.kind {
      case .action(let action, _): reducing = action
      case .state(_, let after): if let action = reducing.take() { reduced(action, after) }
      default: break
      }
    })
  }
}
