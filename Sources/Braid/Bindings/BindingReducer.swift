/// Applies a feature's binding actions to its state: TCA's `BindingReducer()`.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///     .onChange(of: \.query) { _, query in
///       Reduce { state, _ in … }
///     }
///   Reduce { state, action in
///     switch action {
///     case .binding:
///       return .none
///     case .submitTapped:
///       …
///     }
///   }
/// }
/// ```
///
/// Put it first, so that the reducers after it see the field already set. Other actions pass
/// through untouched. As in TCA, an `onChange(of:)` that should see bound fields change goes on
/// the binding reducer itself: `onChange` compares the value before and after the reducer it
/// modifies.
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  @usableFromInline let toBinding: CasePath<Action, BindingAction<State>>

  /// The reducer that applies `Action`'s binding actions.
  @inlinable
  public init() {
    toBinding = /Action.binding
  }

  /// Sets the field a binding action names; does nothing for other actions.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBinding.extract(from: action)?.set(&state)
    return .none
  }
}
