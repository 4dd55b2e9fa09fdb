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
    let base = makeReduceFunction()
    return Reduce { state, action in
      withDependencies {
        var value = $0[keyPath: keyPath]
        transform(&value)
        $0.write(value, to: keyPath)
      } operation: {
        base(&state, action)
      }
    }
  }
}
