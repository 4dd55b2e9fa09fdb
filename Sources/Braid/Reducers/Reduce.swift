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
  @usableFromInline
  let lifecycle: Lifecycle<State, Action>

  /// Creates a reducer that runs `reduce`.
  ///
  /// - Parameter reduce: Updates the state for an action and returns effects.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
    self.lifecycle = .none
  }

  /// A reducer with the given function and hooks.
  package init(functions: ReducerFunctions<State, Action>) {
    self.init(functions.reduce, lifecycle: functions.lifecycle)
  }

  /// A reducer from a function and hooks, as combinators build them.
  @inlinable
  init(_ reduce: @escaping (inout State, Action) -> Effect<Action>, lifecycle: Lifecycle<State, Action>) {
    self.reduce = reduce
    self.lifecycle = lifecycle
  }

  /// Wraps any reducer of the same state and action, keeping its once-evaluated body.
  ///
  /// - Parameter reducer: The reducer to wrap.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    let functions = reducer.makeFunctions()
    self.reduce = functions.reduce
    self.lifecycle = functions.lifecycle
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

  /// The function and the hooks of the reducer this was made from.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    ReducerFunctions(reduce: reduce, lifecycle: lifecycle)
  }
}
