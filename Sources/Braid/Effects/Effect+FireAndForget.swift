extension Effect where Action == Never {
  /// This effect as an effect of any action type: how a reducer returns a client command
  /// (an `Effect<Never>`, which sends nothing back).
  ///
  /// ```swift
  /// case .refreshButtonTapped:
  ///   return locationClient.requestLocation(id: TrackerID()).fireAndForget()
  /// ```
  ///
  /// - Returns: The same work, typed for the caller's actions.
  public func fireAndForget<NewAction: Sendable>() -> Effect<NewAction> {
    map(absurd)
  }
}

/// The function from `Never`: it can never be called, so it returns any type.
@Sendable
private func absurd<A>(_ never: Never) -> A {}
