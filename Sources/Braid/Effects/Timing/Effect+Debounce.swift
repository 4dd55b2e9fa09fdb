extension Effect {
  /// This effect, started only after `duration` has passed without another debounced effect
  /// with the same id.
  ///
  /// Each new debounced effect with `id` cancels the previous one that is still waiting (or
  /// running), so only the last of a burst runs. This is how a search field waits for typing
  /// to pause:
  ///
  /// ```swift
  /// return .run { [name] send in
  ///   await send(.availabilityResponse(try await directory.isAvailable(name)))
  /// }
  /// .debounce(id: CancelID.availability, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The id that groups debounced effects; ``cancel(id:)`` with it cancels the wait.
  ///   - duration: The quiet time to wait for.
  ///   - clock: The clock to wait on. Pass a ``TestClock`` in tests.
  /// - Returns: The debounced effect.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self {
    if isNone { return self }
    let effect = self
    return Effect.run { send in
      try await clock.sleep(for: duration)
      await send.perform(effect)
    }
    .timed(EffectTiming(.debounce, interval: duration as? Duration))
    .cancellable(id: id, cancelInFlight: true)
  }
}
