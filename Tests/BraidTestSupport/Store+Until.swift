import Braid

extension Store where State: Equatable & Sendable {
  /// Waits until `condition` holds for the store's state, or `limit` of real time has passed:
  /// for tests whose peer is real (a file notification, another process, a daemon), where a
  /// test clock cannot decide when things happen. The limit only turns a hang into a failure.
  ///
  /// - Returns: Whether the condition held.
  package func until(
    within limit: Duration = .seconds(20),
    _ condition: @escaping @Sendable (State) -> Bool
  ) async -> Bool {
    let waiter = Task { @MainActor in
      for await state in self.values(of: \.self) where condition(state) { return true }
      return false
    }
    let deadline = Task {
      try? await ContinuousClock().sleep(for: limit)
      waiter.cancel()
    }
    defer { deadline.cancel() }
    return await waiter.value
  }
}

extension StoreActor where State: Equatable & Sendable {
  /// Waits until `condition` holds for the store's state, or `limit` of real time has passed,
  /// as ``Store/until(within:_:)`` does.
  ///
  /// - Returns: Whether the condition held.
  @discardableResult
  package nonisolated func until(
    within limit: Duration = .seconds(20),
    _ condition: @escaping @Sendable (State) -> Bool
  ) async -> Bool {
    let waiter = Task {
      for await state in await self.values(of: \.self) where condition(state) { return true }
      return false
    }
    let deadline = Task {
      try? await ContinuousClock().sleep(for: limit)
      waiter.cancel()
    }
    defer { deadline.cancel() }
    return await waiter.value
  }
}
