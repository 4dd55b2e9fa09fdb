extension Reducer {
  /// After this reducer runs, runs the reducer that `reaction` builds whenever the value at
  /// `toValue` changed.
  ///
  /// ```swift
  /// Reduce(core)
  ///   .onChange(of: \.settings) { oldValue, newValue in
  ///     Reduce { state, _ in .run { _ in try await storage.save(newValue) } }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - toValue: The value to watch, stored or computed.
  ///   - reaction: Builds the reducer to run from the old and new values.
  /// - Returns: A reducer that runs this one, then the reaction when the value changed.
  @inlinable
  public func onChange<Value: Equatable, Reaction: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reaction: @escaping (_ oldValue: Value, _ newValue: Value) -> Reaction
  ) -> Reduce<State, Action> {
    let functions = makeFunctions()
    let base = functions.reduce
    return Reduce(
      { state, action in
        let oldValue = toValue(state)
        let effect = base(&state, action)
        let newValue = toValue(state)
        guard oldValue != newValue else { return effect }
        return effect.merge(with: reaction(oldValue, newValue).reduce(into: &state, action: action))
      },
      lifecycle: functions.lifecycle
    )
  }
}
