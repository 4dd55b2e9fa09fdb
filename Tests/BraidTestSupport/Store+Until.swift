import Braid

extension Store where State: Equatable & Sendable {
  /// Waits until `condition` holds for the store's state, or `limit` of real time has passed:
  /// for tests whose peer is real (a file notification, another process, a daemon), where a
  /// test clock cannot decide when things happen. The limit only turns a hang into a failure.
  ///
  /// The condition is checked by an observer, in the send that changes the state, and the
  /// waiting test is resumed once. Iterating ``Store/values(of:delivery:)`` instead takes a turn
  /// of the main actor per state: with the whole suite's main-actor tests running at once, a
  /// few hundred states took a minute in CI.
  ///
  /// - Returns: Whether the condition held.
  package func until(
    within limit: Duration = .seconds(20),
    _ condition: @escaping @Sendable (State) -> Bool
  ) async -> Bool {
    let wait = ConditionWait()
    let deadline = Task { @MainActor in
      try? await ContinuousClock().sleep(for: limit)
      wait.end(false)
    }
    defer { deadline.cancel() }
    return await withCheckedContinuation { continuation in
      wait.begin(continuation)
      // Delivers the current state at once, so a condition that already holds ends the wait.
      let token = observe(\.self) { state in
        if condition(state) { wait.end(true) }
      }
      wait.hold(token)
    }
  }
}

/// One ``Store/until(within:_:)``: resumed once, by the condition or by the deadline.
@MainActor
private final class ConditionWait {
  private var continuation: CheckedContinuation<Bool, Never>?
  private var token: ObservationToken?
  private var isEnded = false

  func begin(_ continuation: CheckedContinuation<Bool, Never>) {
    self.continuation = continuation
  }

  /// Keeps the observation until the wait ends; stops it at once when it already has.
  func hold(_ token: ObservationToken) {
    if isEnded {
      token.cancel()
    } else {
      self.token = token
    }
  }

  func end(_ held: Bool) {
    guard !isEnded else { return }
    isEnded = true
    token?.cancel()
    token = nil
    continuation?.resume(returning: held)
    continuation = nil
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
