extension Reducer {
  /// Starts `effect` when the feature mounts: when its store is created, or when `ifLet`,
  /// `ifCaseLet` or `forEach` sees its state appear.
  ///
  /// A feature that subscribes to a client can start the subscription here, so nobody has to
  /// send it a `.start` action:
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .onMount { _ in client.updates().map(Action.update) }
  ///     .onDismount { _ in .send(.saveDraft) }
  /// }
  /// ```
  ///
  /// Effects started on mount belong to the feature: they are cancelled when it dismounts
  /// (after its ``onDismount(_:)`` effect has started), like every other effect it started.
  ///
  /// - Parameter effect: The effect, from the state the feature mounts with.
  /// - Returns: This reducer with the hook.
  @inlinable
  public func onMount(_ effect: @escaping (_ state: State) -> Effect<Action>) -> Reduce<State, Action> {
    let functions = makeFunctions()
    return Reduce(functions.reduce, lifecycle: functions.lifecycle.merging(Lifecycle(mount: effect)))
  }

  /// Starts `effect` when the feature mounts, and again — cancelling the previous run first —
  /// each time the value `toID` reads from the state changes.
  ///
  /// ```swift
  /// .onMount(id: \.roomID) { state in
  ///   chat.messages(in: state.roomID).map(Action.message)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - toID: The value whose changes restart the effect.
  ///   - effect: The effect, from the state when it starts.
  /// - Returns: This reducer with the hook.
  @inlinable
  public func onMount<ID: Equatable>(
    id toID: @escaping (_ state: State) -> ID,
    _ effect: @escaping (_ state: State) -> Effect<Action>
  ) -> Reduce<State, Action> {
    let functions = makeFunctions()
    let base = functions.reduce
    let runID = MountRunID()
    let run: (State) -> Effect<Action> = { state in effect(state).cancellable(id: runID, cancelInFlight: true) }
    return Reduce(
      { state, action in
        let before = toID(state)
        let baseEffect = base(&state, action)
        guard toID(state) != before else { return baseEffect }
        return baseEffect.merge(with: run(state))
      },
      lifecycle: functions.lifecycle.merging(Lifecycle(mount: run))
    )
  }

  /// Starts `effect` when the feature dismounts: when `ifLet`, `ifCaseLet` or `forEach` sees its
  /// state go, when its store is dismounted, or when its store is released.
  ///
  /// The effect starts before the feature's other effects are cancelled, and is not cancelled
  /// with them. Its actions reach the parent feature; after a store's release there is no store
  /// to reach, and they are dropped.
  ///
  /// - Parameter effect: The effect, from the state the feature had last.
  /// - Returns: This reducer with the hook.
  @inlinable
  public func onDismount(_ effect: @escaping (_ state: State) -> Effect<Action>) -> Reduce<State, Action> {
    let functions = makeFunctions()
    return Reduce(functions.reduce, lifecycle: functions.lifecycle.merging(Lifecycle(dismount: effect)))
  }
}

/// The cancellation id of one `onMount(id:)` hook's runs: an object, so each hook has its own.
@usableFromInline
final class MountRunID: Hashable, Sendable {
  @usableFromInline init() {}

  @usableFromInline static func == (lhs: MountRunID, rhs: MountRunID) -> Bool { lhs === rhs }

  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
