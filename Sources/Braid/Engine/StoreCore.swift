/// The one place state lives and actions are reduced; every ``Store`` scoped from the same root
/// reads from and sends to it directly.
///
/// Sends made while a send is in progress (from `.send` effects, observers or reducers) are
/// queued and drained in order by the outermost send, so the stack never grows with chains of
/// actions. State is reduced in place, and observers are notified once per outermost send.
///
/// The core belongs to no actor of its own. It is not `Sendable`, so the type checker keeps it in
/// the isolation of its one owner (the main actor for a ``Store``, the store's actor for a
/// ``StoreActor``), and effects deliver to it by hopping to ``isolation`` first.
@usableFromInline
final class StoreCore<State, Action: Sendable> {
  // Exclusivity is unchecked on the properties `send` touches: they are only touched on the
  // owner's isolation, so never concurrently, and `isSending` turns every reentrant send into a
  // queue append, so no access to `state` overlaps another. The dynamic checks were a quarter of
  // a root send.
  @exclusivity(unchecked) @usableFromInline var state: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  /// The feature's mount and dismount hooks.
  let lifecycle: Lifecycle<State, Action>
  @exclusivity(unchecked) @usableFromInline var queue: [Action] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  // Two parallel arrays, so that notifying reads no ids. The closures are wrapped in a struct: an
  // array of bare closures stores them at the most general abstraction, and every call went
  // through a reabstraction thunk.
  // Observers are called on the owner's isolation only; a main-actor store's observers are
  // main-actor closures stored as plain ones (``Store`` converts them, see
  // `observePointerFunction`). They get a pointer to `state`, not a copy: a copy retained the
  // state's buffers once per observer per send.
  @exclusivity(unchecked) @usableFromInline var observers: [StateObserver<State>] = []
  @exclusivity(unchecked) @usableFromInline var observerIDs: [Int] = []
  @usableFromInline let registry = EffectRegistry()
  @usableFromInline let throttles = ThrottleWindows()
  /// The dependency values actions are reduced with, or `nil` when they are the process's
  /// defaults (then a send puts nothing in force).
  @usableFromInline let dependencyScope: StoreDependencies?
  var nextObserverID = 0
  /// The executor effect tasks prefer; `nil` for the global concurrent executor.
  @usableFromInline var effectExecutor: (any TaskExecutor)?
  /// The actor the store is isolated to: its owner's, where effects deliver their actions. A
  /// ``StoreActor`` binds it as soon as it exists.
  let isolation: StoreIsolation
  /// The closures every ``Send`` of this store shares, made once rather than per effect.
  @usableFromInline lazy var sendLinks = SendLinks(self, isolation: isolation)
  /// The hooks of the task the store was made in, if any (a test's store tracker, see
  /// ``StoreHooks``).
  @usableFromInline let hooks = StoreHooksScope.current
  /// The store's inspectors, driven by the engine; `nil` (the usual case, until one is attached)
  /// costs a send one check.
  @exclusivity(unchecked) @usableFromInline var inspection: StoreInspection<State, Action>?

  @usableFromInline
  init(
    initialState: State,
    reducer: @escaping (inout State, Action) -> Effect<Action>,
    lifecycle: Lifecycle<State, Action> = .none,
    dependencies: DependencyValues,
    isolation: (any Actor)?,
    inspector: StoreInspector<State, Action>? = nil
  ) {
    self.state = initialState
    self.inspection = inspector.map { StoreInspection($0.attached(to: dependencies)) }
    self.reducer = reducer
    self.lifecycle = lifecycle
    self.dependencyScope = DependencyValues.storeScope(for: dependencies)
    self.isolation = StoreIsolation(isolation)
    if let hooks {
      effectExecutor = hooks.effectExecutor
      hooks.storeOpened(isolation: self.isolation, actor: isolation)
    }
  }

  /// A core for the reducer `makeReducer` builds, on the state `makeInitialState` builds, both
  /// built with the dependency values in force here as `prepareDependencies` changes them: a
  /// `@Dependency(\.uuid)` read while making the initial state sees the overrides (TCA's rule).
  /// The caller mounts it.
  @inlinable
  convenience init<R: Reducer<State, Action>>(
    building makeInitialState: () -> State,
    reducer makeReducer: () -> R,
    prepareDependencies: (inout DependencyValues) -> Void,
    isolation: (any Actor)?,
    inspector: StoreInspector<State, Action>? = nil
  ) {
    var dependencies = DependencyValues.currentValues.openingScope()
    dependencies.set(by: prepareDependencies)
    let (functions, initial) = DependencyValues.withCurrent(dependencies) {
      (makeReducer().makeFunctions(), makeInitialState())
    }
    self.init(
      initialState: initial, reducer: functions.reduce, lifecycle: functions.lifecycle, dependencies: dependencies,
      isolation: isolation, inspector: inspector)
  }

  deinit {
    // Said first, so that a reader puts the cancellations below on the release's account.
    inspection?.emit(.releasing)
    registry.cancelAll()
    inspection?.emit(.released)
    if let dismount = lifecycle.dismount {
      Self.dismountReleased(
        ReleaseSnapshot(state: state, dismount: dismount), dependencies: dependencyScope?.values)
    }
    hooks?.storeClosed()
  }

  @inlinable
  func send(_ action: Action) -> StoreTask {
    send(action, origin: .external)
  }

  /// ``send(_:)`` from `origin`: from outside, or from a scoped store.
  @inlinable
  func send(_ action: Action, origin: StoreEvent<State, Action>.ActionOrigin) -> StoreTask {
    // The one check a store without an inspector pays (the "root send" row of
    // `Benchmarks/instructions.sh` holds with it).
    if _slowPath(inspection != nil) { return sendInspected(action, origin: origin) }
    if isSending {
      queue.append(action)
      return .empty
    }
    if let dependencyScope {
      return DependencyValues.withStoreValues(dependencyScope) { drain(action, joining: nil, NoSendProbe()) }
    }
    return drain(action, joining: nil, NoSendProbe())
  }

  /// Sends an action `effect` sent: its effects join the effect's cascade, and it is reduced
  /// with the store's dependencies, never the effect's (TCA's rule; the effect's values are for
  /// its own work).
  @usableFromInline
  func send(_ action: Action, from effect: EffectHandle) {
    if let inspection {
      _ = sendInspected(
        action, origin: inspection.origin(of: effect.inspectedEffect), joining: effect.cascade, inspection)
      return
    }
    if isSending {
      queue.append(action)
      return
    }
    DependencyValues.withStoreValues(dependencyScope) { _ = drain(action, joining: effect.cascade, NoSendProbe()) }
  }

  /// Sends an action a `.send` effect returned: queued during a send, as `drain` queues it.
  @inlinable
  func sendReturned(_ action: Action) {
    if isSending {
      queue.append(action)
      return
    }
    if let inspection {
      _ = sendInspected(action, origin: .sendEffect, joining: nil, inspection)
      return
    }
    _ = send(action)
  }

  /// The send loop: reduces `action`, then every action queued meanwhile, in order, starting
  /// each one's effects, then notifies observers once. `probe` does what an inspector needs
  /// around each reduction; ``NoSendProbe`` compiles away.
  @inlinable
  func drain<Probe: SendProbe<State, Action>>(
    _ action: Action, joining joined: SendCascade?, _ probe: Probe
  ) -> StoreTask {
    isSending = true
    var cascade = joined
    var next = action
    var index = 0
    while true {
      let effect = probe.reduce(next, at: index, into: &state, with: reducer)
      // Every case bound, so that no branch calls the enum's outlined destroy (a `default:`
      // branch did, in every send, once the specializations of `drain` were merged).
      switch effect.storage {
      case .none: break
      case .send(let action):
        // What starting it does: this send is in progress, so the action is queued.
        queue.append(action)
      case .boxed(let box):
        if cascade == nil, !box.isSynchronous { cascade = SendCascade(registry: registry) }
        // The cascade tracks the tasks: `start` need not collect them (an array for them cost an
        // allocation per send).
        var tasks: [Task<Void, Never>]? = nil
        start(box, context: EffectContext(cascade: cascade), into: &tasks)
      }
      guard index < queue.count else { break }
      next = queue[index]
      index += 1
    }
    if index > 0 { queue.removeAll(keepingCapacity: true) }
    probe.finish()
    isSending = false
    if !observers.isEmpty { notifyObservers() }
    return joined == nil ? StoreTask(cascade: cascade) : .empty
  }

  @inlinable
  func notifyObservers() {
    // A snapshot (one retain of the array), so that observers added or removed by an observer
    // take effect next time. The pointer is to the stored state itself: an observer that sends
    // mutates it in place, and later observers read it as it is then, as they would read a
    // fresh copy.
    let snapshot = observers
    snapshot.withUnsafeBufferPointer { observers in
      withUnsafePointer(to: &state) { state in
        for index in observers.indices { observers[index].notify(state) }
      }
    }
  }

  @usableFromInline
  func addObserver(_ notify: @escaping (UnsafePointer<State>) -> Void) -> Int {
    addObserver(StateObserver(notify: notify))
  }

  @usableFromInline
  func addObserver(_ observer: StateObserver<State>) -> Int {
    nextObserverID += 1
    observers.append(observer)
    observerIDs.append(nextObserverID)
    return nextObserverID
  }

  @usableFromInline
  func removeObserver(_ id: Int) {
    guard let index = observerIDs.firstIndex(of: id) else { return }
    observers.remove(at: index)
    observerIDs.remove(at: index)
  }
}
