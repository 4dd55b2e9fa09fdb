/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.profile, action: /Action.profile) {
///     Profile()
///   }
///   Reduce { state, action in … }
/// }
/// ```
///
/// The child's state is changed in place, and its effects are mapped back into parent actions.
/// Actions that are not the child's are ignored at the cost of one case-path extraction.
public struct Scope<ParentState, ParentAction: Sendable, ChildState, ChildAction: Sendable>: Reducer {
  @usableFromInline let toChildState: StatePath<ParentState, ChildState>
  @usableFromInline let toChildAction: CasePath<ParentAction, ChildAction>
  @usableFromInline let child: (inout ChildState, ChildAction) -> Effect<ChildAction>

  /// Scopes `child` to the state at `toChildState` and the actions in `toChildAction`.
  ///
  /// - Parameters:
  ///   - toChildState: Where the child's state lives in the parent's.
  ///   - toChildAction: The case of the parent's actions that carries the child's.
  ///   - child: The child reducer. Its body is evaluated once, here.
  @inlinable
  public init<Child: Reducer<ChildState, ChildAction>>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) {
    self.toChildState = StatePath(toChildState)
    self.toChildAction = toChildAction
    self.child = child().makeReduceFunction()
  }

  /// Runs the child reducer if `action` is one of its actions.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = toChildState.modify(&state) { child(&$0, childAction) }
    if effect.isNone { return .none }
    return effect.map(toChildAction.embedding)
  }
}
