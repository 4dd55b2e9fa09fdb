/// A reducer made from a closure.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Reduce { state, action in
///     switch action {
///     case .tapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action: Sendable>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer that runs `reduce`.
  ///
  /// - Parameter reduce: Updates the state for an action and returns effects.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Wraps any reducer of the same state and action, keeping its once-evaluated body.
  ///
  /// - Parameter reducer: The reducer to wrap.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = reducer.makeReduceFunction()
  }

  /// Runs the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }

  /// The closure itself.
  @inlinable
  public func makeReduceFunction() -> (inout State, Action) -> Effect<Action> {
    reduce
  }
}
