extension Effect {
  /// This effect, let through at most once per `duration` for a given id.
  ///
  /// The first throttled effect with `id` starts at once. Others arriving within `duration` of
  /// the last one that started are held back: when the window ends, the newest of them starts
  /// if `latest` is `true`, the first of them if `latest` is `false`, and the rest are dropped.
  /// Throttle state belongs to the store and child-feature instance, like cancellation ids, and
  /// ``cancel(id:)`` with `id` drops a held-back effect.
  ///
  /// ```swift
  /// case .scrolled(let offset):
  ///   return .send(.loadMoreIfNeeded(offset))
  ///     .throttle(id: CancelID.scroll, for: .milliseconds(100), clock: clock, latest: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: The id that groups throttled effects.
  ///   - duration: The minimum time between two effects that start.
  ///   - clock: The clock that measures the window. Pass a ``TestClock`` in tests.
  ///   - latest: Whether a held-back effect is the newest (`true`) or the first (`false`) one
  ///     that arrived within the window.
  /// - Returns: The throttled effect.
  public func throttle<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C,
    latest: Bool
  ) -> Self {
    if isNone { return self }
    let effect = self
    let throttleID = AnyHashableSendable(id)
    return Effect.deferred { start in
      // Decided on the main actor as the store starts each throttled effect, so arrival order
      // is send order, never the order in which tasks happen to be scheduled.
      let key = start.key(for: throttleID)
      let windows = start.throttles
      switch windows.effectArrived(id: key, at: clock.now, window: duration, latest: latest) {
      case .start:
        return effect
      case .drop:
        return .none
      case .delay(let deadline, let generation):
        return Effect.run { send in
          try await clock.sleep(until: deadline, tolerance: nil)
          if windows.delayEnded(id: key, generation: generation, at: clock.now) {
            await send.perform(effect)
          }
        }
        .timed(EffectTiming(.throttle, interval: duration as? Duration))
      }
    }
    .cancellable(id: id)
  }
}
