extension Reducer {
  /// This reducer, reducing with the dependency at `keyPath` changed by `transform`; effects it
  /// returns keep the changed value too.
  ///
  /// ```swift
  /// Feature()
  ///   .transformDependency(\.apiClient) { client in
  ///     client.baseURL = stagingURL
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency to change.
  ///   - transform: Changes the value in force where the reducer runs.
  /// - Returns: The reducer with the change.
  @inlinable
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping (inout Value) -> Void
  ) -> Reduce<State, Action> {
    let functions = makeFunctions()
    let base = functions.reduce
    let override: (() -> Effect<Action>) -> Effect<Action> = { body in
      withDependencies {
        var value = $0[keyPath: keyPath]
        transform(&value)
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
