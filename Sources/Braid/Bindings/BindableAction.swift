/// An action enum with a `binding` case, whose binding actions ``BindingReducer`` applies:
/// TCA's `BindableAction`.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case submitTapped
/// }
/// ```
///
/// The `binding` case itself satisfies ``binding(_:)``: nothing else is written.
public protocol BindableAction: Sendable {
  /// The state whose fields the binding actions set.
  associatedtype State

  /// Wraps a binding action: the enum's `binding` case.
  ///
  /// - Parameter action: The binding action.
  /// - Returns: The action that carries it.
  static func binding(_ action: BindingAction<State>) -> Self
}
