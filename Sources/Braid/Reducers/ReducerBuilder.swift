/// Builds a reducer from a list of reducers that run in order on the same state, with their
/// effects merged.
///
/// Used by ``Reducer/body``, ``CombineReducers`` and every API that takes a child reducer.
/// `if`, `if`/`else`, `switch` and `for` work as in other result builders; conditions are
/// evaluated once, when the body is built, so they should depend only on the reducer's own
/// (immutable) properties, not on state.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  /// An empty body does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// A reducer in the body.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// The reducers so far, then `next`: state flows through both in order and their effects
  /// are merged.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0,
    next: R1
  ) -> Reduce<State, Action> {
    let firstFunctions = accumulated.makeFunctions()
    let secondFunctions = next.makeFunctions()
    let first = firstFunctions.reduce
    let second = secondFunctions.reduce
    return Reduce(
      { state, action in
        let firstEffect = first(&state, action)
        return firstEffect.merge(with: second(&state, action))
      },
      lifecycle: firstFunctions.lifecycle.merging(secondFunctions.lifecycle)
    )
  }

  /// An `if` without `else`.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> OptionalReducer<R> {
    OptionalReducer(reducer)
  }

  /// The `if` branch of an `if`/`else` or the first case of a `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>>(first reducer: R0) -> Reduce<State, Action> {
    Reduce(reducer)
  }

  /// The `else` branch of an `if`/`else` or a later case of a `switch`.
  @inlinable
  public static func buildEither<R1: Reducer<State, Action>>(second reducer: R1) -> Reduce<State, Action> {
    Reduce(reducer)
  }

  /// A `for` loop: each reducer runs in order.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> Reduce<State, Action> {
    let all = reducers.map { $0.makeFunctions() }
    let functions = all.map(\.reduce)
    return Reduce(
      { state, action in
        var effects: [Effect<Action>] = []
        for function in functions {
          let effect = function(&state, action)
          if !effect.isNone { effects.append(effect) }
        }
        return .merge(effects)
      },
      lifecycle: all.reduce(.none) { $0.merging($1.lifecycle) }
    )
  }

  /// An `if #available` block.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(_ reducer: R) -> Reduce<State, Action> {
    Reduce(reducer)
  }
}

/// The reducer of an `if` without `else` in a ``ReducerBuilder``: the wrapped reducer when the
/// condition held, nothing otherwise.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline
  let function: ((inout Wrapped.State, Wrapped.Action) -> Effect<Wrapped.Action>)?
  @usableFromInline
  let lifecycle: Lifecycle<Wrapped.State, Wrapped.Action>

  /// Wraps `wrapped`, evaluating its body once.
  @inlinable
  public init(_ wrapped: Wrapped?) {
    let functions = wrapped?.makeFunctions()
    function = functions?.reduce
    lifecycle = functions?.lifecycle ?? .none
  }

  /// The wrapped reducer's function and hooks, or none.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<Wrapped.State, Wrapped.Action> {
    ReducerFunctions(reduce: { self.function?(&$0, $1) ?? .none }, lifecycle: lifecycle)
  }

  /// Runs the wrapped reducer, if there is one.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    function?(&state, action) ?? .none
  }
}
