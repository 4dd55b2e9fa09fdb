/// Several reducers run in order on the same state, their effects merged.
///
/// Useful to apply a higher-order reducer such as ``Reducer/ifLet(_:action:then:fileID:line:)``
/// to a group:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   CombineReducers {
///     Reduce(core)
///     Scope(state: \.settings, action: /Action.settings) { Settings() }
///   }
///   .onChange(of: \.settings) { _, _ in Reduce { _, _ in .send(.saveSettings) } }
/// }
/// ```
public struct CombineReducers<State, Action: Sendable>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>
  @usableFromInline
  let lifecycle: Lifecycle<State, Action>

  /// Combines the reducers built by `reducers`.
  ///
  /// - Parameter reducers: The reducers, in the order they run.
  @inlinable
  public init<R: Reducer<State, Action>>(@ReducerBuilder<State, Action> _ reducers: () -> R) {
    let functions = reducers().makeFunctions()
    self.reduce = functions.reduce
    self.lifecycle = functions.lifecycle
  }

  /// Runs the combined reducers.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }

  /// The combined function.
  @inlinable
  public func makeReduceFunction() -> (inout State, Action) -> Effect<Action> {
    reduce
  }

  /// The combined function and the hooks of every reducer, merged in order.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    ReducerFunctions(reduce: reduce, lifecycle: lifecycle)
  }
}
