/// A reducer that changes nothing and starts nothing: the empty builder block, and a
/// placeholder while a feature takes shape.
public struct EmptyReducer<State, Action: Sendable>: Reducer {
  /// Creates the empty reducer.
  @inlinable
  public init() {}

  /// Returns ``Effect/none``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
