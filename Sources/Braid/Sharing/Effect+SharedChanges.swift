extension Effect {
  /// An effect that sends `transform` of each new value of `shared`, from any holder or from
  /// outside the process, until it is cancelled.
  ///
  /// ```swift
  /// case .task:
  ///   return .changes(of: state.$count, Action.countChanged).cancellable(id: CancelID.count)
  /// ```
  ///
  /// - Parameters:
  ///   - shared: The shared value to follow.
  ///   - transform: The action for a value.
  /// - Returns: The effect.
  public static func changes<Value>(
    of shared: Shared<Value>, _ transform: @escaping @Sendable (Value) -> Action
  ) -> Effect<Action> {
    let changes = shared.changes
    return .run { send in
      for await value in changes { await send(transform(value)) }
    }
  }

  /// An effect that sends `transform` of each new value that `reader` reads, until it is
  /// cancelled.
  ///
  /// - Parameters:
  ///   - reader: The shared value to follow.
  ///   - transform: The action for a value.
  /// - Returns: The effect.
  public static func changes<Value>(
    of reader: SharedReader<Value>, _ transform: @escaping @Sendable (Value) -> Action
  ) -> Effect<Action> {
    let changes = reader.changes
    return .run { send in
      for await value in changes { await send(transform(value)) }
    }
  }
}
