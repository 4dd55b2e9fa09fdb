extension Store {
  /// A store for a child feature whose state is computed from this store's by a function (TCA's
  /// older `scope(state:action:)` shape), for a child state no key path reaches.
  ///
  /// ```swift
  /// let rowStore = store.scope(state: { $0.rows[index] }, action: /List.Action.row)
  /// ```
  ///
  /// The function runs on every read of the child's state and on every send its observers see,
  /// so keep it cheap; prefer a key path where one exists.
  ///
  /// - Parameters:
  ///   - toChildState: Computes the child's state from this store's.
  ///   - toChildAction: The case path that embeds a child action in this store's actions.
  /// - Returns: The child store.
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping @MainActor (State) -> ChildState,
    action toChildAction: CasePath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let parentSend = sendFunction
    let parentState = stateFunction
    let parentObserve = observeFunction
    let embed = toChildAction.embedding
    return Store<ChildState, ChildAction>(
      scoped: ScopedStoreBacking(
        send: { parentSend(embed($0)) },
        state: { toChildState(parentState()) },
        observe: { notify in parentObserve { withUnsafePointer(to: toChildState($0), notify) } }
      )
    )
  }
}
