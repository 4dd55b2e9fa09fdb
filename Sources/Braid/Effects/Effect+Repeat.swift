extension Effect {
  /// This effect, started again each time it completes, until it is cancelled.
  ///
  /// Give the effect a ``cancellable(id:cancelInFlight:)`` id so something can stop it:
  ///
  /// ```swift
  /// return .run { send in
  ///   try await clock.sleep(for: .seconds(1))
  ///   await send(.poll)
  /// }
  /// .repeat()
  /// .cancellable(id: CancelID.polling)
  /// ```
  ///
  /// An effect that completes at once (such as a lone ``send(_:)``) repeats as fast as the
  /// store can take its actions.
  ///
  /// - Returns: The repeating effect.
  public func `repeat`() -> Self {
    if isNone { return self }
    let effect = self
    return .run { send in
      while !Task.isCancelled {
        await send.perform(effect)
      }
    }
  }

  /// This effect run `count` times in all, each run starting when the previous one completes.
  ///
  /// - Parameter count: The total number of runs; `1` is the effect itself and `0` or less is
  ///   ``none``.
  /// - Returns: The repeated effect.
  public func `repeat`(count: Int) -> Self {
    guard count > 0 else { return .none }
    return .concatenate(Array(repeating: self, count: count))
  }
}
