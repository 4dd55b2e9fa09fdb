/// A store isolated to an actor of its own: its reducer runs, its state lives and its effects
/// deliver actions there, never on the main actor.
///
/// Use one where features run side by side without a user interface: a server keeping a store
/// per connection or per job, a pipeline of independent state machines. Stores on separate
/// actors run in parallel on separate cores; ``Store`` keeps every feature on the main actor.
///
/// ```swift
/// let store = StoreActor(initialState: SignUp.State()) {
///   SignUp()
/// }
/// await store.send(.usernameChanged("alice"))
/// for await state in await store.values(of: \.self) {
///   print(state.usernameMessage)
/// }
/// ```
///
/// Everything a ``Store`` runs works the same here: every ``Effect``, cancellation by id,
/// ``Reducer/ifLet(_:action:then:fileID:line:)``, ``Reducer/forEach(_:action:element:fileID:line:)``
/// and ``Reducer/ifCaseLet(_:action:then:fileID:line:)``, lifecycle hooks, dependencies and
/// `_printChanges()`. From outside the actor, its methods are called with
/// `await`; a function that takes the store as an `isolated` parameter runs several steps
/// without hopping in between:
///
/// ```swift
/// func submit(_ store: isolated StoreActor<SignUp.State, SignUp.Action>) -> Bool {
///   guard store.state.isSignUpEnabled else { return false }
///   store.send(.signUpTapped)
///   return true
/// }
/// ```
///
/// Releasing the store cancels its effects and tears down its clients, and its
/// ``Reducer/onDismount(_:)`` effects run fire and forget, as for ``Store``.
public final actor StoreActor<State, Action: Sendable> {
  @usableFromInline let root: StoreCore<State, Action>

  /// Creates a store that runs `reducer` on `initialState`, isolated to this new actor.
  ///
  /// The reducer's `body` is evaluated once, here, and the feature's ``Reducer/onMount(_:)``
  /// effects start. The store is not reachable before this returns, and the actions its mount
  /// effects send wait until then before they are delivered on the actor.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from, built with the store's dependencies. `@Sendable`,
  ///     as `reducer`, so that a store can be made on any actor for another: capture only
  ///     `Sendable` values in them.
  ///   - inspector: Receives everything the store does (see ``StoreInspector``), on the store's
  ///     actor from the first action on; the mount event comes from this initializer.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Changes the dependency values (``DependencyValues``) the store
  ///     reduces actions and starts effects with; they start as the values in force here.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure @Sendable () -> State,
    inspector: StoreInspector<State, Action>? = nil,
    @ReducerBuilder<State, Action> reducer: @Sendable () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in }
  ) {
    let root = StoreCore(
      building: initialState, reducer: reducer, prepareDependencies: prepareDependencies, isolation: nil,
      inspector: inspector)
    self.root = root
    // Mounted here, outside the actor, while nothing else can reach the core: deliveries wait
    // for the binding below, which publishes the mounted core to the actor.
    root.mount()
    root.isolation.bind(self)
  }

  /// Sends an action: the reducer updates state, then the effects it returned start.
  ///
  /// - Parameter action: What happened.
  /// - Returns: A handle on the effects this action started.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    root.send(action)
  }

  /// The current state. Reading it from outside the actor needs `State: Sendable`.
  @inlinable
  public var state: State {
    root.state
  }

  /// Reads the current state with `body`, on the actor.
  ///
  /// - Parameter body: Computes something from the state.
  /// - Returns: What `body` returns.
  public func withState<R: Sendable>(_ body: @Sendable (_ state: State) -> R) -> R {
    body(root.state)
  }

  /// Attaches `inspector` to the running store: it receives every event from the next one on
  /// (see ``StoreInspector``), beside any other inspector, until the token's
  /// ``InspectorToken/remove()`` is called. Effects already running when the store's first
  /// inspector is attached are not reported.
  ///
  /// - Parameter inspector: Receives the store's events, on the store's actor.
  /// - Returns: The token that detaches it.
  @discardableResult
  public func addInspector(_ inspector: StoreInspector<State, Action>) -> InspectorToken {
    root.addInspector(inspector)
  }

  /// Ends the feature: starts its ``Reducer/onDismount(_:)`` effects, then cancels every effect
  /// that was running, as ``Store/dismount()`` does.
  ///
  /// - Returns: The dismount effects; `await` its `finish()` to wait for them.
  @discardableResult
  public func dismount() -> StoreTask {
    root.dismount()
  }

  /// The number of effects the store is running (for leak checks in tests).
  public var runningEffectCount: Int {
    root.registry.count
  }

  /// The value at `keyPath` now and after every send that changes it, as an async sequence.
  ///
  /// The sequence ends when the store is released, and the observation stops when the
  /// iterating task ends or is cancelled. Values are buffered, so a slow consumer sees every
  /// distinct value in order.
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe, stored or computed.
  ///   - delivery: Whether to start with the current value or only later changes.
  /// - Returns: The values.
  public func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value> & Sendable,
    delivery: ObservationDelivery = .currentAndChanges
  ) -> AsyncStream<Value> {
    let path = StatePath(keyPath)
    return values(reading: path.read, delivery: delivery)
  }

  /// The values `read` makes of the state now and after every send that changes them.
  func values<Value: Equatable & Sendable>(
    reading read: @escaping (State) -> Value,
    delivery: ObservationDelivery
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream()
    var last = read(root.state)
    if delivery == .currentAndChanges { continuation.yield(last) }
    // Held only by the observer, which the core holds: released with the store, it finishes
    // the stream.
    let finisher = StreamFinisher(continuation)
    let id = root.addObserver { state in
      let value = read(state.pointee)
      guard value != last else { return }
      last = value
      finisher.continuation.yield(value)
    }
    continuation.onTermination = { [weak self] _ in
      Task { await self?.removeObserver(id) }
    }
    return stream
  }

  /// A handle for a child feature: its state is read through `toChildState`, and its actions
  /// are embedded with `embed` and sent to this store.
  ///
  /// The handle holds the store weakly: once the store is released, its sends are ignored with
  /// a runtime warning and its state reads return `nil`.
  ///
  /// ```swift
  /// let profile = store.scope(state: \.profile, action: AppFeature.Action.profile)
  /// await profile.send(.nameChanged("Blob"))
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: The path from this state to the child's.
  ///   - embed: Turns a child action into one of this store's actions.
  /// - Returns: The child's handle.
  public nonisolated func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action embed: @escaping @Sendable (ChildAction) -> Action
  ) -> ScopedStoreActor<ChildState, ChildAction> {
    ScopedStoreActor(
      send: { [weak self] action in await self?.sendFromScope(embed(action)) },
      source: ActorStateSource(store: self, path: toChildState)
    )
  }

  /// A handle for a child feature whose actions embed through a case path.
  ///
  /// - Parameters:
  ///   - toChildState: The path from this state to the child's.
  ///   - toChildAction: The case path that embeds a child action in this store's actions.
  /// - Returns: The child's handle.
  public nonisolated func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState> & Sendable,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> ScopedStoreActor<ChildState, ChildAction> {
    scope(state: toChildState, action: { toChildAction.embed($0) })
  }

  /// Sends an action a scoped handle sent.
  private func sendFromScope(_ action: Action) -> StoreTask {
    root.send(action, origin: .scopedStore)
  }

  private func removeObserver(_ id: Int) {
    root.removeObserver(id)
  }
}
