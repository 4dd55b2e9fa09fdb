extension Store {
  /// TCA's `store.scope(state: \.child, action: \.child)`: Braid names the action's case by its
  /// constructor.
  @available(
    *, unavailable,
    message:
      "Braid names an enum case by its constructor: write `store.scope(state: \\.child, action: /Action.child)` where TCA writes `action: \\.child`"
  )
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPathSpelled<Action>
  ) -> Store<ChildState, ChildAction> {
    fatalError("unavailable")
  }
}
