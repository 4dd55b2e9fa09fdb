extension Reducer {
  /// This reducer, then `other`, on the same state; effects merged.
  ///
  /// The method spelling of a two-line ``ReducerBuilder`` block.
  ///
  /// - Parameter other: The reducer to run after this one.
  /// - Returns: The combined reducer.
  @inlinable
  public func combined<Other: Reducer<State, Action>>(with other: Other) -> Reduce<State, Action> {
    ReducerBuilder<State, Action>.buildPartialBlock(accumulated: self, next: other)
  }

  /// This reducer, working on a parent's state and actions: the method spelling of ``Scope``.
  ///
  /// ```swift
  /// let appReducer = counterReducer
  ///   .pullback(state: \AppState.counter, action: /AppAction.counter)
  ///   .combined(with: appCore)
  /// ```
  ///
  /// - Parameters:
  ///   - toChildState: Where this reducer's state lives in the parent's.
  ///   - toChildAction: The case of the parent's actions that carries this reducer's.
  /// - Returns: A reducer of the parent's state and actions.
  @inlinable
  public func pullback<ParentState, ParentAction: Sendable>(
    state toChildState: WritableKeyPath<ParentState, State>,
    action toChildAction: CasePath<ParentAction, Action>
  ) -> Scope<ParentState, ParentAction, State, Action> {
    Scope(state: toChildState, action: toChildAction) { self }
  }
}
