/// The decisions of one throttle window: effects arrive, held-back effects wake up, and the
/// machine says which of them start.
///
/// It is a pure value with no clock, lock or task of its own: ``ThrottleWindows`` keeps one per
/// throttle id under its lock, feeds it events with the current instant, and the throttle
/// operator performs the decision after the lock is released.
struct ThrottleStateMachine<Instant: InstantProtocol>: Sendable {
  private enum State: Sendable {
    /// No effect has started yet.
    case idle
    /// An effect started at `lastFired` and none is held back.
    case open(lastFired: Instant)
    /// An effect started at `lastFired` and the holder of `generation` waits for the window to
    /// end.
    case holding(lastFired: Instant, generation: UInt64)
  }

  /// What to do with an effect that has just arrived.
  enum ArrivalAction: Sendable, Equatable {
    /// Start it now.
    case start
    /// Drop it: an earlier effect is already held back and the window keeps the first.
    case drop
    /// Hold it back until `deadline`, then report ``delayEnded(generation:at:)`` with
    /// `generation`.
    case delay(until: Instant, generation: UInt64)
  }

  private var state = State.idle
  /// Never reset, so a held-back effect from an earlier window can never match a later one.
  private var lastGeneration: UInt64 = 0

  init() {}

  /// An effect arrived at `now`.
  ///
  /// - Parameters:
  ///   - now: The clock's current instant.
  ///   - window: The minimum time between two effects that start.
  ///   - latest: Whether a newer arrival replaces the one held back (`true`) or is dropped.
  mutating func effectArrived(at now: Instant, window: Instant.Duration, latest: Bool) -> ArrivalAction {
    switch state {
    case .idle:
      state = .open(lastFired: now)
      return .start
    case .open(let lastFired), .holding(let lastFired, _):
      if lastFired.duration(to: now) >= window {
        state = .open(lastFired: now)
        return .start
      }
      if case .holding = state, !latest {
        return .drop
      }
      lastGeneration &+= 1
      state = .holding(lastFired: lastFired, generation: lastGeneration)
      return .delay(until: lastFired.advanced(by: window), generation: lastGeneration)
    }
  }

  /// The delay of the effect held back as `generation` ended at `now`.
  ///
  /// - Returns: Whether that effect starts; `false` when a newer arrival replaced it or the
  ///   window was reopened by an arrival after it ended.
  mutating func delayEnded(generation: UInt64, at now: Instant) -> Bool {
    switch state {
    case .idle:
      preconditionFailure("Internal inconsistency: a throttled effect was held back before any started")
    case .open:
      return false
    case .holding(_, let holder):
      guard holder == generation else { return false }
      state = .open(lastFired: now)
      return true
    }
  }
}
