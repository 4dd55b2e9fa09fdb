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
    return Effect.deferred { context, registry in
      // Decided on the main actor as the store starts each throttled effect, so arrival order
      // is send order, never the order in which tasks happen to be scheduled.
      let key = context.key(for: throttleID)
      let now = clock.now
      let decision = registry.withThrottle(key) { state -> ThrottleDecision<C.Instant> in
        guard var current = state, let last = current.lastFired as? C.Instant,
          last.duration(to: now) < duration
        else {
          state = ThrottleState(lastFired: now)
          return .fire
        }
        if current.hasPending, !latest { return .drop }
        current.generation &+= 1
        current.hasPending = true
        state = current
        return .delay(until: last.advanced(by: duration), generation: current.generation)
      }
      switch decision {
      case .fire:
        return effect
      case .drop:
        return .none
      case .delay(let deadline, let generation):
        return .run { send in
          try await clock.sleep(until: deadline, tolerance: nil)
          let fires = registry.withThrottle(key) { state -> Bool in
            guard var current = state, current.generation == generation else { return false }
            current.lastFired = clock.now
            current.hasPending = false
            state = current
            return true
          }
          if fires { await send.perform(effect) }
        }
      }
    }
    .cancellable(id: id)
  }
}

extension Effect {
  /// An effect built when the store starts it, from the context and registry of that start.
  static func deferred(_ build: @escaping @MainActor @Sendable (EffectContext, EffectRegistry) -> Effect) -> Self {
    Self(operation: .deferred(build))
  }
}

enum ThrottleDecision<Instant: Sendable>: Sendable {
  case fire
  case drop
  case delay(until: Instant, generation: UInt64)
}
