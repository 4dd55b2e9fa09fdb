/// The runtime of a feature: it holds the state, runs the reducer for every action and starts
/// the effects the reducer returns.
///
/// Create one store at the root of an application and hand scoped stores to child features:
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// }
/// store.send(.incrementButtonTapped)
/// print(store.state.count)   // 1
/// ```
///
/// A store lives on the main actor (``StoreActor`` is a store on an actor of its own). `send`
/// reduces the action synchronously and in place;
/// actions sent while a send is in progress (by `.send` effects, observers or child stores)
/// are queued and handled in order before the outermost `send` returns. When the store is
/// released, every effect it started is cancelled.
///
/// The feature mounts when its store is created — its ``Reducer/onMount(_:)`` effects start
/// here — and dismounts when the store is released or ``dismount()`` is called.
@MainActor
public final class Store<State, Action: Sendable> {
  @usableFromInline let root: StoreCore<State, Action>?
  @usableFromInline let scoped: ScopedStoreBacking<State, Action>?

  /// Creates a store that runs `reducer` on `initialState`.
  ///
  /// The reducer's `body` is evaluated once, here, not on every action, and the feature's
  /// ``Reducer/onMount(_:)`` effects start.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from, built with the store's dependencies.
  ///   - inspector: Receives everything the store does, from its mount on (see
  ///     ``StoreInspector``), on the main actor.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Changes the dependency values (``DependencyValues``) the store
  ///     reduces actions and starts effects with; they start as the values in force here.
  @inlinable
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    inspector: StoreInspector<State, Action>? = nil,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) {
    let root = StoreCore(
      building: initialState, reducer: reducer, prepareDependencies: prepareDependencies, isolation: MainActor.shared,
      inspector: inspector)
    self.root = root
    scoped = nil
    root.mount()
  }

  @usableFromInline
  init(scoped: ScopedStoreBacking<State, Action>) {
    root = nil
    self.scoped = scoped
  }

  /// Sends an action: the reducer updates state, then the effects it returned start.
  ///
  /// - Parameter action: What happened.
  /// - Returns: A handle on the effects this action started.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if root != nil { return root.unsafelyUnwrapped.send(action) }
    return scoped.unsafelyUnwrapped.send(action)
  }

  /// Ends the feature: starts its ``Reducer/onDismount(_:)`` effects, then cancels every effect
  /// that was running (clients subscribed with `Effect.subscribe` are torn down by the time
  /// this returns). The dismount effects run on, and their actions are reduced as usual.
  ///
  /// Releasing the store dismounts it too, but then the dismount effects' actions are dropped:
  /// there is no store left to reduce them. Call it on the store you created, not on a scoped
  /// one: a scoped store's dismount does nothing.
  ///
  /// - Returns: The dismount effects; `await` its `finish()` to wait for them.
  @discardableResult
  public func dismount() -> StoreTask {
    root?.dismount() ?? .empty
  }

  /// Attaches `inspector` to the running store: it receives every event from the next one on
  /// (see ``StoreInspector``), beside any other inspector, until the token's
  /// ``InspectorToken/remove()`` is called. Effects already running when the store's first
  /// inspector is attached are not reported.
  ///
  /// Call it on the store you created: a scoped store's events are its root's, in the root's
  /// types, so attaching to a scoped store is reported as misuse and attaches nothing.
  ///
  /// - Parameter inspector: Receives the store's events, on the main actor.
  /// - Returns: The token that detaches it.
  @discardableResult
  public func addInspector(_ inspector: StoreInspector<State, Action>) -> InspectorToken {
    guard let root else {
      reportMisuse(
        "addInspector was called on a scoped store: attach inspectors to the store you created, or to part of the feature with Reducer.inspect(_:). Nothing was attached."
      )
      return InspectorToken {}
    }
    return root.addInspector(inspector)
  }

  /// The current state.
  @inlinable
  public var state: State {
    if let root { return root.state }
    return scoped.unsafelyUnwrapped.state()
  }

  /// Reads the current state with `body`.
  ///
  /// - Parameter body: Computes something from the state.
  /// - Returns: What `body` returns.
  @inlinable
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    if let root { return body(root.state) }
    return body(scoped.unsafelyUnwrapped.state())
  }

  /// A store for a child feature: its state is read from this store's state through
  /// `toChildState`, and its actions are embedded with `toChildAction` and sent to the root
  /// store directly.
  ///
  /// ```swift
  /// let profileStore = store.scope(state: \.profile, action: /AppFeature.Action.profile)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The path from this state to the child's.
  ///   - toChildAction: The case path that embeds a child action in this store's actions.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChildState, action: toChildAction.embed)
  }

  /// A store for a child feature, embedding its actions with a function such as an enum case
  /// constructor (`Action.child`).
  ///
  /// - Parameters:
  ///   - toChildState: The path from this state to the child's.
  ///   - embed: Turns a child action into one of this store's actions.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let parentSend = sendFunction
    let parentState = stateFunction
    let parentObserve = observePointerFunction
    let path = StatePath(toChildState)
    let send: @MainActor (ChildAction) -> StoreTask = { parentSend(embed($0)) }
    let state: @MainActor () -> ChildState = { path.read(parentState()) }
    // A stored property of a stored property… of the root's state is observed from the root at
    // its offset, in one hop whatever the depth.
    if let rootRelative = rootRelativeObservation?.advanced(by: path.offset) {
      return Store<ChildState, ChildAction>(
        scoped: ScopedStoreBacking(send: send, state: state, rootRelative: rootRelative))
    }
    return Store<ChildState, ChildAction>(
      scoped: ScopedStoreBacking(
        send: send,
        state: state,
        // Each level hands the next a pointer into the root's state rather than a copy of its
        // own: copying a level's state retained its buffers, once per level per send.
        observe: { notify in parentObserve { path.withValue(in: $0, notify) } }
      )
    )
  }

  // Inlinable, like every closure a scoped store calls per send: a closure is specialized where
  // it is formed, so these must be formed in the caller's module. Formed in Braid, a scoped send
  // ran the root's `send` unspecialized (1,940 instructions against 686 for the same action sent
  // to the root).
  @inlinable
  var sendFunction: @MainActor (Action) -> StoreTask {
    if let root { return { root.send($0, origin: .scopedStore) } }
    return scoped.unsafelyUnwrapped.send
  }

  @inlinable
  var stateFunction: @MainActor () -> State {
    if let root { return { root.state } }
    return scoped.unsafelyUnwrapped.state
  }

  /// Registers an observer of the state, called with a pointer to it after every send: into the
  /// root's state, so no level copies its state to pass it on.
  @inlinable
  var observePointerFunction: @MainActor (@escaping @MainActor (UnsafePointer<State>) -> Void) -> ObservationToken {
    if let root {
      return { [weak root] notify in
        guard let root else { return ObservationToken {} }
        // The core belongs to no actor and stores plain closures; a main-actor store's core
        // calls them in `send`, on the main actor. A `@MainActor` function type and its plain
        // counterpart share one representation, so the cast only drops the static isolation
        // (wrapping in `MainActor.assumeIsolated` would check the executor per notification).
        // The cast is of a struct holding the closure: a closure passed to the generic
        // `unsafeBitCast` itself is reabstracted, and every call went through two thunks.
        let id = root.addObserver(
          unsafeBitCast(MainActorStateObserver(notify: notify), to: StateObserver<State>.self))
        return ObservationToken { [weak root] in root?.removeObserver(id) }
      }
    }
    return scoped.unsafelyUnwrapped.observe
  }

  /// Registers an observer of the state's value after every send.
  /// This store's observation as the root's at an offset, when it has one.
  @inlinable
  var rootRelativeObservation: RootRelativeObservation? {
    guard root != nil else { return scoped.unsafelyUnwrapped.rootRelative }
    let observe = observePointerFunction
    return RootRelativeObservation(observeRoot: { notify in observe { notify(UnsafeRawPointer($0)) } }, offset: 0)
  }

  @inlinable
  var observeFunction: @MainActor (@escaping @MainActor (State) -> Void) -> ObservationToken {
    let observe = observePointerFunction
    return { notify in observe { notify($0.pointee) } }
  }

  /// The number of effects the store (its root, for a scoped store) is running: `.run`,
  /// `.subscribe` and the waiting part of a `.concatenate`, each until it finishes or is
  /// cancelled.
  ///
  /// For leak checks in tests: after a feature is dismissed or its effects are cancelled, this is
  /// 0.
  ///
  /// ```swift
  /// store.send(.onDisappear)
  /// #expect(store.runningEffectCount == 0)
  /// ```
  public var runningEffectCount: Int {
    root?.registry.count ?? 0
  }

  /// The executor this store's effect tasks prefer (`Task(executorPreference:)`), or `nil` for
  /// the global concurrent executor; a harness sets one that counts the effect work queued or
  /// running, to know when effects have settled.
  package var effectExecutor: (any TaskExecutor)? {
    get { root?.effectExecutor }
    set { root?.effectExecutor = newValue }
  }

  /// The number of cancellation ids with a running effect (for leak checks in tests).
  package var activeCancellationIDCount: Int {
    root?.registry.keyCount ?? 0
  }
}
