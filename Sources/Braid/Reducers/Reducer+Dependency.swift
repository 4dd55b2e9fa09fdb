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
    let base = makeReduceFunction()
    return Reduce { state, action in
      withDependencies {
        $0.write(value, to: keyPath)
      } operation: {
        base(&state, action)
      }
    }
  }
}
