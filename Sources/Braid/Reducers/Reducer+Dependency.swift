extension Reducer {
  /// This reducer, reducing with the dependency at `keyPath` set to `value`; effects it returns
  /// keep the value too.
  ///
  /// ```swift
  /// Feature()
  ///   .dependency(\.continuousClock, ImmediateClock())
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to override.
  ///   - value: The value to use.
  /// - Returns: The reducer with the override.
  @inlinable
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Reduce<State, Action> {
    let functions = makeFunctions()
    let base = functions.reduce
    let override: (() -> Effect<Action>) -> Effect<Action> = { body in
      withDependencies {
        $0.write(value, to: keyPath)
      } operation: {
        body()
      }
    }
    return Reduce(
      { state, action in override { base(&state, action) } },
      lifecycle: functions.lifecycle.wrapping(override)
    )
  }
}
